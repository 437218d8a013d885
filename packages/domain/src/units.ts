/**
 * Height and weight conversions (requirements §5): cm ⇄ ft and inch, kg ⇄ lb, and what an H or W input
 * makes of the text typed into one of its fields.
 */
import { isNumeric } from './answers.ts';
import { textIn } from './languages.ts';
import type { Bilingual, Height, Language, Question, Weight } from './model.ts';

export const CM_PER_FOOT = 30.48;
export const CM_PER_INCH = 2.54;
export const INCHES_PER_FOOT = 12;
export const LB_PER_KG = 2.2046226;
export const KG_PER_LB = 0.4535924;

/** Rounds half away from zero at `decimals` places, without 1.005 → 1.00 float surprises. */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.sign(value) * (Math.round(Math.abs(value) * factor + 1e-9) / factor);
}

/**
 * cm as whole feet and inches rounded to 2 decimals (requirements §5): 170 → 5 ft 6.93 in. The inches
 * are rounded before splitting off the feet, so the inch part is never 12.
 */
export function cmToFtInch(cm: number): { ft: number; inch: number } {
  const inches = roundTo(cm / CM_PER_INCH, 2);
  const ft = Math.floor(inches / INCHES_PER_FOOT);
  return { ft, inch: roundTo(inches - ft * INCHES_PER_FOOT, 2) };
}

/** Feet and inches as cm, to the nearest whole number (design §8): 5 ft 7 in → 170. */
export function ftInchToCm(ft: number, inch: number): number {
  return Math.round(ft * CM_PER_FOOT + inch * CM_PER_INCH);
}

/** kg as lb, 2 decimals (requirements §5): 70 → 154.32. */
export function kgToLb(kg: number): number {
  return roundTo(kg * LB_PER_KG, 2);
}

/** lb as kg, 2 decimals (requirements §5): 154 → 69.85. */
export function lbToKg(lb: number): number {
  return roundTo(lb * KG_PER_LB, 2);
}

function allFinite(values: Record<string, number>): boolean {
  return Object.values(values).every(Number.isFinite);
}

/**
 * The height after text is typed into one of its fields (requirements §5). Empty text clears it (null);
 * text failing the numeric check changes nothing ('unchanged'), as does a number equal to the
 * field's current value, so re-entering the same cm keeps the feet and inches typed. Typing cm
 * fills ft and inch; typing ft or inch keeps the other and recomputes cm. A conversion that
 * yields no finite number (a number too large) clears the value (requirements §8).
 */
export function heightFromInput(
  field: 'cm' | 'ft' | 'inch',
  text: string,
  current: Height | null,
): Height | null | 'unchanged' {
  if (text === '') return null;
  if (!isNumeric(text)) return 'unchanged';
  const n = Number(text);
  if (current && current[field] === n) return 'unchanged';
  let next: Height;
  if (field === 'cm') {
    next = { cm: n, ...cmToFtInch(n) };
  } else {
    const ft = field === 'ft' ? n : (current?.ft ?? 0);
    const inch = field === 'inch' ? n : (current?.inch ?? 0);
    next = { cm: ftInchToCm(ft, inch), ft, inch };
  }
  return allFinite(next) ? next : null;
}

/**
 * The weight after text is typed into its kg or lb field (requirements §5): empty text clears it;
 * non-numeric text, or the field's current value, changes nothing; otherwise the other unit is
 * computed. A conversion that yields no finite number clears the value (requirements §8).
 */
export function weightFromInput(
  field: 'kg' | 'lb',
  text: string,
  current: Weight | null,
): Weight | null | 'unchanged' {
  if (text === '') return null;
  if (!isNumeric(text)) return 'unchanged';
  const n = Number(text);
  if (current && current[field] === n) return 'unchanged';
  const next = field === 'kg' ? { kg: n, lb: kgToLb(n) } : { kg: lbToKg(n), lb: n };
  return allFinite(next) ? next : null;
}

/**
 * The weight units a W question offers, in the order KG, LB (requirements §5): its units filtered to
 * KG and LB, or KG alone when it names neither.
 */
export function allowedWeightUnits(q: Question): ('KG' | 'LB')[] {
  const named = new Set((q.units ?? []).map((u) => u.trim().toUpperCase()));
  const allowed = (['KG', 'LB'] as const).filter((u) => named.has(u));
  return allowed.length > 0 ? allowed : ['KG'];
}

