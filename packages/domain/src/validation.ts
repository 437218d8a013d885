/**
 * Question validation (requirements §5): which questions must be answered, when an answer counts as
 * given, the T/N line rules, and the number input's filtering. Results are issues with message
 * keys (design §9.2); nothing here throws for bad input.
 */
import { isNumeric, parseTextAnswer } from './answers.ts';
import { isChoiceType, isCompleteLine, lacksValue, questionType } from './question-types.ts';
import type { AnswerValue, Issue, Question } from './model.ts';

// The numeric check is part of what a number answer is, so it lives with the answer formats;
// it is offered here too because it is a validation rule of requirements §5.
export { isNumeric } from './answers.ts';

/** A question is mandatory unless its mandatory flag is 'N' (requirements §3, §5). */
export function isMandatory(q: Question): boolean {
  return q.mandatory !== 'N';
}

/**
 * Whether an N answer has a line typed in that is not a number ('-' while typing): such an
 * answer falls in no band and keeps its condition's decision back, whether the question is
 * mandatory or not, since the server refuses it.
 */
export function hasUnreadableNumber(q: Question, raw: AnswerValue | null | undefined): boolean {
  return questionType(q.type).unreadable(q, raw);
}

/**
 * Whether a question counts as answered (requirements §5's mandatory check): S, M, R, C at least one
 * choice; D a parsed answer with a non-empty value; H and W a readable answer; T and N at least
 * one line, every line complete.
 */
export function isAnswered(q: Question, raw: AnswerValue | null | undefined): boolean {
  return questionType(q.type).isAnswered(q, raw);
}

/**
 * Spec §5's T/N line rules. Mandatory: as {@link isAnswered}. Optional: no lines is fine; a
 * single line is fine when value and unit are both blank or it is complete; several lines must
 * all be complete. Other types always pass.
 */
export function entriesValid(q: Question, raw: AnswerValue | null | undefined): boolean {
  if (!questionType(q.type).lines) return true;
  if (isMandatory(q)) return isAnswered(q, raw);
  const lines = parseTextAnswer(raw);
  const [only] = lines;
  if (only && lines.length === 1) {
    return (only.value.trim() === '' && only.unit.trim() === '') || isCompleteLine(q, only);
  }
  return lines.every((line) => isCompleteLine(q, line));
}

/** The path of one T/N line's issue: the question uuid and the line's index. */
export function linePath(questionUuid: string, index: number): string {
  return `${questionUuid}[${index}]`;
}

/**
 * What is wrong with a question's answer, as message keys (requirements §5, design §8). A mandatory
 * question left unanswered, or an optional T/N question whose lines break the rules, gets
 * 'please_answer_the_question' (the question's highlight) plus a prompt: for a choice question
 * 'please_choose_an_answer_and_decision'; for a T/N line with a value and no unit
 * 'please_select_a_unit' on that line; for any other blank line or free-form answer
 * 'please_answer_the_question_prompt'. Question-level issues carry the question uuid as path,
 * line-level ones {@link linePath}.
 */
export function questionIssues(q: Question, raw: AnswerValue | null | undefined): Issue[] {
  const fine = isMandatory(q) ? isAnswered(q, raw) : entriesValid(q, raw);
  if (fine) return [];

  const issues: Issue[] = [{ code: 'please_answer_the_question', path: q.uuid }];
  if (isChoiceType(q.type)) {
    issues.push({ code: 'please_choose_an_answer_and_decision', path: q.uuid });
    return issues;
  }
  const lines = questionType(q.type).lines ? parseTextAnswer(raw) : [];
  if (lines.length === 0) {
    issues.push({ code: 'please_answer_the_question_prompt', path: q.uuid });
    return issues;
  }
  lines.forEach((line, index) => {
    if (isCompleteLine(q, line)) return;
    const code = lacksValue(q, line) ? 'please_answer_the_question_prompt' : 'please_select_a_unit';
    issues.push({ code, path: linePath(q.uuid, index) });
  });
  return issues;
}

/**
 * What a number input lets through as it is typed (requirements §5): an optional leading minus, digits
 * and one decimal point; every other character is dropped.
 */
export function filterNumberInput(s: string): string {
  let out = '';
  let hasPoint = false;
  for (const ch of s) {
    if (ch >= '0' && ch <= '9') out += ch;
    else if (ch === '-' && out === '') out += ch;
    else if (ch === '.' && !hasPoint) {
      out += ch;
      hasPoint = true;
    }
  }
  return out;
}

/**
 * A number input's value when it loses focus (requirements §5, design §8): kept when it passes the
 * numeric check, otherwise cleared, negative numbers included.
 */
export function numberOnBlur(s: string): string {
  return isNumeric(s) ? s : '';
}
