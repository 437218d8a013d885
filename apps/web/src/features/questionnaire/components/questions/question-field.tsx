import { css, type CSSObject, type SerializedStyles } from '@emotion/react';
import FormHelperText from '@mui/material/FormHelperText';
import { styled, type Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { textIn } from '@vmer/domain/languages';
import type { AnswerValue, Language, Question } from '@vmer/domain/model';
import { questionIssues } from '@vmer/domain/validation';
import { todayIso } from '@vmer/domain/decision-engine';
import { answerPlausibility } from '@vmer/domain/plausibility';
import { useAppSelector } from '../../../../app/hooks.ts';
import { selectProfile } from '../../questionnaire-slice.ts';
import { choiceDigitHandler } from '../../keyboard/choice-digits.ts';
import { sanitizeQuestionHtml } from '../../sanitize-question-html.ts';
import { OPTION_DIGIT_STYLES } from '../../keyboard/option-digit.tsx';
import { QUESTION_INPUTS } from './question-inputs.tsx';

export interface QuestionFieldProps {
  question: Question;
  /** The question's questionnaire-wide number. */
  number: number;
  answer: AnswerValue | undefined;
  language: Language;
  readOnly: boolean;
  /** The questionnaire has been checked (Next page, print…): unanswered questions show it. */
  checked: boolean;
  onChange: (answer: AnswerValue | undefined) => void;
}

/**
 * How a question's label looks, for the containers that show labels ({@link QuestionLabel}):
 * one style for all their questions, rather than styled components in each.
 */
export const QUESTION_TEXT = {
  '& .question-label': { fontWeight: 500, marginBottom: 0.5 },
  '& .question-number': { marginRight: 1 },
  '& .question-label p': { margin: 0 },
} as const;

/**
 * How the options of a choice question look (radio buttons, checkboxes): the browser's own
 * inputs in plain labels, one under the other, each label as tall as a touch target, the input
 * in the theme's colour with a visible focus ring, greyed when read-only.
 */
const OPTION_STYLES = {
  ...OPTION_DIGIT_STYLES,
  '& .options': { display: 'flex', flexDirection: 'column', alignItems: 'flex-start' },
  '& .option': {
    display: 'inline-flex',
    alignItems: 'center',
    gap: 1.5,
    minHeight: 40,
    paddingInline: 1,
    cursor: 'pointer',
  },
  '& .option input': {
    width: 20,
    height: 20,
    margin: 0,
    flexShrink: 0,
    cursor: 'inherit',
    accentColor: (theme: Theme) => theme.palette.primary.main,
  },
  '& .option input:focus-visible': {
    outline: '2px solid',
    outlineColor: 'primary.main',
    outlineOffset: 2,
  },
  '& .option:has(input:disabled)': { color: 'text.disabled', cursor: 'default' },
} as const;

/**
 * How the inputs of the other types lay out their parts: a free-text or number answer's lines
 * one under the other, each line's value, unit and remove button side by side from a tablet's
 * width up; a date's 'Exact Date?' switch beside its field there. Plain elements under this
 * stylesheet, not a layout component per line.
 */
const INPUT_LAYOUT_STYLES = {
  '& .text-lines': { display: 'flex', flexDirection: 'column', gap: 1.5 },
  '& .text-line': {
    display: 'flex',
    flexDirection: { xs: 'column', sm: 'row' },
    alignItems: 'flex-start',
    gap: 1,
  },
  '& .date-answer': {
    display: 'flex',
    flexDirection: { xs: 'column', sm: 'row' },
    alignItems: { sm: 'center' },
    gap: 2,
  },
  '& .date-field': { width: 220 },
} as const;

/**
 * The class of a question list whose questions the browser lays out and paints only near the
 * window (`content-visibility: auto`, each about 120 px tall until it has been seen once): a
 * page's 30 questions reach some 5,000 px, and the questions below the window cost the first
 * paint and every answer's frame their style, layout and paint for nothing (issue 19). They
 * stay in the page, read by screen readers and found by the browser's search. Not for the
 * one-scroll view, whose virtualiser measures its rows.
 */
export const OFFSCREEN_SKIPPED = 'offscreen-skipped';

/**
 * How the questions look on screen, for the lists that show them (the page, the one-scroll
 * view, the catalogue studio's preview): one style for all their questions. A question is a
 * plain section, not a styled component: an answer that renumbers the questions after it
 * renders them again, and each would otherwise work out its own style again. One needing an
 * answer, or whose answer cannot be true (`data-status`), is highlighted. Questions next to
 * each other are parted by a rule.
 */
const QUESTION_STYLES = {
  ...QUESTION_TEXT,
  ...OPTION_STYLES,
  ...INPUT_LAYOUT_STYLES,
  '& .question': { paddingBlock: 1.5, borderLeft: '4px solid transparent' },
  '& .question + .question': { borderTop: 1, borderTopColor: 'divider' },
  '& .question[data-status]': {
    borderLeftColor: 'error.main',
    backgroundColor: 'rgba(211, 47, 47, 0.04)',
  },
  [`&.${OFFSCREEN_SKIPPED} .question`]: {
    contentVisibility: 'auto',
    containIntrinsicSize: 'auto 120px',
  },
} as const;

const resolvedStyles = new WeakMap<Theme, SerializedStyles>();

/**
 * {@link QUESTION_STYLES} worked out against a theme once. As an `sx` prop they were worked out
 * again at every render of their list, which is every answer: the theme's values looked up and
 * every rule written out anew (issue 19, answering stays within a frame).
 */
function questionStyles(theme: Theme): SerializedStyles {
  let styles = resolvedStyles.get(theme);
  if (styles === undefined) {
    // The theme's sx gives Material UI's type for the same CSS object.
    styles = css(theme.unstable_sx(QUESTION_STYLES) as CSSObject);
    resolvedStyles.set(theme, styles);
  }
  return styles;
}

/** A list of questions: an element under {@link QUESTION_STYLES}. */
export const QuestionList = styled('div')(({ theme }) => questionStyles(theme));

/**
 * A question's number and sanitised text, which labels its answer on screen and on paper: plain
 * elements, styled by their container's {@link QUESTION_TEXT} (a page shows 30 of them, paper
 * 300).
 */
export function QuestionLabel({
  id,
  question,
  number,
  language,
}: Pick<QuestionFieldProps, 'question' | 'number' | 'language'> & { id: string }) {
  const html = useMemo(
    () => sanitizeQuestionHtml(textIn(question.question, language)),
    [question, language],
  );
  return (
    <div id={id} className="question-label">
      <span className="question-number">{number}.</span>
      <span dangerouslySetInnerHTML={{ __html: html }} />
    </div>
  );
}

/**
 * One question (requirements §3, §5): its number and sanitised text, the interviewer's guidance, the
 * input for its type, and, once the questionnaire has been checked, the empty-status
 * highlight with 'please answer the question' when it still needs an answer.
 */
export function QuestionField({
  question,
  number,
  answer,
  language,
  readOnly,
  checked,
  onChange,
}: QuestionFieldProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const issues = checked ? questionIssues(question, answer) : [];
  // I-16, I-18, I-19, I-21: an answer that cannot be true says so at once, whether checked or not.
  const birthDate = useAppSelector((state) => selectProfile(state).birthDate ?? null);
  const smokingStatus = useAppSelector((state) => selectProfile(state).smokingStatus ?? null);
  const implausible = answerPlausibility(question, answer, {
    asOf: todayIso(),
    birthDate,
    smokingStatus,
  });
  const invalid = issues.length > 0 || implausible !== null;
  const Renderer = QUESTION_INPUTS[question.type].Input;
  const guidance = question.placeholder && textIn(question.placeholder, language);
  // The question-level 'Please answer the question' says what the highlight's own message
  // already says: only a prompt that adds something (choose an answer and decision) follows.
  const prompt = issues.find(
    (i) =>
      i.path === question.uuid &&
      i.code !== 'please_answer_the_question' &&
      i.code !== 'please_answer_the_question_prompt',
  );

  return (
    <section
      className="question"
      aria-labelledby={labelId}
      data-question={question.uuid}
      data-status={issues.length > 0 ? 'empty' : implausible ? 'implausible' : undefined}
      // Digits 1–9 choose the n-th option of a choice question (I-07).
      onKeyDown={choiceDigitHandler(question, answer, readOnly, onChange)}
      style={{ paddingLeft: 16 + (question.level - 1) * 16 }}
    >
      <QuestionLabel id={labelId} question={question} number={number} language={language} />
      {guidance && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {guidance}
        </Typography>
      )}
      <Renderer
        question={question}
        answer={answer}
        language={language}
        readOnly={readOnly}
        onChange={onChange}
        labelId={labelId}
        invalid={invalid}
      />
      {issues.length > 0 && (
        <FormHelperText error role="alert">
          {t('please_answer_the_question')}
          {prompt ? ` — ${t(prompt.code)}` : ''}
        </FormHelperText>
      )}
      {implausible && (
        <FormHelperText error role="alert" data-plausibility={implausible.code}>
          {t(implausible.code, implausible.params ?? {})}
        </FormHelperText>
      )}
    </section>
  );
}
