import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { textIn } from '@vmer/domain/languages';
import { parseChoices } from '@vmer/domain/answers';
import type { AnswerValue, ExclusionWording, Language, Question } from '@vmer/domain/model';
import { exclusionCodesOf } from '@vmer/domain/decision-engine';
import { answerOf } from '@vmer/domain/questionnaire';
import { answerLines } from '@vmer/domain/question-types';
import { TitledSection } from '../../../components/titled-section.tsx';
import { profileFacts } from '../profile-facts.ts';
import { useDisclosureModel } from '../use-disclosure-model.ts';
import { DecisionSummary } from './decision-summary.tsx';
import { QUESTION_TEXT, QuestionLabel } from './questions/question-field.tsx';
import { QUESTION_INPUTS } from './questions/question-inputs.tsx';

export function PrintedSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <TitledSection title={title} heading="h2">
      {children}
    </TitledSection>
  );
}

interface PrintedAnswerProps {
  question: Question;
  answer: AnswerValue | undefined;
  language: Language;
  labelId: string;
}

/** The marks of an option on paper, chosen or not: text, as the radio buttons and checkboxes read. */
const MARKS = { radios: ['◉', '○'], checkboxes: ['☑', '☐'] } as const;

/**
 * How the printed questions look: one stylesheet for all of them, on the printed disclosure, so
 * that 300 questions are plain elements with class names rather than styled components, each
 * with its own style to work out (issue 19: every question painted at once).
 */
const PRINTED_QUESTIONS = {
  ...QUESTION_TEXT,
  '& .printed-question': { paddingBlock: '6px', breakInside: 'avoid' },
  '& .printed-options': { listStyle: 'none', margin: 0, padding: 0 },
  '& .printed-options > li, & .printed-line, & .printed-unanswered': {
    typography: 'body2',
    margin: 0,
  },
  '& .printed-options > li': { display: 'flex', alignItems: 'center', gap: 1 },
  '& .printed-options > li[aria-checked="true"], & .printed-line': { fontWeight: 600 },
  '& .printed-mark': { width: '1.25em', textAlign: 'center' },
  '& .printed-line': { whiteSpace: 'pre-wrap' },
  '& .printed-unanswered': { fontStyle: 'italic' },
} as const;

/**
 * An answer as text on paper. Radio and checkbox questions list every option as the screen
 * does, the chosen ones marked (and exposed as checked, read-only); the others print their
 * answer lines: option labels, values with units, dates, measures.
 */
function PrintedAnswer({ question, answer, language, labelId }: PrintedAnswerProps) {
  const { t } = useTranslation();
  const printed = QUESTION_INPUTS[question.type].printed;
  if (printed !== 'lines') {
    const chosen = parseChoices(answer);
    const single = printed === 'radios';
    const [checked, unchecked] = MARKS[printed];
    return (
      <ul
        className="printed-options"
        role={single ? 'radiogroup' : 'group'}
        aria-labelledby={labelId}
        aria-readonly={single ? true : undefined}
      >
        {question.answerList.map((option) => {
          const on = chosen.includes(option.uuid);
          return (
            <li
              key={option.uuid}
              role={single ? 'radio' : 'checkbox'}
              aria-checked={on}
              aria-readonly={single ? undefined : true}
            >
              <span className="printed-mark" aria-hidden>
                {on ? checked : unchecked}
              </span>
              {textIn(option.label, language)}
            </li>
          );
        })}
      </ul>
    );
  }
  const lines = answerLines(question, answer, language);
  return (
    <div role="group" aria-labelledby={labelId}>
      {lines.length === 0 ? (
        <p className="printed-unanswered">{t('mer.print.unanswered')}</p>
      ) : (
        lines.map((line, i) => (
          <p key={i} className="printed-line">
            {line}
          </p>
        ))
      )}
    </div>
  );
}

function PrintedQuestion({
  question,
  number,
  answer,
  language,
}: Omit<PrintedAnswerProps, 'labelId'> & { number: number }) {
  const labelId = useId();
  return (
    <section
      className="printed-question"
      aria-labelledby={labelId}
      data-question={question.uuid}
      style={{ paddingLeft: (question.level - 1) * 24 }}
    >
      <QuestionLabel id={labelId} question={question} number={number} language={language} />
      <PrintedAnswer question={question} answer={answer} language={language} labelId={labelId} />
    </section>
  );
}

