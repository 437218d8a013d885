import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bmiDecision, computeBmi, isAbnormalBmi } from '../src/bmi.ts';
import type { Decision, RuleAge } from '../src/model.ts';
import { catalog } from './fixtures.ts';

const all = (value: string): Decision => ({ LIFE: value, CI: value, MED: value });

/** An age row of BMI rules with one BMI band deciding the same points for every benefit. */
const ageRow = (
  [lower, upper]: [number, number],
  gender: RuleAge['gender'],
  points: string,
  [bmiLower, bmiUpper]: [number, number] = [0, 100],
): RuleAge => ({
  lower,
  upper,
  gender,
  bmiList: [{ lower: bmiLower, upper: bmiUpper, decision: all(points) }],
});
const height = (cm: number) => ({ cm, ft: 0, inch: 0 });
const weight = (kg: number) => ({ kg, lb: 0 });

/** The fixture catalogue's rule: one adult row for everyone, bands to 17, 30 and 100. */
const sampleRules = catalog.ruleAgeList;

describe('computeBmi', () => {
  it('BMI is kg / m² to 1 decimal: 170 cm and 70 kg give 24.2', () => {
    expect(computeBmi(height(170), weight(70))).toBe(24.2);
    expect(computeBmi(height(180), weight(81))).toBe(25);
    expect(computeBmi(height(160), weight(40))).toBe(15.6);
  });

  it('no BMI without a positive height and weight', () => {
    expect(computeBmi(null, weight(70))).toBeNull();
    expect(computeBmi(height(170), null)).toBeNull();
    expect(computeBmi(height(0), weight(70))).toBeNull();
    expect(computeBmi(height(170), weight(0))).toBeNull();
    expect(computeBmi(height(Number.NaN), weight(70))).toBeNull();
  });

  it('a BMI of a tiny height is finite or null, never Infinity', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 300 }), fc.double({ min: 0, max: 500 }), (cm, kg) => {
        const bmi = computeBmi(height(cm), weight(kg));
        expect(bmi === null || Number.isFinite(bmi)).toBe(true);
      }),
    );
  });
});

describe('bmiDecision', () => {
  it('S-53 an adult with a BMI gets the decision of the age band and BMI band', () => {
    expect(bmiDecision(sampleRules, 45, 'Male', 16.9)).toEqual({ LIFE: '50', CI: '50', MED: 'U' });
    expect(bmiDecision(sampleRules, 45, 'Female', 24.2)).toEqual(all('0'));
  });

  it('S-53 BMI bands include their lower bound and exclude their upper one', () => {
    expect(bmiDecision(sampleRules, 30, 'Male', 0)).toEqual({ LIFE: '50', CI: '50', MED: 'U' });
    expect(bmiDecision(sampleRules, 30, 'Male', 17)).toEqual(all('0'));
    expect(bmiDecision(sampleRules, 30, 'Male', 29.9)).toEqual(all('0'));
    expect(bmiDecision(sampleRules, 30, 'Male', 30)).toEqual({ LIFE: '75', CI: '50', MED: '0' });
    expect(bmiDecision(sampleRules, 30, 'Male', 100)).toBeNull();
  });

  it('S-53 age bands include their lower bound and exclude their upper one', () => {
    const rules: RuleAge[] = [ageRow([18, 40], 'All', '0'), ageRow([40, 70], 'All', '25')];
    expect(bmiDecision(rules, 39, 'Male', 20)).toEqual(all('0'));
    expect(bmiDecision(rules, 40, 'Male', 20)).toEqual(all('25'));
    expect(bmiDecision(rules, 70, 'Male', 20)).toBeNull();
  });

  it('S-53 a row for one gender applies to that gender only; All applies to both', () => {
    const rules: RuleAge[] = [ageRow([18, 200], 'Female', '25'), ageRow([18, 200], 'All', '50')];
    expect(bmiDecision(rules, 30, 'Female', 20)).toEqual(all('25'));
    expect(bmiDecision(rules, 30, 'Male', 20)).toEqual(all('50'));
    expect(bmiDecision(rules, 30, null, 20)).toEqual(all('50'));
  });

  it('S-53 a matching row without a matching BMI band gives way to the next row', () => {
    const rules: RuleAge[] = [
      ageRow([18, 200], 'Male', '75', [30, 100]),
      ageRow([18, 200], 'All', '0', [0, 30]),
    ];
    expect(bmiDecision(rules, 30, 'Male', 35)).toEqual(all('75'));
    expect(bmiDecision(rules, 30, 'Male', 22)).toEqual(all('0'));
  });

  it('S-54 no BMI decision under 18 or without a BMI', () => {
    expect(bmiDecision(sampleRules, 17, 'Male', 16)).toBeNull();
    expect(bmiDecision(sampleRules, null, 'Male', 16)).toBeNull();
    expect(bmiDecision(sampleRules, 45, 'Male', null)).toBeNull();
    expect(bmiDecision([], 45, 'Male', 16)).toBeNull();
  });

  it('S-54 rules written for minors are ignored too', () => {
    const rules: RuleAge[] = [ageRow([0, 200], 'All', '25')];
    expect(bmiDecision(rules, 17, 'Female', 20)).toBeNull();
    expect(bmiDecision(rules, 18, 'Female', 20)).toEqual(all('25'));
  });

  it('C-09 an abnormal BMI counts from age 18: at 17 it is not abnormal, at 18 it is', () => {
    expect(isAbnormalBmi(bmiDecision(sampleRules, 17, 'Male', 15))).toBe(false);
    expect(isAbnormalBmi(bmiDecision(sampleRules, 18, 'Male', 15))).toBe(true);
  });
});

describe('isAbnormalBmi', () => {
  it('abnormal when any value is other than 0', () => {
    expect(isAbnormalBmi(all('0'))).toBe(false);
    expect(isAbnormalBmi({})).toBe(false);
    expect(isAbnormalBmi(null)).toBe(false);
    expect(isAbnormalBmi({ LIFE: '0', CI: '25' })).toBe(true);
    expect(isAbnormalBmi({ LIFE: 'U' })).toBe(true);
    expect(isAbnormalBmi({ LIFE: 'EX1' })).toBe(true);
  });
});