const same = (label: string): Bilingual => ({ en: label, cn_traditional: label });

/**
 * What each unit is called on screen, on paper and in the spreadsheet, by the unit key the
 * catalogue and the stored answers use (the key itself is never translated, so answers stay
 * comparable). Symbols that Hong Kong medical reports write the same way in Chinese (g/dL,
 * mmol/L, %) keep them; words and the everyday measures are translated.
 */
export const UNIT_LABELS: Readonly<Record<string, Bilingual>> = {
  cm: { en: 'cm', cn_traditional: '厘米' },
  ft: { en: 'ft', cn_traditional: '呎' },
  in: { en: 'in', cn_traditional: '吋' },
  inch: { en: 'in', cn_traditional: '吋' },
  kg: { en: 'kg', cn_traditional: '公斤' },
  KG: { en: 'kg', cn_traditional: '公斤' },
  lb: { en: 'lb', cn_traditional: '磅' },
  LB: { en: 'lb', cn_traditional: '磅' },
  mm: { en: 'mm', cn_traditional: '毫米' },
  mmHg: { en: 'mmHg', cn_traditional: '毫米汞柱' },
  kPa: { en: 'kPa', cn_traditional: '千帕' },
  '%': same('%'),
  '% predicted': { en: '% predicted', cn_traditional: '% 預計值' },
  '/10': { en: '/10', cn_traditional: '／10' },
  'g/dL': same('g/dL'),
  'mmol/L': same('mmol/L'),
  'µmol/L': same('µmol/L'),
  'µg/L': same('µg/L'),
  'ng/mL': same('ng/mL'),
  'mIU/L': same('mIU/L'),
  'IU/mL': same('IU/mL'),
  'U/L': same('U/L'),
  'U/mL': same('U/mL'),
  fL: same('fL'),
  'mL/min/1.73m²': same('mL/min/1.73m²'),
  'events/hour': { en: 'events/hour', cn_traditional: '次／小時' },
  'hours/night': { en: 'hours/night', cn_traditional: '小時／晚' },
  dioptres: { en: 'dioptres', cn_traditional: '屈光度' },
  points: { en: 'points', cn_traditional: '分' },
  years: { en: 'years', cn_traditional: '年' },
  weeks: { en: 'weeks', cn_traditional: '星期' },
  days: { en: 'days', cn_traditional: '日' },
  'days a month': { en: 'days a month', cn_traditional: '日／月' },
  times: { en: 'times', cn_traditional: '次' },
  attacks: { en: 'attacks', cn_traditional: '次發作' },
  'attacks a month': { en: 'attacks a month', cn_traditional: '次發作／月' },
  episodes: { en: 'episodes', cn_traditional: '次' },
  'episodes a year': { en: 'episodes a year', cn_traditional: '次／年' },
  'flare-ups': { en: 'flare-ups', cn_traditional: '次復發' },
  seizures: { en: 'seizures', cn_traditional: '次癲癇發作' },
  infections: { en: 'infections', cn_traditional: '次感染' },
  fractures: { en: 'fractures', cn_traditional: '次骨折' },
  operations: { en: 'operations', cn_traditional: '次手術' },
  transfusions: { en: 'transfusions', cn_traditional: '次輸血' },
  tests: { en: 'tests', cn_traditional: '次檢查' },
  sessions: { en: 'sessions', cn_traditional: '節' },
  courses: { en: 'courses', cn_traditional: '個療程' },
  polyps: { en: 'polyps', cn_traditional: '個瘜肉' },
  stents: { en: 'stents', cn_traditional: '個支架' },
  relatives: { en: 'relatives', cn_traditional: '位親屬' },
  'kinds of drops': { en: 'kinds of drops', cn_traditional: '種眼藥水' },
  'units a week': { en: 'units a week', cn_traditional: '單位／星期' },
};

/**
 * A unit's label in a language (see {@link UNIT_LABELS}); a unit the table does not know shows
 * as its key, so a catalogue's new unit is never lost, only untranslated until it is added.
 */
export function unitLabel(unit: string, language: Language): string {
  return Object.hasOwn(UNIT_LABELS, unit) ? textIn(UNIT_LABELS[unit]!, language) : unit;
}
