/**
 * Edits of a condition file's question tree as pure functions over its source data
 * (docs/catalogue.md "An impairment file"): a question is found by a path of indexes,
 * alternately a question in its list and an option of that question, so `[2]` is the third
 * top-level question and `[2, 1, 0]` the first child question under its second option.
 */
import type {
  ImpairmentFile,
  SourceBand,
  SourceOption,
  SourceQuestion,
} from '@vmer/domain/catalog/source-schema';
import type { Bilingual, Decision, Indicator, QuestionType } from '@vmer/domain/model';
import { questionType } from '@vmer/domain/question-types';

/** Question, option, question… indexes from the top of the file. */
export type TreePath = readonly number[];

/** The list of questions a path's last question sits in, changed by `change`. */
function withList(
  questions: readonly SourceQuestion[],
  listPath: TreePath,
  change: (list: SourceQuestion[]) => SourceQuestion[],
): SourceQuestion[] {
  if (listPath.length === 0) return change([...questions]);
  const [qi, oi, ...rest] = listPath;
  return questions.map((q, i) =>
    i !== qi
      ? q
      : {
          ...q,
          options: (q.options ?? []).map((o, j) =>
            j !== oi ? o : withChildren(o, withList(o.questions ?? [], rest, change)),
          ),
        },
  );
}

/** An option with these child questions; without any it has neither children nor decision. */
function withChildren(option: SourceOption, questions: SourceQuestion[]): SourceOption {
  const { questions: _old, ...rest } = option;
  return questions.length > 0 ? { ...rest, questions } : rest;
}

/** The file with one question changed (the question at `path`). */
export function updateQuestion(
  file: ImpairmentFile,
  path: TreePath,
  change: (q: SourceQuestion) => SourceQuestion,
): ImpairmentFile {
  const index = path.at(-1)!;
  return {
    ...file,
    questions: withList(file.questions, path.slice(0, -1), (list) =>
      list.map((q, i) => (i === index ? change(q) : q)),
    ),
  };
}

/** The file with the question at `path` removed. */
export function removeQuestion(file: ImpairmentFile, path: TreePath): ImpairmentFile {
  const index = path.at(-1)!;
  return {
    ...file,
    questions: withList(file.questions, path.slice(0, -1), (list) =>
      list.filter((_, i) => i !== index),
    ),
  };
}

/** The file with the question at `path` swapped with its neighbour before (-1) or after (+1). */
export function moveQuestion(file: ImpairmentFile, path: TreePath, by: -1 | 1): ImpairmentFile {
  const index = path.at(-1)!;
  return {
    ...file,
    questions: withList(file.questions, path.slice(0, -1), (list) => moved(list, index, by)),
  };
}

/** The file with `question` added at the end of the list under `listPath` ([] = top level). */
export function addQuestion(
  file: ImpairmentFile,
  listPath: TreePath,
  question: SourceQuestion,
): ImpairmentFile {
  if (listPath.length === 0) return { ...file, questions: [...file.questions, question] };
  const optionIndex = listPath.at(-1)!;
  return updateQuestion(file, listPath.slice(0, -1), (q) => ({
    ...q,
    options: (q.options ?? []).map((o, j) => {
      if (j !== optionIndex) return o;
      // An option opens children instead of deciding: its decision goes.
      const { decision: _decision, ...rest } = o;
      return { ...rest, questions: [...(o.questions ?? []), question] };
    }),
  }));
}

/** A list with the item at `index` swapped with its neighbour; unchanged at either end. */
export function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const other = index + by;
  if (other < 0 || other >= list.length) return [...list];
  const next = [...list];
  [next[index], next[other]] = [next[other]!, next[index]!];
  return next;
}

/** Every uuid the file uses: groups, questions and options, however deep. */
export function uuidsOf(file: ImpairmentFile): Set<string> {
  const seen = new Set<string>([file.uuid, ...file.groups.map((g) => g.uuid)]);
  const visit = (questions: readonly SourceQuestion[]) => {
    for (const q of questions) {
      seen.add(q.uuid);
      for (const o of q.options ?? []) {
        seen.add(o.uuid);
        visit(o.questions ?? []);
      }
    }
  };
  visit(file.questions);
  return seen;
}

/** `base-1`, `base-2`…: the first not yet taken. */
export function freshUuid(taken: ReadonlySet<string>, base: string): string {
  for (let n = 1; ; n++) {
    const uuid = `${base}-${n}`;
    if (!taken.has(uuid)) return uuid;
  }
}

/** A decision of `value` for every indicator. */
function decisionOf(indicators: readonly Indicator[], value: string): Decision {
  return Object.fromEntries(indicators.map(({ code }) => [code, value]));
}

/** The texts a new question or option starts with, to be rewritten by the author. */
export interface NewTexts {
  question: Bilingual;
  option: (n: number) => Bilingual;
}

/** A new option, deciding standard terms ("0") for every indicator until changed. */
export function newOption(
  taken: Set<string>,
  questionUuid: string,
  label: Bilingual,
  indicators: readonly Indicator[],
): SourceOption {
  const uuid = freshUuid(taken, questionUuid);
  taken.add(uuid);
  return { uuid, label, decision: decisionOf(indicators, '0') };
}

/** A new radio question with two options, so that the file stays sound as it is added. */
export function newQuestion(
  file: ImpairmentFile,
  texts: NewTexts,
  indicators: readonly Indicator[],
  group: string | undefined,
): SourceQuestion {
  const taken = uuidsOf(file);
  const uuid = freshUuid(taken, file.uuid);
  taken.add(uuid);
  return {
    uuid,
    type: 'R',
    ...(group ? { group } : {}),
    question: texts.question,
    options: [1, 2].map((n) => newOption(taken, uuid, texts.option(n), indicators)),
  };
}

/**
 * A question retyped: fields its new type cannot take are dropped (options of a free-form
 * question, units, bounds, bands of another kind), and a choice question gains two options
 * if it had none.
 */
export function retyped(
  q: SourceQuestion,
  type: QuestionType,
  fill: () => SourceOption[],
): SourceQuestion {
  const before = questionType(q.type);
  const after = questionType(type);
  const { options, units, min, max, bands, ...rest } = q;
  return {
    ...rest,
    type,
    ...(after.options ? { options: options && options.length > 0 ? options : fill() } : {}),
    ...(after.units && units ? { units } : {}),
    ...(after.bounds && min !== undefined ? { min } : {}),
    ...(after.bounds && max !== undefined ? { max } : {}),
    ...(after.bands && after.bands === before.bands && bands ? { bands } : {}),
  };
}

/** Whether an option opens child questions, which removing it would remove too. */
export function optionHasChildren(option: SourceOption): boolean {
  return (option.questions ?? []).length > 0;
}

/** Whether a question has child questions under its options, which removing it would remove. */
export function questionHasChildren(q: SourceQuestion): boolean {
  return (q.options ?? []).some(optionHasChildren);
}

/** A new band for a question: the open-ended last one, deciding standard terms. */
export function newBand(indicators: readonly Indicator[]): SourceBand {
  return { decision: decisionOf(indicators, '0') };
}
