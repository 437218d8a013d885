/**
 * The reflexive questionnaire of one impairment (requirements §4 "Questions"): which questions are
 * shown for the answers given, and how answering a question changes the answers — child
 * questions appear under a chosen option and vanish, answers included, when it is unchosen;
 * checkboxes follow the unique-option rules.
 */
import { isExclusive, parseChoices } from './answers.ts';
import { isChoiceType, questionType } from './question-types.ts';
import type { AnswerMap } from './answers.ts';
import { isAnswered, isMandatory, questionIssues } from './validation.ts';
import type { AnswerOption, AnswerValue, Impairment, Issue, Question } from './model.ts';

/** An impairment chosen in a disclosure, with the answers given to its questions. */
export interface ChosenImpairment {
  impairment: Impairment;
  answers: AnswerMap;
}

/** Lookups over one impairment's questions, built once per impairment object. */
export interface QuestionnaireIndex {
  readonly impairment: Impairment;
  /** Top-level questions (parentUuid = the impairment's uuid), by index. */
  readonly topLevel: readonly Question[];
  /** Every question by uuid. */
  readonly questions: ReadonlyMap<string, Question>;
  /** The questions each option opens, by index; options opening none are absent. */
  readonly children: ReadonlyMap<string, readonly Question[]>;
  /** For each choice question with options that open children: those options, in list order. */
  readonly opening: ReadonlyMap<string, readonly AnswerOption[]>;
}

const byIndex = (a: Question, b: Question): number => a.index - b.index;
const indexes = new WeakMap<Impairment, QuestionnaireIndex>();

/**
 * The lookups over an impairment's questions. Built on first use and kept for as long as the
 * impairment object lives, so evaluating the same impairment again costs no set-up.
 */
export function questionnaireIndex(impairment: Impairment): QuestionnaireIndex {
  const known = indexes.get(impairment);
  if (known) return known;
  const questions = new Map<string, Question>();
  const topLevel: Question[] = [];
  const children = new Map<string, Question[]>();
  for (const q of impairment.questionList) {
    questions.set(q.uuid, q);
    if (q.parentUuid === impairment.uuid) {
      topLevel.push(q);
      continue;
    }
    const siblings = children.get(q.parentUuid);
    if (siblings) siblings.push(q);
    else children.set(q.parentUuid, [q]);
  }
  topLevel.sort(byIndex);
  for (const siblings of children.values()) siblings.sort(byIndex);
  const opening = new Map<string, AnswerOption[]>();
  for (const q of impairment.questionList) {
    if (!isChoiceType(q.type)) continue;
    const options = q.answerList.filter((o) => children.has(o.uuid));
    if (options.length > 0) opening.set(q.uuid, options);
  }
  const index: QuestionnaireIndex = { impairment, topLevel, questions, children, opening };
  indexes.set(impairment, index);
  return index;
}

/** The answer recorded for a question, ignoring anything inherited from Object.prototype. */
export function answerOf(answers: AnswerMap, questionUuid: string): AnswerValue | undefined {
  return Object.hasOwn(answers, questionUuid) ? answers[questionUuid] : undefined;
}

/** Whether a choice answer includes an option (the answer read as answers.ts reads choices). */
function chose(raw: AnswerValue | undefined, optionUuid: string): boolean {
  return parseChoices(raw).includes(optionUuid);
}

function visit(
  index: QuestionnaireIndex,
  q: Question,
  answers: AnswerMap,
  fn: (q: Question) => void,
): void {
  fn(q);
  const opening = index.opening.get(q.uuid);
  if (!opening) return;
  const raw = answerOf(answers, q.uuid);
  if (raw === undefined) return;
  // The answer read once for all of its options, not once per option.
  const chosen = parseChoices(raw);
  for (const option of opening) {
    if (!chosen.includes(option.uuid)) continue;
    for (const kid of index.children.get(option.uuid)!) visit(index, kid, answers, fn);
  }
}

/**
 * Calls `fn` for every question shown for these answers, in questionnaire order: top-level
 * questions by index, each followed at once by the children of its chosen options (options in
 * answer-list order, children by index), depth first. Reads each opening answer once.
 */
export function forEachVisibleQuestion(
  impairment: Impairment,
  answers: AnswerMap,
  fn: (q: Question) => void,
): void {
  const index = questionnaireIndex(impairment);
  for (const q of index.topLevel) visit(index, q, answers, fn);
}

/** The shown subtree under one question (the question first), as {@link forEachVisibleQuestion}. */
export function forEachVisibleUnder(
  impairment: Impairment,
  question: Question,
  answers: AnswerMap,
  fn: (q: Question) => void,
): void {
  visit(questionnaireIndex(impairment), question, answers, fn);
}

