/**
 * The BMI rule (requirements §4, §9, design §8): BMI from height and weight, and the decision the
 * insurer's age and BMI bands give it.
 */
import { MIN_AGE } from './model.ts';
import type { Decision, Gender, Height, RuleAge, Weight } from './model.ts';
import { roundTo } from './units.ts';

/** BMI, kg / m², to 1 decimal; null without a positive height and weight. 170 cm, 70 kg → 24.2. */
export function computeBmi(height: Height | null, weight: Weight | null): number | null {
  if (!height || !weight || !(height.cm > 0) || !(weight.kg > 0)) return null;
  const metres = height.cm / 100;
  const bmi = roundTo(weight.kg / (metres * metres), 1);
  return Number.isFinite(bmi) ? bmi : null;
}

const within = (value: number, lower: number, upper: number): boolean =>
  value >= lower && value < upper;

/**
 * The decision the BMI rules give (requirements §4): none under 18 or without a BMI. Otherwise the
 * first ruleAgeList row whose age band holds the age and whose gender is the applicant's (or
 * 'All') and that has a BMI band holding the BMI gives that band's decision. Bands include
 * their lower bound and exclude their upper one; no matching band gives null.
 */
export function bmiDecision(
  ruleAgeList: RuleAge[],
  age: number | null,
  gender: Gender | null,
  bmi: number | null,
): Decision | null {
  if (age === null || age < MIN_AGE || bmi === null) return null;
  for (const rule of ruleAgeList) {
    if (!within(age, rule.lower, rule.upper)) continue;
    if (rule.gender !== 'All' && rule.gender !== gender) continue;
    const band = rule.bmiList.find((b) => within(bmi, b.lower, b.upper));
    if (band) return band.decision;
  }
  return null;
}

/** A BMI decision is abnormal when any indicator's value is other than '0' (requirements §4). */
export function isAbnormalBmi(decision: Decision | null): boolean {
  return decision !== null && Object.values(decision).some((value) => value !== '0');
}
