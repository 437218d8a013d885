import type { KeyboardEvent } from 'react';
import { parseChoices } from '@vmer/domain/answers';
import type { AnswerValue, Question } from '@vmer/domain/model';
import { checkboxSelection } from '@vmer/domain/questionnaire';
import { questionType } from '@vmer/domain/question-types';
import { isTextEntry, optionDigit } from './shortcuts.ts';

/** Options beyond the ninth have no digit (I-07). */
export const DIGIT_OPTIONS = 9;

/**
 * The answer after choosing the n-th option (1-based) of a choice question, as a click on it
 * gives (I-07): a single choice (S, R) takes it, a multiple choice (C, M) toggles it under the
 * exclusive-option rule of checkboxes (the domain's checkboxSelection). `unchanged` when the
 * question has no options or no n-th option, or the single choice already holds it.
 */
function digitAnswer(
  question: Question,
  answer: AnswerValue | undefined,
  n: number,
): { answer: AnswerValue | undefined } | 'unchanged' {
  const kind = questionType(question.type).options;
  const option = question.answerList[n - 1];
  if (kind === null || option === undefined || n > DIGIT_OPTIONS) return 'unchanged';
  const chosen = parseChoices(answer);
  if (kind === 'single') return chosen[0] === option.uuid ? 'unchanged' : { answer: [option.uuid] };
  const next = checkboxSelection(question, chosen, option.uuid, !chosen.includes(option.uuid));
  return { answer: next.length > 0 ? next : undefined };
}

/**
 * The key handler of a choice question's block (I-07): digit n answers as a click on its n-th
 * option, through the question's own onChange (the screen records it and decides again);
 * Enter on a radio button or checkbox clicks it (I-06).
 * Ignored while a text field has the focus, with Ctrl, Alt or ⌘, and when read-only. On a radio
 * button or checkbox, focus follows to the option chosen, as a click would put it there.
 */
export function choiceDigitHandler(
  question: Question,
  answer: AnswerValue | undefined,
  readOnly: boolean,
  onChange: (answer: AnswerValue | undefined) => void,
): ((event: KeyboardEvent<HTMLElement>) => void) | undefined {
  if (readOnly || questionType(question.type).options === null) return undefined;
  return (event) => {
    const target = event.target;
    const option =
      target instanceof HTMLInputElement && (target.type === 'radio' || target.type === 'checkbox')
        ? target
        : null;
    // Enter chooses the radio button or checkbox it is on, as Space does (I-06).
    if (event.key === 'Enter' && option && !event.defaultPrevented) {
      event.preventDefault();
      option.click();
      return;
    }
    const n = optionDigit(event);
    if (n === null || event.defaultPrevented || isTextEntry(event.target)) return;
    const outcome = digitAnswer(question, answer, n);
    event.preventDefault();
    if (outcome !== 'unchanged') onChange(outcome.answer);
    if (option) {
      const inputs = event.currentTarget.querySelectorAll<HTMLInputElement>(
        `input[type="${option.type}"]`,
      );
      inputs[n - 1]?.focus();
    }
  };
}
