/**
 * Answer formats (requirements §3 "Answer formats", design §4): reading an answer whatever form it
 * arrives in, writing H and W answers, and telling the server when an answer has the wrong
 * shape for its question's type.
 */
import {
  CHOICE_TYPES,
  dateAnswerSchema,
  heightSchema,
  textAnswerSchema,
  weightSchema,
} from './model.ts';
import type {
  AnswerOption,
  AnswerValue,
  DateAnswer,
  Height,
  Issue,
  Question,
  QuestionType,
  TextAnswer,
  Weight,
} from './model.ts';

/** The answers of one impairment, by question uuid. */
export type AnswerMap = Record<string, AnswerValue>;

/** At most this many lines in a T or N answer (requirements §5, §9). */
export const MAX_ANSWER_LINES = 5;
/** The earliest date a D question takes (requirements §5, §9). */
export const DATE_MIN = '1900-01-01';
/** The latest date a D question takes (requirements §5, §9). */
export const DATE_MAX = '2099-12-31';

const NUMERIC = /^\d+(\.\d+)?$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The numeric check (requirements §5): digits with an optional decimal part, no sign, no exponent.
 * '12' and '12.5' pass; '-5', '+5', '1e3', '1.2.3', '12.', '' do not.
 */
export function isNumeric(s: string): boolean {
  return NUMERIC.test(s);
}

/**
 * The number a number answer's line stands for, or null when the text is not one by the
 * numeric check ('-', '1.', ' 5', ''). The screen's bands and decisions and the server's
 * refusal both read numbers through this, so an answer the server refuses never gets a band.
 */
export function parseNumber(s: string): number | null {
  return isNumeric(s) ? Number(s) : null;
}

