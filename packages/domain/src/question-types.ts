/**
 * The nine question types (requirements §3 "Answer formats"), each declared once: the shape of
 * its answer in the disclosure document, how a raw answer is read, when it counts as answered,
 * what it is measured on against bands (the decision of a free-form answer; a choice decides
 * by its options), how it reads as text on paper and in a spreadsheet cell, how a catalogue
 * regression case writes it, and which catalogue features (options, units, bands) it takes.
 * Everything else looks a type up here instead of switching on it; docs/extending.md shows how
 * to add one.
 */
import { z } from 'zod';
import {
  DATE_MAX,
  DATE_MIN,
  MAX_ANSWER_LINES,
  isExclusive,
  isRealIsoDate,
  monthsBetween,
  parseChoices,
  parseDateAnswer,
  parseHeight,
  parseNumber,
  parseTextAnswer,
  parseWeight,
  serializeHeight,
  serializeWeight,
} from './answers.ts';
import { dateText, heightText, weightText } from './answer-text.ts';
import {
  WEIGHT_UNITS,
  dateAnswerSchema,
  textAnswerSchema,
  type AnswerValue,
  type Issue,
  type Language,
  type Question,
  type QuestionType,
  type TextEntry,
} from './model.ts';
import { cmToFtInch, kgToLb, unitLabel } from './units.ts';
import { textIn } from './languages.ts';

/** Makes an issue about one question's answer, its uuid as path and in the params. */
type IssueOf = (code: string, params?: Record<string, string | number>) => Issue;

/** What one question type is, in every place that needs to know. */
export interface QuestionTypeDefinition {
  type: QuestionType;
  /** The answer as the disclosure document carries it (a blank answer included). */
  answerSchema: z.ZodType<AnswerValue>;
  /** Answered by choosing options: one ('single', S R) or several ('multiple', C M); null otherwise. */
  options: 'single' | 'multiple' | null;
  /** Answered in lines of `{value, unit}` (T and N), with the line rules of requirements §5. */
  lines: boolean;
  /** The catalogue may give it units. */
  units: boolean;
  /** The only units the catalogue may give it, named for a message; null: any. */
  unitChoices: { name: string; list: readonly string[] } | null;
  /** The catalogue may give it bands: on a number, or on whole months (D); null: no bands. */
  bands: 'number' | 'months' | null;
  /**
   * The catalogue may give it `min` and `max`, the plausible numbers (requirements I-19): on N
   * the number, on H cm and on W kg (which otherwise keep the body's bounds, I-18).
   */
  bounds: boolean;
  /**
   * What the plausibility rule holds its answer against (requirements I-16 to I-21): a date
   * (not after today, not before birth), a height or a weight (the body's bounds unless the
   * question gives its own), number lines (the question's min/max), chosen options (the
   * smoking status), or nothing.
   */
  plausibility: 'date' | 'height' | 'weight' | 'numbers' | 'choices' | null;
  /** The catalogue may mark its options `unique` (the older spelling of exclusive). */
  uniqueOptions: boolean;
  /** The catalogue may mark its options `exclusive` ("None of these"). */
  exclusiveOptions: boolean;
  /** The answer read from the document or its JSON text; null when unreadable or empty. */
  parse(raw: unknown): unknown;
  /** Why a document's answer has the wrong shape for this type; null when it is right. */
  shapeIssue(q: Question, raw: unknown, issue: IssueOf): Issue | null;
  /** Whether the answer counts as given (requirements §5's mandatory check). */
  isAnswered(q: Question, raw: unknown): boolean;
  /** Whether something was typed that cannot be read (a number line of '-'). */
  unreadable(q: Question, raw: unknown): boolean;
  /** The number bands are matched on (design §6); null when the type has no bands or unreadable. */
  measure(q: Question, raw: unknown, asOf: string): number | null;
  /** The answer as text lines, as the interviewer saw it; none when unanswered. */
  answerLines(q: Question, raw: unknown, language: Language): string[];
  /** The answer in a spreadsheet cell. */
  xlsxCell(q: Question, raw: unknown, language: Language): string;
  /** How a catalogue regression case writes the answer, for a message. */
  caseHint: string;
  /** Whether a regression case's short answer has this type's form. */
  caseAccepts(value: unknown): boolean;
  /** A regression case's short answer as the document carries it; null when unreadable. */
  caseAnswer(q: Question, value: unknown): AnswerValue | null;
  /**
   * An answer as a regression case writes it (the inverse of `caseAnswer`): option uuids, the
   * text, the number (or the text typed when it is not one), the date, `{ cm }` or `{ kg }`;
   * null when nothing is answered.
   */
  caseValue(q: Question, raw: unknown): CaseValue | null;
}

