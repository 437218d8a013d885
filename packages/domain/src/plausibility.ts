/**
 * Plausibility (requirements I-16 to I-22, docs/interview.md "Plausibility"): answers that
 * read well but cannot be true — a diagnosis dated after today or before the applicant was
 * born, a birth date that does not give the age, a height of 1701 cm, a number outside its
 * question's own `min`/`max`, a smoking answer contradicting the smoking status. One rule for
 * the screen and the server: the screen shows each issue at its field, the server refuses a
 * save or submit naming each, and the decision engine gives the condition no decision while
 * one stands (I-22). Results are issues with message keys (design §9.2).
 */
import {
  parseChoices,
  parseDateAnswer,
  parseHeight,
  parseNumber,
  parseTextAnswer,
  parseWeight,
} from './answers.ts';
import type { AnswerMap } from './answers.ts';
import { ageFromBirthDate, parseBirthDate, validateAge, validateBirthDate } from './applicant.ts';
import type { CalendarDate } from './applicant.ts';
import { answerOf, forEachVisibleQuestion } from './questionnaire.ts';
import { questionType } from './question-types.ts';
import type { AnswerValue, Impairment, Issue, Profile, Question } from './model.ts';

/** The shortest plausible height, in cm (I-18). */
export const HEIGHT_CM_MIN = 50;
/** The tallest plausible height, in cm (I-18). */
export const HEIGHT_CM_MAX = 250;
/** The lightest plausible weight, in kg (I-18). */
export const WEIGHT_KG_MIN = 20;
/** The heaviest plausible weight, in kg (I-18). */
export const WEIGHT_KG_MAX = 350;
/** The oldest plausible applicant (issue #17's "other bounds an underwriter would set"). */
export const AGE_MAX = 100;

/** What an answer is held against besides its question: the day, and the applicant's facts. */
export interface PlausibilityContext {
  /** Today, YYYY-MM-DD: no date answer lies after it (I-16). */
  asOf: string;
  /** The applicant's birth date, DDMMYYYY: no date answer lies before it (I-16). */
  birthDate?: string | null;
  /** The applicant's smoking status: an answer inside a condition may not contradict it (I-21). */
  smokingStatus?: string | null;
}

/** The applicant's facts an answer is held against (the profile's part of the context). */
export type PlausibilityFacts = Omit<PlausibilityContext, 'asOf'>;

const pad = (n: number): string => String(n).padStart(2, '0');

function isoOf(date: CalendarDate): string {
  return `${date.year}-${pad(date.month)}-${pad(date.day)}`;
}