/** The questions shown for these answers, in questionnaire order (see {@link forEachVisibleQuestion}). */
export function visibleQuestions(impairment: Impairment, answers: AnswerMap): Question[] {
  const shown: Question[] = [];
  forEachVisibleQuestion(impairment, answers, (q) => shown.push(q));
  return shown;
}

/**
 * The answers kept once hidden questions' answers are dropped: what is left after a choice
 * that opened children is removed. Returns the same object when nothing was hidden.
 */
export function pruneHiddenAnswers(impairment: Impairment, answers: AnswerMap): AnswerMap {
  const kept: AnswerMap = {};
  let count = 0;
  forEachVisibleQuestion(impairment, answers, (q) => {
    const raw = answerOf(answers, q.uuid);
    if (raw === undefined) return;
    kept[q.uuid] = raw;
    count++;
  });
  return count === Object.keys(answers).length ? answers : kept;
}

/**
 * The answers after setting one question's answer (`undefined` clears it). Answers of
 * questions this hides are removed with it, however deep. An unknown question changes nothing.
 */
export function setAnswer(
  impairment: Impairment,
  answers: AnswerMap,
  questionUuid: string,
  value: AnswerValue | undefined,
): AnswerMap {
  if (!questionnaireIndex(impairment).questions.has(questionUuid)) return answers;
  const next: AnswerMap = { ...answers };
  if (value === undefined) delete next[questionUuid];
  else next[questionUuid] = value;
  return pruneHiddenAnswers(impairment, next);
}

function optionOf(q: Question, optionUuid: string): AnswerOption | undefined {
  return q.answerList.find((o) => o.uuid === optionUuid);
}

/**
 * A checkbox (C) or multi-select (M) choice after one option is checked or unchecked:
 * checking an exclusive option ({@link isExclusive}) leaves it alone; checking any
 * other option clears the exclusive ones; unchecking removes just that option. Order follows
 * the answer list.
 */
export function checkboxSelection(
  q: Question,
  current: readonly string[],
  optionUuid: string,
  checked: boolean,
): string[] {
  const option = optionOf(q, optionUuid);
  if (!option) return [...current];
  if (!checked) return current.filter((uuid) => uuid !== optionUuid);
  if (isExclusive(option)) return [optionUuid];
  const keep = new Set(current);
  keep.add(optionUuid);
  return q.answerList.filter((o) => keep.has(o.uuid) && !isExclusive(o)).map((o) => o.uuid);
}

/**
 * The answers after choosing (`checked` true) or unchoosing an option of a choice question.
 * S and R replace the choice; C and M follow {@link checkboxSelection}. An empty choice clears
 * the answer; children of options no longer chosen are removed with their answers. An unknown
 * question or option changes nothing.
 */
export function chooseOption(
  impairment: Impairment,
  answers: AnswerMap,
  questionUuid: string,
  optionUuid: string,
  checked = true,
): AnswerMap {
  const q = questionnaireIndex(impairment).questions.get(questionUuid);
  if (!q || !isChoiceType(q.type) || !optionOf(q, optionUuid)) return answers;
  const current = parseChoices(answerOf(answers, questionUuid));
  let next: string[];
  if (questionType(q.type).options === 'multiple') {
    next = checkboxSelection(q, current, optionUuid, checked);
  } else if (checked) next = [optionUuid];
  else next = current.filter((uuid) => uuid !== optionUuid);
  return setAnswer(impairment, answers, questionUuid, next.length > 0 ? next : undefined);
}

/** The answers after clicking an option: chosen if it was not, unchosen if it was. */
export function toggleOption(
  impairment: Impairment,
  answers: AnswerMap,
  questionUuid: string,
  optionUuid: string,
): AnswerMap {
  const checked = !chose(answerOf(answers, questionUuid), optionUuid);
  return chooseOption(impairment, answers, questionUuid, optionUuid, checked);
}

/** The shown mandatory questions still unanswered (requirements §4: the impairment has no decision). */
export function unansweredMandatory(impairment: Impairment, answers: AnswerMap): Question[] {
  const missing: Question[] = [];
  forEachVisibleQuestion(impairment, answers, (q) => {
    if (isMandatory(q) && !isAnswered(q, answerOf(answers, q.uuid))) missing.push(q);
  });
  return missing;
}

/**
 * What needs the interviewer's attention among the shown questions, as requirements §5 checks them:
 * unanswered mandatory questions and optional T/N questions whose lines break the rules.
 * Issue paths are question uuids (or a T/N line's path).
 */
export function questionnaireIssues(impairment: Impairment, answers: AnswerMap): Issue[] {
  const issues: Issue[] = [];
  forEachVisibleQuestion(impairment, answers, (q) => {
    issues.push(...questionIssues(q, answerOf(answers, q.uuid)));
  });
  return issues;
}
