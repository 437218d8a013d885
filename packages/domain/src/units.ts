/**
 * Height and weight conversions (spec §5): cm ⇄ ft and inch, kg ⇄ lb, and what an H or W input
 * makes of the text typed into one of its fields.
 */
import { isNumeric } from './answers.ts';
import type { Height, Question, Weight } from './model.ts';

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
 * cm as whole feet and inches rounded to 2 decimals (spec §5): 170 → 5 ft 6.93 in. The inches
 * are rounded before splitting off the feet, so the inch part is never 12.
 */
export function cmToFtInch(cm: number): { ft: number; inch: number } {
  const inches = roundTo(cm / CM_PER_INCH, 2);
  const ft = Math.floor(inches / INCHES_PER_FOOT);
  return { ft, inch: roundTo(inches - ft * INCHES_PER_FOOT, 2) };
}

/** Feet and inches as cm, to the nearest whole number (DESIGN.md §8): 5 ft 7 in → 170. */
export function ftInchToCm(ft: number, inch: number): number {
  return Math.round(ft * CM_PER_FOOT + inch * CM_PER_INCH);
}

/** kg as lb, 2 decimals (spec §5): 70 → 154.32. */
export function kgToLb(kg: number): number {
  return roundTo(kg * LB_PER_KG, 2);
}

/** lb as kg, 2 decimals (spec §5): 154 → 69.85. */
export function lbToKg(lb: number): number {
  return roundTo(lb * KG_PER_LB, 2);
}

function allFinite(values: Record<string, number>): boolean {
  return Object.values(values).every(Number.isFinite);
}

/**
 * The height after text is typed into one of its fields (spec §5). Empty text clears it (null);
 * text failing the numeric check changes nothing ('unchanged'), as does a number equal to the
 * field's current value, so re-entering the same cm keeps the feet and inches typed. Typing cm
 * fills ft and inch; typing ft or inch keeps the other and recomputes cm. A conversion that
 * yields no finite number (a number too large) clears the value (spec §8).
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
 * The weight after text is typed into its kg or lb field (spec §5): empty text clears it;
 * non-numeric text, or the field's current value, changes nothing; otherwise the other unit is
 * computed. A conversion that yields no finite number clears the value (spec §8).
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
 * The weight units a W question offers, in the order KG, LB (spec §5): its units filtered to
 * KG and LB, or KG alone when it names neither.
 */
export function allowedWeightUnits(q: Question): ('KG' | 'LB')[] {
  const named = new Set((q.units ?? []).map((u) => u.trim().toUpperCase()));
  const allowed = (['KG', 'LB'] as const).filter((u) => named.has(u));
  return allowed.length > 0 ? allowed : ['KG'];
}