/** JSON text parsed, or the value itself when it is not a string; undefined when unparseable. */
function fromJson(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * A T or N answer as a list of lines, from the list itself or its JSON text. Anything that is
 * not such a list reads as no lines (requirements §5: unparseable answers count as empty).
 */
export function parseTextAnswer(raw: unknown): TextAnswer {
  const parsed = textAnswerSchema.safeParse(fromJson(raw));
  return parsed.success ? parsed.data : [];
}

/** A D answer from the object or its JSON text; null when it is neither. */
export function parseDateAnswer(raw: unknown): DateAnswer | null {
  const parsed = dateAnswerSchema.safeParse(fromJson(raw));
  return parsed.success ? parsed.data : null;
}

function nonNegative(...values: number[]): boolean {
  return values.every((v) => Number.isFinite(v) && v >= 0);
}

/** An H answer from its JSON text or the object; null when unreadable or negative. */
export function parseHeight(raw: unknown): Height | null {
  const parsed = heightSchema.safeParse(fromJson(raw));
  if (!parsed.success) return null;
  const { cm, ft, inch } = parsed.data;
  return nonNegative(cm, ft, inch) ? { cm, ft, inch } : null;
}

/** A W answer from its JSON text or the object; null when unreadable or negative. */
export function parseWeight(raw: unknown): Weight | null {
  const parsed = weightSchema.safeParse(fromJson(raw));
  if (!parsed.success) return null;
  const { kg, lb } = parsed.data;
  return nonNegative(kg, lb) ? { kg, lb } : null;
}

/**
 * The option uuids chosen in an S, R, C or M answer, from the array or its JSON text.
 * Anything else, including an array holding a non-string, reads as no choice.
 */
export function parseChoices(raw: unknown): string[] {
  const value = fromJson(raw);
  if (!Array.isArray(value)) return [];
  return value.every((v): v is string => typeof v === 'string') ? value : [];
}

/** An H answer as the JSON string the disclosure carries: `{"cm":…,"ft":…,"inch":…}`. */
export function serializeHeight(h: Height): string {
  return JSON.stringify({ cm: h.cm, ft: h.ft, inch: h.inch });
}

/** A W answer as the JSON string the disclosure carries: `{"kg":…,"lb":…}`. */
export function serializeWeight(w: Weight): string {
  return JSON.stringify({ kg: w.kg, lb: w.lb });
}

/**
 * Whether an option stands alone ("None of these"): `exclusive`, or on a checkbox the older
 * `unique: 'Y'`. Choosing it clears every other choice, and the server refuses it with another.
 */
export function isExclusive(option: AnswerOption): boolean {
  return option.exclusive === true || option.unique === 'Y';
}

/** Whether a type is answered by choosing options (S, R, C, M). */
export function isChoiceType(type: QuestionType): boolean {
  return (CHOICE_TYPES as readonly QuestionType[]).includes(type);
}

function isRealIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/**
 * Why an answer has the wrong shape for its question (design §4: the server answers 400
 * naming it), or null when the shape is right. The shapes are the disclosure document's:
 * S and R a list of at most one option uuid, C and M a list of option uuids, all from the
 * question's answerList; T and N a list of at most 5 `{value, unit}` lines, N values passing
 * the numeric check and units from the question's units; D a `{value, exact, zoneId}` object
 * whose value is empty or an ISO date from 1900-01-01 to 2099-12-31; H and W their JSON string
 * (or empty). Empty answers have the right shape: whether they may be empty is
 * {@link questionIssues}' concern.
 */
export function answerShapeIssue(q: Question, raw: unknown): Issue | null {
  const issue = (code: string, params: Record<string, string | number> = {}): Issue => ({
    code,
    path: q.uuid,
    params: { question: q.uuid, ...params },
  });
  const wrongShape = issue('answer_wrong_shape');

  switch (q.type) {
    case 'S':
    case 'R':
    case 'C':
    case 'M': {
      if (!Array.isArray(raw) || !raw.every((v) => typeof v === 'string')) return wrongShape;
      const choices = raw as string[];
      if ((q.type === 'S' || q.type === 'R') && choices.length > 1) {
        return issue('answer_single_choice');
      }
      if (new Set(choices).size !== choices.length) return wrongShape;
      const offered = new Set(q.answerList.map((o) => o.uuid));
      const unknown = choices.find((c) => !offered.has(c));
      if (unknown !== undefined) return issue('answer_unknown_option', { option: unknown });
      if (choices.length < 2) return null;
      // An option that stands alone ("None of these") is never sent with another.
      const alone = q.answerList.find((o) => isExclusive(o) && choices.includes(o.uuid));
      return alone ? issue('answer_exclusive_option', { option: alone.uuid }) : null;
    }
    case 'T':
    case 'N': {
      const lines = textAnswerSchema.safeParse(raw);
      if (!Array.isArray(raw) || !lines.success) return wrongShape;
      if (lines.data.length > MAX_ANSWER_LINES) {
        return issue('answer_too_many_lines', { max: MAX_ANSWER_LINES });
      }
      const units = q.units ?? [];
      for (const { value, unit } of lines.data) {
        if (q.type === 'N' && value.trim() !== '' && parseNumber(value) === null) {
          return issue('answer_not_a_number');
        }
        if (units.length > 0 && unit.trim() !== '' && !units.includes(unit)) {
          return issue('answer_unknown_unit', { unit });
        }
      }
      return null;
    }
    case 'D': {
      if (typeof raw !== 'object' || raw === null) return wrongShape;
      const date = parseDateAnswer(raw);
      if (!date) return wrongShape;
      if (date.value === '') return null;
      if (!isRealIsoDate(date.value)) return issue('answer_date_invalid');
      return date.value < DATE_MIN || date.value > DATE_MAX
        ? issue('answer_date_out_of_range')
        : null;
    }
    case 'H':
    case 'W': {
      if (typeof raw !== 'string') return wrongShape;
      if (raw === '') return null;
      const readable = q.type === 'H' ? parseHeight(raw) : parseWeight(raw);
      return readable ? null : wrongShape;
    }
  }
}