/** A YYYY-MM-DD day as a local Date, for the birth-date rules that read local time. */
function localDay(iso: string): Date {
  return new Date(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
}

/** The applicant's birth date as YYYY-MM-DD when it is a real date not after `asOf`; else null. */
function birthIso(birthDate: string | null | undefined, asOf: string): string | null {
  if (!birthDate) return null;
  const birth = parseBirthDate(birthDate);
  if (!birth || validateBirthDate(birthDate, localDay(asOf)).length > 0) return null;
  return isoOf(birth);
}

/** Each context's birth date as {@link birthIso} reads it, kept while the context lives. */
const contextBirths = new WeakMap<PlausibilityContext, string | null>();

/**
 * The context's birth date read once: a condition's decision holds all its date answers against
 * one context, and read the birth date again for each.
 */
function contextBirthIso(context: PlausibilityContext): string | null {
  let birth = contextBirths.get(context);
  if (birth === undefined) {
    birth = birthIso(context.birthDate, context.asOf);
    contextBirths.set(context, birth);
  }
  return birth;
}

/** The bounds a measure is held to: a question's own, else the body's (I-18, I-19). */
interface Bounds {
  min: number;
  max: number;
}

const HEIGHT_BOUNDS: Bounds = { min: HEIGHT_CM_MIN, max: HEIGHT_CM_MAX };
const WEIGHT_BOUNDS: Bounds = { min: WEIGHT_KG_MIN, max: WEIGHT_KG_MAX };

/** A question's own `min`/`max` where given, the body's bounds otherwise. */
function boundsOf(q: Pick<Question, 'min' | 'max'>, body: Bounds): Bounds {
  return { min: q.min ?? body.min, max: q.max ?? body.max };
}

/** 'height_out_of_range' when a height in cm lies outside its bounds (I-18). */
function heightIssue(cm: number, path: string, bounds: Bounds = HEIGHT_BOUNDS): Issue | null {
  return cm < bounds.min || cm > bounds.max
    ? { code: 'height_out_of_range', path, params: { ...bounds } }
    : null;
}

/** 'weight_out_of_range' when a weight in kg lies outside its bounds (I-18). */
function weightIssue(kg: number, path: string, bounds: Bounds = WEIGHT_BOUNDS): Issue | null {
  return kg < bounds.min || kg > bounds.max
    ? { code: 'weight_out_of_range', path, params: { ...bounds } }
    : null;
}

/** The issue of a number outside its question's own `min`/`max`, both inclusive (I-19). */
function numberIssue(q: Question, n: number): Issue | null {
  const { min, max } = q;
  const below = min !== undefined && n < min;
  const above = max !== undefined && n > max;
  if (!below && !above) return null;
  if (min !== undefined && max !== undefined) {
    return { code: 'answer_number_out_of_range', path: q.uuid, params: { min, max } };
  }
  return below
    ? { code: 'answer_number_below_min', path: q.uuid, params: { min: min ?? 0 } }
    : { code: 'answer_number_above_max', path: q.uuid, params: { max: max ?? 0 } };
}

/**
 * Why a date answer cannot be true (I-16): after `asOf`, or before the birth date. A month
 * and year answer (not exact) is compared by month, so 'this month' is never in the future
 * and the birth month is never before the birth.
 */
function dateIssue(q: Question, raw: unknown, context: PlausibilityContext): Issue | null {
  const date = parseDateAnswer(raw);
  if (!date || date.value === '') return null;
  const length = date.exact ? 10 : 7;
  const value = date.value.slice(0, length);
  if (value > context.asOf.slice(0, length)) return { code: 'answer_date_future', path: q.uuid };
  const birth = contextBirthIso(context);
  return birth !== null && value < birth.slice(0, length)
    ? { code: 'answer_date_before_birth', path: q.uuid }
    : null;
}

/**
 * Why a chosen option contradicts the smoking status (I-21): it stands for a smoking status
 * (`smokingValue`, the options the status presets) other than the one given.
 */
function smokingIssue(
  q: Question,
  raw: unknown,
  smokingStatus: string | null | undefined,
): Issue | null {
  const status = (smokingStatus ?? '').trim();
  if (status === '') return null;
  // Most questions have no option standing for a smoking status: their answer is not read.
  const standsForOther = (o: Question['answerList'][number]) =>
    o.smokingValue !== undefined && o.smokingValue !== status;
  if (!q.answerList.some(standsForOther)) return null;
  const chosen = parseChoices(raw);
  const contradicting = q.answerList.some((o) => standsForOther(o) && chosen.includes(o.uuid));
  return contradicting ? { code: 'answer_smoking_contradiction', path: q.uuid } : null;
}

/**
 * Why an answer cannot be true, or null (requirements I-16, I-18, I-19, I-21): a D date after
 * today or before the birth date; an H height outside 50–250 cm or a W weight outside
 * 20–350 kg, or outside the question's own `min`/`max` where it gives them (a weight lost is
 * not a body weight: 'How much weight was lost?' takes 0–200 kg); an N line outside the
 * question's `min`/`max`; a choice standing for another
 * smoking status than the applicant's. An answer that cannot be read at all is not this
 * rule's concern (the shape check and the unreadable-number rule have it). The path is the
 * question's uuid.
 */
export function answerPlausibility(
  q: Question,
  raw: AnswerValue | null | undefined,
  context: PlausibilityContext,
): Issue | null {
  if (raw === undefined || raw === null) return null;
  switch (questionType(q.type).plausibility) {
    case 'date':
      return dateIssue(q, raw, context);
    case 'height': {
      const height = parseHeight(raw);
      return height ? heightIssue(height.cm, q.uuid, boundsOf(q, HEIGHT_BOUNDS)) : null;
    }
    case 'weight': {
      const weight = parseWeight(raw);
      return weight ? weightIssue(weight.kg, q.uuid, boundsOf(q, WEIGHT_BOUNDS)) : null;
    }
    case 'numbers':
      for (const line of parseTextAnswer(raw)) {
        const n = parseNumber(line.value);
        const issue = n === null ? null : numberIssue(q, n);
        if (issue) return issue;
      }
      return null;
    case 'choices':
      return smokingIssue(q, raw, context.smokingStatus);
    case null:
      return null;
  }
}

/**
 * The implausible answers among a condition's shown questions, in questionnaire order
 * ({@link answerPlausibility}); each issue's path is its question's uuid.
 */
export function impairmentPlausibility(
  impairment: Impairment,
  answers: AnswerMap,
  context: PlausibilityContext,
): Issue[] {
  const issues: Issue[] = [];
  forEachVisibleQuestion(impairment, answers, (q) => {
    const issue = answerPlausibility(q, answerOf(answers, q.uuid), context);
    if (issue) issues.push(issue);
  });
  return issues;
}

/**
 * Whether an age agrees with a birth date on the day `asOf` (I-17): the age at the last or
 * the next birthday as the age basis says (the insurer's last-age option, design §8); with
 * no basis (an age typed by hand) either is taken, since insurers count age either way.
 */
function ageAgrees(
  birth: CalendarDate,
  age: number,
  asOf: string,
  basis: Profile['ageBasis'],
): boolean {
  const day = localDay(asOf);
  if (basis) return ageFromBirthDate(birth, day, basis) === age;
  return (
    ageFromBirthDate(birth, day, 'last') === age || ageFromBirthDate(birth, day, 'next') === age
  );
}

/**
 * The applicant's implausible basic information (requirements I-17, I-18): an age over 100
 * ('age_max', path 'age'); a birth date that does not give the age ('birth_date_age_mismatch',
 * path 'birthDate', with the age it gives; not while the age is itself refused, under 18); a height outside 50–250 cm or a weight outside
 * 20–350 kg (paths 'height', 'weight'). A birth date in the future is validateBirthDate's
 * ('birth_date_future', T-09); an unreadable one gives nothing here.
 */
export function profilePlausibility(profile: Profile, asOf: string): Issue[] {
  const issues: Issue[] = [];
  const { age } = profile;
  if (age != null && age > AGE_MAX) {
    issues.push({ code: 'age_max', path: 'age', params: { max: AGE_MAX } });
  }
  const birth = birthIso(profile.birthDate, asOf) && parseBirthDate(profile.birthDate ?? '');
  // An age refused on its own (under 18) is that rule's problem, not the birth date's.
  const ageValid = age != null && validateAge(age).length === 0;
  if (birth && ageValid && !ageAgrees(birth, age, asOf, profile.ageBasis)) {
    const expected = ageFromBirthDate(birth, localDay(asOf), profile.ageBasis ?? 'last');
    issues.push({ code: 'birth_date_age_mismatch', path: 'birthDate', params: { age: expected } });
  }
  const height = profile.height ? parseHeight(profile.height) : null;
  const heightProblem = height && heightIssue(height.cm, 'height');
  if (heightProblem) issues.push(heightProblem);
  const weight = profile.weight ? parseWeight(profile.weight) : null;
  const weightProblem = weight && weightIssue(weight.kg, 'weight');
  if (weightProblem) issues.push(weightProblem);
  return issues;
}

/** The applicant's facts a condition's answers are held against, from the profile. */
export function plausibilityFacts(
  profile: Pick<Profile, 'birthDate' | 'smokingStatus'>,
): PlausibilityFacts {
  return { birthDate: profile.birthDate ?? null, smokingStatus: profile.smokingStatus ?? null };
}