/** A regression case's short answer (docs/catalogue.md "Regression cases"). */
export type CaseValue = string | number | string[] | { cm: number } | { kg: number };

const isBlank = (s: string): boolean => s.trim() === '';
const hasUnits = (q: Question): boolean => (q.units ?? []).length > 0;
const nonEmpty = (text: string): string[] => (text === '' ? [] : [text]);
const isStringList = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((x) => typeof x === 'string');
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isIsoDateText = (v: unknown): v is string =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);

/** Whether a line's value is missing or, on an N question, is not a number. */
export function lacksValue(q: Question, entry: TextEntry): boolean {
  return isBlank(entry.value) || (q.type === 'N' && parseNumber(entry.value) === null);
}

/**
 * A T/N line is complete with a value (on an N question a number), and a unit too when the
 * question offers units.
 */
export function isCompleteLine(q: Question, entry: TextEntry): boolean {
  return !lacksValue(q, entry) && (!hasUnits(q) || !isBlank(entry.unit));
}

/** A spreadsheet cell holding the answer's text lines, one per line of the cell. */
function cellOf(lines: QuestionTypeDefinition['answerLines']) {
  return (q: Question, raw: unknown, language: Language): string =>
    lines(q, raw, language).join('\n');
}

function choiceType(type: QuestionType, options: 'single' | 'multiple'): QuestionTypeDefinition {
  const answerLines = (q: Question, raw: unknown, language: Language): string[] => {
    if (raw === undefined || raw === null) return [];
    const chosen = parseChoices(raw);
    return q.answerList
      .filter((o) => chosen.includes(o.uuid))
      .map((o) => textIn(o.label, language));
  };
  return {
    type,
    answerSchema: z.array(z.string()),
    options,
    lines: false,
    units: false,
    unitChoices: null,
    bands: null,
    bounds: false,
    plausibility: 'choices',
    uniqueOptions: type === 'C',
    exclusiveOptions: options === 'multiple',
    parse: parseChoices,
    shapeIssue(q, raw, issue) {
      const wrongShape = issue('answer_wrong_shape');
      if (!isStringList(raw)) return wrongShape;
      if (options === 'single' && raw.length > 1) return issue('answer_single_choice');
      if (new Set(raw).size !== raw.length) return wrongShape;
      const offered = new Set(q.answerList.map((o) => o.uuid));
      const unknown = raw.find((c) => !offered.has(c));
      if (unknown !== undefined) return issue('answer_unknown_option', { option: unknown });
      if (raw.length < 2) return null;
      // An option that stands alone ("None of these") is never sent with another.
      const alone = q.answerList.find((o) => isExclusive(o) && raw.includes(o.uuid));
      return alone ? issue('answer_exclusive_option', { option: alone.uuid }) : null;
    },
    isAnswered: (_q, raw) => parseChoices(raw).length > 0,
    unreadable: () => false,
    measure: () => null,
    answerLines,
    xlsxCell: cellOf(answerLines),
    caseHint: options === 'single' ? 'a list of one option uuid' : 'a list of option uuids',
    caseAccepts: Array.isArray,
    caseAnswer: (_q, value) => (isStringList(value) ? value : null),
    caseValue: (_q, raw) => {
      const chosen = parseChoices(raw);
      return chosen.length > 0 ? chosen : null;
    },
  };
}

