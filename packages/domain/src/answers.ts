/**
 * Answer formats (requirements §3 "Answer formats", design §4): reading an answer whatever form it
 * arrives in and writing H and W answers. What each question type makes of them is in
 * question-types.ts.
 */
import { dateAnswerSchema, heightSchema, textAnswerSchema, weightSchema } from './model.ts';
import type { AnswerOption, AnswerValue, DateAnswer, Height, TextAnswer, Weight } from './model.ts';

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

/** A value and what it holds frozen: a reading shared between its callers cannot be changed. */
function frozen<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) frozen(inner);
  }
  return value;
}

/**
 * `read` done once per answer value. The screen's store holds its answers frozen, and a
 * disclosure's evaluation reads each shown answer several times at every change (its decision,
 * plausibility, completeness): parsing and checking each again was the largest part of the
 * memory an answer allocated (issue 19). A frozen value's reading is kept by the value's
 * identity, for as long as the value lives, and is frozen itself, being shared. JSON text and a
 * value its owner may still change are read afresh: nothing of an applicant's answers is kept
 * beyond the value that holds them.
 */
function readOnce<T>(read: (raw: unknown) => T): (raw: unknown) => T {
  const readings = new WeakMap<object, T>();
  return (raw) => {
    if (typeof raw !== 'object' || raw === null || !Object.isFrozen(raw)) return read(raw);
    if (readings.has(raw)) return readings.get(raw) as T;
    const reading = frozen(read(raw));
    readings.set(raw, reading);
    return reading;
  };
}

/**
 * A T or N answer as a list of lines, from the list itself or its JSON text. Anything that is
 * not such a list reads as no lines (requirements §5: unparseable answers count as empty).
 */
export const parseTextAnswer: (raw: unknown) => TextAnswer = readOnce((raw) => {
  const parsed = textAnswerSchema.safeParse(fromJson(raw));
  return parsed.success ? parsed.data : [];
});

/** A D answer from the object or its JSON text; null when it is neither. */
export const parseDateAnswer: (raw: unknown) => DateAnswer | null = readOnce((raw) => {
  const parsed = dateAnswerSchema.safeParse(fromJson(raw));
  return parsed.success ? parsed.data : null;
});

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

/** Whether a YYYY-MM-DD text names a day of the calendar (no 31 April). */
export function isRealIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/**
 * Whole months from one YYYY-MM-DD date to another (a month counts once its day is reached):
 * 2025-07-15 → 2026-01-14 is 5, → 2026-01-15 is 6. Negative for a date after `asOf`; null
 * when either is not such a date.
 */
export function monthsBetween(from: string, asOf: string): number | null {
  const fy = Number(from.slice(0, 4));
  const fm = Number(from.slice(5, 7));
  const fd = Number(from.slice(8, 10));
  const ty = Number(asOf.slice(0, 4));
  const tm = Number(asOf.slice(5, 7));
  const td = Number(asOf.slice(8, 10));
  if (![fy, fm, fd, ty, tm, td].every(Number.isInteger) || from.length < 10 || asOf.length < 10) {
    return null;
  }
  return (ty - fy) * 12 + (tm - fm) - (td < fd ? 1 : 0);
}