/**
 * The wording of each exclusion the decisions name, as the spreadsheet lists them: those of
 * the disclosure's catalogue version.
 */
function PrintedExclusions({
  codes,
  wordings,
  language,
}: {
  codes: string[];
  wordings: readonly ExclusionWording[];
  language: Language;
}) {
  const { t } = useTranslation();
  if (codes.length === 0) return null;
  const wordingOf = (code: string) => {
    const exclusion = wordings.find((w) => w.code === code);
    return exclusion ? textIn(exclusion.wording, language) : '';
  };
  return (
    <TitledSection title={t('mer.print.exclusions')} sx={{ breakInside: 'avoid' }}>
      <Table size="small">
        <TableBody>
          {codes.map((code) => (
            <TableRow key={code}>
              <TableCell component="th" scope="row" sx={{ width: '15%' }}>
                {code}
              </TableCell>
              <TableCell>{wordingOf(code)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TitledSection>
  );
}

/**
 * Each condition's decision per benefit with what drove it, listed as paper shows it, then the
 * exclusions' wordings: the end of the printed and of the readable disclosure alike.
 */
export function PrintedOutcome({
  model,
  Decisions,
}: {
  model: ReturnType<typeof useDisclosureModel>;
  /** The decisions' table: as printed, or with a reviewer's overrides. */
  Decisions: ComponentType<ComponentProps<typeof DecisionSummary>>;
}) {
  return (
    <>
      <Decisions
        chosen={model.questionnaire.chosen}
        decisions={model.decisions}
        consolidated={model.consolidated}
        indicators={model.indicators}
        numbers={model.numbers}
        language={model.language}
        drivers="listed"
      />
      <PrintedExclusions
        codes={exclusionCodesOf(model.decisions)}
        wordings={model.exclusions}
        language={model.language}
      />
    </>
  );
}

/**
 * The whole disclosure as paper shows it (requirements §1, M-23): the profile, the chosen conditions,
 * every page's shown questions with their answers as text, each condition's decision per
 * indicator with what drove it, the consolidated one and the exclusions' wordings. Built from
 * the domain's pages and decisions, as the screen is, but with no inputs.
 */
export function PrintedDisclosure() {
  const { t } = useTranslation();
  const model = useDisclosureModel();
  const { questionnaire, pages, language } = model;
  const { chosen } = questionnaire;
  const facts = profileFacts(model, t);

  return (
    <Stack spacing={3} sx={PRINTED_QUESTIONS}>
      <Typography component="h1" variant="h5">
        {t('mer.screen.title')}
      </Typography>
      <PrintedSection title={t('mer.basic.title')}>
        <Table size="small" sx={{ maxWidth: 640 }}>
          <TableBody>
            {facts.map(([label, value]) => (
              <TableRow key={label}>
                <TableCell component="th" scope="row" sx={{ width: '40%' }}>
                  {label}
                </TableCell>
                <TableCell>{value}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </PrintedSection>
      <PrintedSection title={t('mer.conditions.title')}>
        <Box component="ul" aria-label={t('mer.conditions.chosen')} sx={{ m: 0, pl: 3 }}>
          {chosen.map(({ impairment }) => (
            <Typography key={impairment.uuid} component="li" variant="body2">
              {textIn(impairment.name, language)}
            </Typography>
          ))}
        </Box>
      </PrintedSection>
      <PrintedSection title={t('mer.disclosure.title')}>
        <Stack spacing={2}>
          {pages.map((page) => {
            const answers = chosen.find((c) => c.impairment.uuid === page.impairmentUuid)?.answers;
            return (
              <Box key={page.index}>
                <Typography
                  component="h3"
                  variant="subtitle1"
                  sx={{ fontWeight: 600, breakAfter: 'avoid' }}
                >
                  {page.label}
                </Typography>
                {page.questionList.map((q, i) => (
                  <PrintedQuestion
                    key={q.uuid}
                    question={q}
                    number={page.firstQuestionNumber + i}
                    answer={answers && answerOf(answers, q.uuid)}
                    language={language}
                  />
                ))}
              </Box>
            );
          })}
          <PrintedOutcome model={model} Decisions={DecisionSummary} />
        </Stack>
      </PrintedSection>
    </Stack>
  );
}