function linesType(type: 'T' | 'N'): QuestionTypeDefinition {
  const numeric = type === 'N';
  const answerLines = (_q: Question, raw: unknown, language: Language): string[] => {
    if (raw === undefined || raw === null) return [];
    return parseTextAnswer(raw)
      .filter((line) => line.value.trim() !== '')
      .map((line) => (line.unit ? `${line.value} ${unitLabel(line.unit, language)}` : line.value));
  };
  return {
    type,
    answerSchema: textAnswerSchema,
    options: null,
    lines: true,
    units: true,
    unitChoices: null,
    bands: numeric ? 'number' : null,
    bounds: numeric,
    plausibility: numeric ? 'numbers' : null,
    uniqueOptions: false,
    exclusiveOptions: false,
    parse: parseTextAnswer,
    shapeIssue(q, raw, issue) {
      const lines = textAnswerSchema.safeParse(raw);
      if (!Array.isArray(raw) || !lines.success) return issue('answer_wrong_shape');
      if (lines.data.length > MAX_ANSWER_LINES) {
        return issue('answer_too_many_lines', { max: MAX_ANSWER_LINES });
      }
      const units = q.units ?? [];
      for (const { value, unit } of lines.data) {
        if (numeric && value.trim() !== '' && parseNumber(value) === null) {
          return issue('answer_not_a_number');
        }
        if (units.length > 0 && unit.trim() !== '' && !units.includes(unit)) {
          return issue('answer_unknown_unit', { unit });
        }
      }
      return null;
    },
    isAnswered(q, raw) {
      const lines = parseTextAnswer(raw);
      return lines.length > 0 && lines.every((line) => isCompleteLine(q, line));
    },
    unreadable: (_q, raw) =>
      numeric &&
      parseTextAnswer(raw).some((line) => !isBlank(line.value) && parseNumber(line.value) === null),
    measure: (_q, raw) => (numeric ? parseNumber(parseTextAnswer(raw)[0]?.value ?? '') : null),
    answerLines,
    xlsxCell: cellOf(answerLines),
    caseHint: numeric ? 'a number' : 'a text',
    caseAccepts: (value) => (numeric ? typeof value === 'number' : typeof value === 'string'),
    caseAnswer(q, value) {
      const unit = q.units?.[0] ?? '';
      // A text is the line as typed, for a case about what the server refuses ('-').
      if (typeof value === 'string') return [{ value, unit }];
      return numeric && typeof value === 'number' && Number.isFinite(value) && value >= 0
        ? [{ value: String(value), unit }]
        : null;
    },
    caseValue(_q, raw) {
      const typed = parseTextAnswer(raw)[0]?.value ?? '';
      const measured = numeric ? parseNumber(typed) : null;
      if (measured !== null) return measured;
      return typed.trim() === '' ? null : typed;
    },
  };
}

function dateLines(_q: Question, raw: unknown, language: Language): string[] {
  if (raw === undefined || raw === null) return [];
  const date = parseDateAnswer(raw);
  return date ? [dateText(date.value, date.exact, language)] : [];
}

const dateType: QuestionTypeDefinition = {
  type: 'D',
  answerSchema: dateAnswerSchema,
  options: null,
  lines: false,
  units: false,
  unitChoices: null,
  bands: 'months',
  bounds: false,
  plausibility: 'date',
  uniqueOptions: false,
  exclusiveOptions: false,
  parse: parseDateAnswer,
  shapeIssue(_q, raw, issue) {
    if (typeof raw !== 'object' || raw === null) return issue('answer_wrong_shape');
    const date = parseDateAnswer(raw);
    if (!date) return issue('answer_wrong_shape');
    if (date.value === '') return null;
    if (!isRealIsoDate(date.value)) return issue('answer_date_invalid');
    return date.value < DATE_MIN || date.value > DATE_MAX
      ? issue('answer_date_out_of_range')
      : null;
  },
  isAnswered: (_q, raw) => !isBlank(parseDateAnswer(raw)?.value ?? ''),
  unreadable: () => false,
  measure(_q, raw, asOf) {
    const date = parseDateAnswer(raw);
    return date ? monthsBetween(date.value, asOf) : null;
  },
  answerLines: dateLines,
  xlsxCell: cellOf(dateLines),
  caseHint: 'a date YYYY-MM-DD',
  caseAccepts: isIsoDateText,
  caseAnswer: (_q, value) =>
    isIsoDateText(value) ? { value, exact: true, zoneId: 'Asia/Hong_Kong' } : null,
  caseValue: (_q, raw) => parseDateAnswer(raw)?.value || null,
};

