import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { memo, useCallback, useEffect, useId, useMemo, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { AnswerMap } from '@vmer/domain/answers';
import { compileImpairment } from '@vmer/domain/catalog/compile';
import { impairmentFileSchema, type CaseAnswer } from '@vmer/domain/catalog/source-schema';
import { formatDecision, todayIso } from '@vmer/domain/decision-engine';
import { caseAnswersOf } from '@vmer/domain/catalog/cases';
import { evaluateCondition } from '@vmer/domain/evaluation';
import { LANGUAGE_CODES, LANGUAGE_TABLE, textIn } from '@vmer/domain/languages';
import type { AnswerValue, Impairment, Indicator, Language } from '@vmer/domain/model';
import { buildPages, questionNumbers } from '@vmer/domain/paging';
import { answerOf, setAnswer } from '@vmer/domain/questionnaire';
import { addScreenTexts, loadLanguage } from '../../../lib/i18n.ts';
import { conditionPreviewTexts } from './locales.ts';
import { usePreviewParts, type PreviewParts } from './preview-parts.tsx';

// The preview's texts travel with its chunk.
addScreenTexts(conditionPreviewTexts);

export interface ConditionPreviewProps {
  /** The condition file's parsed source data, as it stands in the editor: possibly invalid. */
  file: unknown;
  /** The draft's indicators, in display order. */
  indicators: readonly Indicator[];
  /** The language the preview opens in; it has its own switch afterwards. */
  language: Language;
  /**
   * Offered as "save these answers as a regression case": the shown answers as a case writes
   * them, and the decision per indicator as `expect` writes it (empty while there is none).
   */
  onAddCase?: (answers: Record<string, CaseAnswer>, decisions: Record<string, string>) => void;
}

/** How long the file stays unchanged before the preview follows it. */
const SETTLE_MS = 250;

/**
 * The file once typing pauses: compiling a long condition and rendering its questions at every
 * key stroke would slow the typing in the editor beside.
 */
function useSettled(file: unknown): unknown {
  const [settled, setSettled] = useState(file);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(file), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [file]);
  return settled;
}

/** The condition compiled as the questionnaire reads it, or null while the file is not sound. */
function compiled(file: unknown, indicators: readonly Indicator[]): Impairment | null {
  const parsed = impairmentFileSchema.safeParse(file);
  if (!parsed.success) return null;
  try {
    return compileImpairment(parsed.data, indicators);
  } catch {
    // A question naming a group the file does not have: lint reports it beside the editor.
    return null;
  }
}

/**
 * A live preview of one condition (requirements K-07): its questions in the questionnaire's
 * own components, answerable here without touching any disclosure, child questions shown as
 * their options are chosen, and the decision table with its reasons recomputed by the same
 * engine at every answer, in a language of its own.
 */
