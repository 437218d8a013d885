/**
 * Answers as a reader sees them on paper or in a spreadsheet, away from the inputs that took
 * them (requirements §5): dates, birth dates, heights and weights. Each question type's answer
 * as text (`answerLines`) is declared with the type in question-types.ts.
 */
import { parseHeight, parseWeight } from './answers.ts';
import { textIn, type LocalizedText } from './languages.ts';
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
