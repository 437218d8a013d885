/**
 * The applicant's basic information (requirements §5): application number, age, birth date, gender,
 * risk score, height, weight and smoking status.
 */
import { parseHeight, parseWeight } from './answers.ts';
import { APPLICATION_NUMBER_MAX, MIN_AGE } from './model.ts';
import type { Gender, Issue, Profile, RsmScore, ValidationResult } from './model.ts';

/**
 * A well-formed application number: 1 to 30 of letters, digits and # * ( ) { } [ ] ' " , . /
 * (requirements §5, §9).
 */
export const APPLICATION_NUMBER_PATTERN = /^[A-Za-z0-9#*(){}[\]'",./]{1,30}$/;
const NOT_ALLOWED_IN_APPLICATION_NUMBER = /[^A-Za-z0-9#*(){}[\]'",./]/g;

/**
 * What the application number input keeps of typed or pasted text (requirements §5, design §8):
 * every character other than letters, digits and # * ( ) { } [ ] ' " , . / is stripped, then
 * the text stops at 30 characters. 'AB-12 @3' → 'AB123'.
 */
export function sanitizeApplicationNumber(s: string): string {
  return s.replace(NOT_ALLOWED_IN_APPLICATION_NUMBER, '').slice(0, APPLICATION_NUMBER_MAX);
}

/** Age is required and must be 18 or higher (requirements §5, §9). */
export function validateAge(age: number | null): Issue[] {
  if (age === null || !Number.isFinite(age)) return [{ code: 'age_required', path: 'age' }];
  return age < MIN_AGE ? [{ code: 'age_min', path: 'age', params: { min: MIN_AGE } }] : [];
}

/** A calendar date, month and day counted from 1. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const DDMMYYYY = /^(\d{2})(\d{2})(\d{4})$/;

/** The earliest and latest birth years taken, the requirements' date range (§9). */
const BIRTH_YEAR_MIN = 1900;
const BIRTH_YEAR_MAX = 2099;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * A birth date written DDMMYYYY (requirements §5), or null when it is not a real date in that form
 * with a year from 1900 to 2099. '31011990' → 31 January 1990; '29021991' → null.
 */
export function parseBirthDate(s: string): CalendarDate | null {
  const m = DDMMYYYY.exec(s);
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < BIRTH_YEAR_MIN || year > BIRTH_YEAR_MAX || month < 1 || month > 12) return null;
  return day >= 1 && day <= daysInMonth(year, month) ? { year, month, day } : null;
}

/** Whether a birth date falls after the day `asOf` is in (local time). */
function isAfterDay(birth: CalendarDate, asOf: Date): boolean {
  const day = [asOf.getFullYear(), asOf.getMonth() + 1, asOf.getDate()] as const;
  const date = [birth.year, birth.month, birth.day] as const;
  for (let i = 0; i < 3; i++) if (date[i] !== day[i]) return date[i]! > day[i]!;
  return false;
}

/**
 * Birth date cannot be empty, must be a real date written DDMMYYYY (requirements §5), and cannot be
 * after the day `asOf` (today): nobody is born in the future, and such a date gives a
 * negative age.
 */
export function validateBirthDate(s: string, asOf: Date = new Date()): Issue[] {
  if (s.trim() === '') return [{ code: 'birth_date_empty', path: 'birthDate' }];
  const birth = parseBirthDate(s);
  if (!birth) return [{ code: 'birth_date_format', path: 'birthDate' }];
  return isAfterDay(birth, asOf) ? [{ code: 'birth_date_future', path: 'birthDate' }] : [];
}

/**
 * Age on a day, from the birth date (requirements §3's last- and next-birthday ages, design §8's
 * last-age option): 'last' is the age at the last birthday, 'next' one more. The day is read
 * in local time, the applicant's calendar. Someone born on 29 February has their birthday on
 * 1 March in other years.
 */
export function ageFromBirthDate(birth: CalendarDate, asOf: Date, basis: 'last' | 'next'): number {
  const month = asOf.getMonth() + 1;
  const day = asOf.getDate();
  const beforeBirthday = month < birth.month || (month === birth.month && day < birth.day);
  const last = asOf.getFullYear() - birth.year - (beforeBirthday ? 1 : 0);
  return basis === 'last' ? last : last + 1;
}

/**
 * The age a birth date text gives on the day `asOf`, or null when the text is not a valid
 * birth date or lies in the future (never a negative age).
 */
export function birthDateAge(text: string, asOf: Date, basis: 'last' | 'next'): number | null {
  const birth = parseBirthDate(text);
  if (!birth || validateBirthDate(text, asOf).length > 0) return null;
  return ageFromBirthDate(birth, asOf, basis);
}

/**
 * The age after the birth date is edited from `previous.birthDate` to `birthDate`: the age the
 * new birth date gives when it is a valid date; otherwise empty when the age was the one the
 * previous birth date gave (an age derived from a birth date goes with it), else the age as it
 * was (typed by hand).
 */
export function ageAfterBirthDateEdit(
  previous: { birthDate: string; age: number | null },
  birthDate: string,
  asOf: Date,
  basis: 'last' | 'next',
): number | null {
  const age = birthDateAge(birthDate, asOf, basis);
  if (age !== null) return age;
  const derived = birthDateAge(previous.birthDate, asOf, basis);
  return derived !== null && derived === previous.age ? null : previous.age;
}

/** The basic information whose presence enables Save and Submit (requirements §4). */
export interface BasicData {
  applicationNumber: string | null | undefined;
  age: number | null | undefined;
  gender: Gender | null | undefined;
  rsmScore: RsmScore | null | undefined;
}

/**
 * Whether the basic data is complete (requirements §4, §5): application number, age, gender and risk
 * score filled, and age 18 or higher.
 */
export function basicDataComplete(p: BasicData): boolean {
  return (
    (p.applicationNumber ?? '').trim() !== '' &&
    p.age != null &&
    p.age >= MIN_AGE &&
    p.gender != null &&
    p.rsmScore != null
  );
}

/**
 * Validates the applicant's profile (requirements §5). The application number is carried beside the
 * profile in the disclosure session, so it is passed in with it; it is required and must be
 * what {@link sanitizeApplicationNumber} leaves. Age is required and 18 or higher; gender and
 * risk score are required; birth date, height and weight, when given, must be readable (and
 * the birth date not in the future, and given when an age basis says the age came from it); the
 * smoking status is required when a chosen impairment needs it (`opts.smokingRequired`).
 */
export function validateProfile(
  profile: Profile & { applicationNumber?: string | null },
  opts: { smokingRequired: boolean; asOf?: Date },
): ValidationResult {
  const issues: Issue[] = [];
  const applicationNumber = profile.applicationNumber ?? '';
  if (applicationNumber.trim() === '') {
    issues.push({ code: 'application_number_required', path: 'applicationNumber' });
  } else if (!APPLICATION_NUMBER_PATTERN.test(applicationNumber)) {
    issues.push({ code: 'application_number_helper', path: 'applicationNumber' });
  }
  issues.push(...validateAge(profile.age));
  // An age basis says the age was derived from the birth date: the birth date is then required.
  if (profile.birthDate || profile.ageBasis) {
    issues.push(...validateBirthDate(profile.birthDate ?? '', opts.asOf));
  }
  if (profile.gender == null) issues.push({ code: 'gender_required', path: 'gender' });
  if (profile.rsmScore == null) issues.push({ code: 'rsm_score_required', path: 'rsmScore' });
  if (profile.height && !parseHeight(profile.height)) {
    issues.push({ code: 'height_invalid', path: 'height' });
  }
  if (profile.weight && !parseWeight(profile.weight)) {
    issues.push({ code: 'weight_invalid', path: 'weight' });
  }
  if (opts.smokingRequired && (profile.smokingStatus ?? '').trim() === '') {
    issues.push({ code: 'smoking_required', path: 'smokingStatus' });
  }
  return { ok: issues.length === 0, issues };
}
