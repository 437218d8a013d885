import type { AnswerValue, Language, Question } from '@vmer/domain/model';

/** What every question renderer takes: a controlled input over one question's answer. */
export interface QuestionInputProps {
  question: Question;
  /** The recorded answer; undefined while unanswered. */
  answer: AnswerValue | undefined;
  language: Language;
  /** View mode: every input disabled. */
  readOnly: boolean;
  /** The new answer; undefined clears it. */
  onChange: (answer: AnswerValue | undefined) => void;
  /** The id of the element holding the question text, for aria-labelledby. */
  labelId: string;
  /** The question is highlighted as needing an answer. */
  invalid: boolean;
}