function measureType(type: 'H' | 'W'): QuestionTypeDefinition {
  const height = type === 'H';
  const read = height ? parseHeight : parseWeight;
  const answerLines = (_q: Question, raw: unknown, language: Language): string[] => {
    if (raw === undefined || raw === null) return [];
    return nonEmpty(height ? heightText(raw, language) : weightText(raw, language));
  };
  const key = height ? 'cm' : 'kg';
  return {
    type,
    answerSchema: z.string(),
    options: null,
    lines: false,
    units: !height,
    unitChoices: height ? null : { name: 'weight', list: WEIGHT_UNITS },
    bands: 'number',
    bounds: true,
    plausibility: height ? 'height' : 'weight',
    uniqueOptions: false,
    exclusiveOptions: false,
    parse: read,
    shapeIssue(_q, raw, issue) {
      if (typeof raw !== 'string') return issue('answer_wrong_shape');
      if (raw === '') return null;
      return read(raw) ? null : issue('answer_wrong_shape');
    },
    isAnswered: (_q, raw) => read(raw) !== null,
    unreadable: () => false,
    measure: (_q, raw) =>
      height ? (parseHeight(raw)?.cm ?? null) : (parseWeight(raw)?.kg ?? null),
    answerLines,
    xlsxCell: cellOf(answerLines),
    caseHint: `{ ${key}: … }`,
    caseAccepts: (value) => typeof value === 'object' && value !== null && key in value,
    caseAnswer(_q, value) {
      if (!isObject(value)) return null;
      const amount = value[key];
      if (typeof amount !== 'number') return null;
      return height
        ? serializeHeight({ cm: amount, ...cmToFtInch(amount) })
        : serializeWeight({ kg: amount, lb: kgToLb(amount) });
    },
    caseValue(_q, raw) {
      const amount = height ? (parseHeight(raw)?.cm ?? null) : (parseWeight(raw)?.kg ?? null);
      if (amount === null) return null;
      return height ? { cm: amount } : { kg: amount };
    },
  };
}

/** Every question type by its letter: the type checker requires all nine. */
export const QUESTION_TYPE_REGISTRY: Readonly<Record<QuestionType, QuestionTypeDefinition>> = {
  T: linesType('T'),
  N: linesType('N'),
  D: dateType,
  C: choiceType('C', 'multiple'),
  M: choiceType('M', 'multiple'),
  S: choiceType('S', 'single'),
  R: choiceType('R', 'single'),
  H: measureType('H'),
  W: measureType('W'),
};

/** Whether a type is answered by choosing options (S, R, C, M). */
export function isChoiceType(type: QuestionType): boolean {
  return questionType(type).options !== null;
}

/** Whether a type is answered with a date (D): what a screen shows a date picker for. */
export function isDateType(type: QuestionType): boolean {
  return questionType(type) === dateType;
}

/** The definition of a question type. */
export function questionType(type: QuestionType): QuestionTypeDefinition {
  return QUESTION_TYPE_REGISTRY[type];
}

/**
 * Why an answer has the wrong shape for its question (design §4: the server answers 400
 * naming it), or null when the shape is right. The shapes are the disclosure document's:
 * S and R a list of at most one option uuid, C and M a list of option uuids, all from the
 * question's answerList; T and N a list of at most 5 `{value, unit}` lines, N values passing
 * the numeric check and units from the question's units; D a `{value, exact, zoneId}` object
 * whose value is empty or an ISO date from 1900-01-01 to 2099-12-31; H and W their JSON string
 * (or empty). Empty answers have the right shape: whether they may be empty is
 * `questionIssues`' concern.
 */
export function answerShapeIssue(q: Question, raw: unknown): Issue | null {
  const issue: IssueOf = (code, params = {}) => ({
    code,
    path: q.uuid,
    params: { question: q.uuid, ...params },
  });
  return questionType(q.type).shapeIssue(q, raw, issue);
}

/**
 * The answer to a question as text lines, as the interviewer saw it: the chosen options'
 * labels, each filled answer line with its unit, a date, a height or a weight. No lines when
 * unanswered.
 */
export function answerLines(q: Question, raw: unknown, language: Language): string[] {
  return questionType(q.type).answerLines(q, raw, language);
}

/** The answer to a question as a spreadsheet cell: its text lines, one per line. */
export function answerCell(q: Question, raw: unknown, language: Language): string {
  return questionType(q.type).xlsxCell(q, raw, language);
}

/**
 * The number a free-form answer is matched against bands on (design §6): N the first line's
 * number, H cm, W kg, D whole months from the date to `asOf`; null for T, for choices and for
 * unreadable answers.
 */
export function measureAnswer(
  q: Question,
  raw: AnswerValue | undefined,
  asOf: string,
): number | null {
  return questionType(q.type).measure(q, raw, asOf);
}