export function ConditionPreview({ file, indicators, language, onAddCase }: ConditionPreviewProps) {
  const { t, i18n } = useTranslation();
  const parts = usePreviewParts();
  const [shown, setShown] = useState<Language>(language);
  const [answers, setAnswers] = useState<AnswerMap>({});
  const [saved, setSaved] = useState(false);
  const titleId = useId();
  const shownFile = useSettled(file);
  const impairment = useMemo(() => compiled(shownFile, indicators), [shownFile, indicators]);
  // The questionnaire's components speak the preview's language, whatever the interface's.
  const previewI18n = useMemo(
    () => i18n.cloneInstance({ lng: shown, initAsync: false }),
    [i18n, shown],
  );

  const onAnswer = useCallback(
    (questionUuid: string, answer: AnswerValue | undefined) => {
      if (!impairment) return;
      setSaved(false);
      setAnswers((current) => setAnswer(impairment, current, questionUuid, answer));
    },
    [impairment],
  );

  const choose = (next: Language | null) => {
    if (!next) return;
    void loadLanguage(next).then(() => setShown(next));
  };

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      data-testid="condition-preview"
      sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}
      >
        <Typography component="h2" variant="h6" id={titleId}>
          {t('conditionPreview.title')}
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={shown}
          onChange={(_, next: Language | null) => choose(next)}
          aria-label={t('conditionPreview.language')}
        >
          {LANGUAGE_CODES.map((code) => (
            <ToggleButton key={code} value={code} lang={LANGUAGE_TABLE[code].htmlLang}>
              {LANGUAGE_TABLE[code].name}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      {!parts ? (
        <Alert severity="info">{t('conditionPreview.unavailable')}</Alert>
      ) : !impairment ? (
        <Alert severity="warning" data-preview="invalid">
          {t('conditionPreview.invalid')}
        </Alert>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('conditionPreview.intro')}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1, mb: 1 }} useFlexGap>
            <Button
              variant="outlined"
              size="small"
              onClick={() => {
                setAnswers({});
                setSaved(false);
              }}
            >
              {t('conditionPreview.reset')}
            </Button>
            {onAddCase && (
              <Button
                variant="outlined"
                size="small"
                disabled={Object.keys(answers).length === 0}
                onClick={() => {
                  const [decision] = evaluateCondition(
                    impairment,
                    answers,
                    indicators.map(({ code }) => code),
                    todayIso(),
                  ).decisions;
                  onAddCase(caseAnswersOf(impairment, answers), formatDecision(decision!));
                  setSaved(true);
                }}
              >
                {t('conditionPreview.saveCase')}
              </Button>
            )}
          </Stack>
          {saved && (
            <Alert severity="success" sx={{ mb: 1 }}>
              {t('conditionPreview.caseSaved')}
            </Alert>
          )}
          <I18nextProvider i18n={previewI18n}>
            <Box lang={LANGUAGE_TABLE[shown].htmlLang}>
              <PreviewBody
                parts={parts}
                impairment={impairment}
                indicators={indicators}
                language={shown}
                answers={answers}
                onAnswer={onAnswer}
              />
            </Box>
          </I18nextProvider>
        </>
      )}
    </Paper>
  );
}

interface PreviewBodyProps {
  parts: PreviewParts;
  impairment: Impairment;
  indicators: readonly Indicator[];
  language: Language;
  answers: AnswerMap;
  onAnswer: (questionUuid: string, answer: AnswerValue | undefined) => void;
}

/**
 * The questions page by page, under their group headers, then the decision table. Rendered
 * again only when the condition, the answers or the language change.
 */
const PreviewBody = memo(function PreviewBody({
  parts: { Question, QuestionList, Decisions },
  impairment,
  indicators,
  language,
  answers,
  onAnswer,
}: PreviewBodyProps) {
  const { t } = useTranslation();
  const chosen = useMemo(() => [{ impairment, answers }], [impairment, answers]);
  const pages = useMemo(() => buildPages(chosen, language), [chosen, language]);
  const numbers = useMemo(() => questionNumbers(pages), [pages]);
  const codes = useMemo(() => indicators.map(({ code }) => code), [indicators]);
  const { decisions, consolidated } = useMemo(
    () => evaluateCondition(impairment, answers, codes, todayIso()),
    [impairment, answers, codes],
  );

  return (
    <>
      {pages.map((page) => (
        <QuestionList key={page.index} as="section" aria-label={page.label} sx={{ mb: 1 }}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mt: 1 }}>
            {textIn(page.group.header, language)}
          </Typography>
          {page.questionList.map((question, i) => (
            <Question
              key={question.uuid}
              question={question}
              number={page.firstQuestionNumber + i}
              answer={answerOf(answers, question.uuid)}
              language={language}
              readOnly={false}
              checked={false}
              onChange={(answer) => onAnswer(question.uuid, answer)}
            />
          ))}
        </QuestionList>
      ))}
      {/* In the preview's narrow column the decision table may be wider than the column: this
          region scrolls it, and takes the keyboard's focus so that it can be scrolled without
          a mouse; the table inside keeps its full width. */}
      <Box
        tabIndex={0}
        role="region"
        aria-label={t('conditionPreview.decisionsRegion')}
        sx={{
          overflowX: 'auto',
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
        }}
      >
        <Decisions
          chosen={chosen}
          decisions={decisions}
          consolidated={consolidated}
          indicators={indicators}
          numbers={numbers}
          language={language}
          scrolls={false}
        />
      </Box>
    </>
  );
});
