/**
 * Answers as a reader sees them on paper or in a spreadsheet, away from the inputs that took
 * them (requirements §5): dates, birth dates, heights and weights. Each question type's answer
 * as text (`answerLines`) is declared with the type in question-types.ts.
 */
import { DATE_MAX, DATE_MIN, isRealIsoDate, parseHeight, parseWeight } from './answers.ts';
import { LANGUAGE_CODES, textIn, type LocalizedText } from './languages.ts';
import type { Language } from './model.ts';
import { unitLabel } from './units.ts';

const ENGLISH_MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];
/** A month of a year by language ('Mar {year}', '{year}年3月'), looked up like every other text. */
const MONTHS_OF_YEAR: readonly LocalizedText[] = ENGLISH_MONTHS.map((en, index) => ({
  en: `${en} {year}`,
  cn_traditional: `{year}年${index + 1}月`,
}));

/** An exact ISO date as DD/MM/YYYY, a month-and-year one as 'Mar 2015' / '2015年3月'. */
export function dateText(iso: string, exact: boolean, language: Language): string {
  const [year, month, day] = iso.split('-');
  if (!year || !month) return iso;
  if (exact && day) return `${day.slice(0, 2)}/${month}/${year}`;
  const monthOfYear = MONTHS_OF_YEAR[Number(month) - 1];
  return monthOfYear ? textIn(monthOfYear, language).replace('{year}', year) : `${month} ${year}`;
}

/** What a date field shows while empty, as its reader types it: DD/MM/YYYY or MM/YYYY. */
export function datePattern(exact: boolean): string {
  return exact ? 'DD/MM/YYYY' : 'MM/YYYY';
}

const inDateRange = (iso: string) => isRealIsoDate(iso) && iso >= DATE_MIN && iso <= DATE_MAX;
const pad2 = (digits: string) => digits.padStart(2, '0');

/**
 * A date field's text as it is typed (requirements §5, V-43): digits alone are laid out as the
 * field's pattern, its slashes written for the typist, so '15032020' reads '15/03/2020' and
 * '032020' in a month-and-year field '03/2020'. Text with a letter in it (a month written out,
 * as {@link dateText} shows one) is kept as it is, and so is a shorter text than `before`,
 * which is a deletion: a slash deleted stays deleted.
 */
export function typedDateText(text: string, before: string, exact: boolean): string {
  if (/\p{L}/u.test(text) || text.length < before.length) return text;
  const digits = text.replace(/\D/g, '').slice(0, exact ? 8 : 6);
  const parts = exact
    ? [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)]
    : [digits.slice(0, 2), digits.slice(2)];
  return parts.filter((part, i) => i === 0 || part !== '').join('/');
}

/**
 * The ISO date a date field's text names (requirements §5): DD/MM/YYYY (or its eight digits)
 * when exact; MM/YYYY, its six digits or the month as {@link dateText} writes it in any
 * language ('Mar 2020', '2020年3月') when not, read as the month's first day. Null when the text
 * names no day of the calendar from 1900-01-01 to 2099-12-31 (V-47, V-48).
 */
export function readDateText(text: string, exact: boolean): string | null {
  const t = text.trim();
  let iso: string | undefined;
  if (exact) {
    const m = /^(\d{1,2})\D(\d{1,2})\D(\d{4})$/.exec(t) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(t);
    if (m) iso = `${m[3]}-${pad2(m[2]!)}-${pad2(m[1]!)}`;
  } else {
    const m = /^(\d{1,2})\D(\d{4})$/.exec(t) ?? /^(\d{2})(\d{4})$/.exec(t);
    if (m) iso = `${m[2]}-${pad2(m[1]!)}-01`;
    const year = /\d{4}/.exec(t)?.[0];
    if (!m && year) {
      const spoken = t.toLowerCase().replace(/\s+/g, ' ');
      for (let month = 1; month <= 12 && iso === undefined; month += 1) {
        const candidate = `${year}-${pad2(String(month))}-01`;
        if (LANGUAGE_CODES.some((l) => dateText(candidate, false, l).toLowerCase() === spoken))
          iso = candidate;
      }
    }
  }
  return iso !== undefined && inDateRange(iso) ? iso : null;
}

/** A birth date typed as DDMMYYYY, written DD/MM/YYYY; anything else as it is. */
export function birthDateText(value: string | undefined): string {
  const m = /^(\d{2})(\d{2})(\d{4})$/.exec(value ?? '');
  return m ? `${m[1]}/${m[2]}/${m[3]}` : (value ?? '');
}

/**
 * A recorded height in both units, with the units' labels in the language: '158 cm (5 ft 2.2
 * in)', '158 厘米 (5 呎 2.2 吋)'; empty when there is none.
 */
export function heightText(raw: unknown, language: Language = 'en'): string {
  const h = parseHeight(raw);
  const u = (unit: string) => unitLabel(unit, language);
  return h ? `${h.cm} ${u('cm')} (${h.ft} ${u('ft')} ${h.inch} ${u('in')})` : '';
}

/** A recorded weight in both units, e.g. '60 kg (132.28 lb)', '60 公斤 (132.28 磅)'; or empty. */
export function weightText(raw: unknown, language: Language = 'en'): string {
  const w = parseWeight(raw);
  const u = (unit: string) => unitLabel(unit, language);
  return w ? `${w.kg} ${u('kg')} (${w.lb} ${u('lb')})` : '';
}
