import { describe, expect, it } from 'vitest';
import type { AnswerMap } from '../src/answers.ts';
import { checkCatalog } from '../src/catalog/check.ts';
import { evaluateDisclosure, evaluationContext } from '../src/evaluation.ts';
import { insurerBmiRules, insurerExclusions, insurerIndicators } from '../src/insurer-config.ts';
import type { Catalog, Profile, RuleAge } from '../src/model.ts';
import { catalog, hypertension } from './fixtures.ts';
import { filesWith } from './catalog/sample-sources.ts';

const asOf = '2026-06-15';
const date = (value: string) => ({ value, exact: true, zoneId: 'Asia/Hong_Kong' });
const answers: AnswerMap = {
  'htn-diagnosed': date('2015-03-01'),
  'htn-controlled': ['htn-controlled-yes'],
  'htn-smoking': ['htn-smoking-never'],
};
const profile: Profile = { age: 40, gender: 'Male', rsmScore: 'A' };

/** The fixture with slhk deciding on CI and LIFE only (written out of the catalogue's order). */
const subset: Catalog = {
  ...catalog,
  insurers: catalog.insurers.map((insurer) =>
    insurer.code === 'slhk' ? { ...insurer, indicators: ['CI', 'LIFE'] } : insurer,
  ),
};

function evaluateFor(insurerCode: string | undefined) {
  return evaluateDisclosure(
    { profile, chosen: [{ impairment: hypertension, answers }], applicationNumber: 'A1' },
    evaluationContext(subset, asOf, insurerCode),
  );
}

describe('indicators per insurer (K-13)', () => {
  it('K-13 an insurer naming a subset decides on those alone, in the catalogue’s order', () => {
    expect(insurerIndicators(subset, 'slhk').map((i) => i.code)).toEqual(['LIFE', 'CI']);
    const evaluation = evaluateFor('slhk');
    expect(Object.keys(evaluation.decisions[0]?.indicators ?? {})).toEqual(['LIFE', 'CI']);
    expect(Object.keys(evaluation.consolidated.indicators)).toEqual(['LIFE', 'CI']);
  });

  it('K-13 an insurer naming none, an unknown insurer and no insurer decide on every indicator', () => {
    for (const code of ['phkl', 'nobody', undefined]) {
      expect(insurerIndicators(subset, code).map((i) => i.code)).toEqual(['LIFE', 'CI', 'MED']);
      const evaluation = evaluateFor(code);
      expect(Object.keys(evaluation.consolidated.indicators)).toEqual(['LIFE', 'CI', 'MED']);
    }
  });

  it('K-13 the check reports an unknown, repeated or empty indicator list at its place', () => {
    const withIndicators = (indicators: unknown) =>
      checkCatalog(
        filesWith<{ insurers: Record<string, unknown>[] }>('insurers.yaml', (d) => {
          d.insurers[0]!.indicators = indicators;
          return d;
        }),
      );
    expect(withIndicators(['CI']).problems).toEqual([]);
    expect(withIndicators(['CI']).catalog?.insurers[0]?.indicators).toEqual(['CI']);
    expect(withIndicators(['LIFE', 'MED', 'LIFE']).problems).toEqual([
      {
        file: 'insurers.yaml',
        path: ['insurers', 0, 'indicators', 1],
        message: 'unknown indicator MED (not in catalog.yaml)',
      },
      {
        file: 'insurers.yaml',
        path: ['insurers', 0, 'indicators', 2],
        message: 'indicator LIFE is listed twice',
      },
    ]);
    const empty = withIndicators([]).problems;
    expect(empty.map(({ file, path }) => ({ file, path }))).toEqual([
      { file: 'insurers.yaml', path: ['insurers', 0, 'indicators'] },
    ]);
  });
});

describe('exclusion wordings per insurer (K-13)', () => {
  const own = { code: 'EX2', wording: { en: 'Lungs excluded.', cn_traditional: '不保肺。' } };
  const worded: Catalog = {
    ...catalog,
    insurers: catalog.insurers.map((insurer) =>
      insurer.code === 'slhk' ? { ...insurer, exclusions: [own] } : insurer,
    ),
  };

  it('K-13 an insurer’s own wording replaces the catalogue’s for that code alone', () => {
    const slhk = insurerExclusions(worded, 'slhk');
    expect(slhk.map((e) => e.code)).toEqual(['EX1', 'EX2', 'EX3', 'EX4']);
    expect(slhk[1]).toEqual(own);
    expect(slhk[0]).toEqual(catalog.exclusions[0]);
    expect(insurerExclusions(worded, 'phkl')).toEqual(catalog.exclusions);
    expect(insurerExclusions(worded, undefined)).toEqual(catalog.exclusions);
  });

  it('K-13 the check reports a wording for an unknown code, or a code worded twice', () => {
    const wording = { en: 'Thyroid excluded.', cn_traditional: '不保甲狀腺。' };
    const check = (exclusions: unknown) =>
      checkCatalog(
        filesWith<{ insurers: Record<string, unknown>[] }>('insurers.yaml', (d) => {
          d.insurers[0]!.exclusions = exclusions;
          return d;
        }),
      );
    const fine = check([{ code: 'EX1', wording }]);
    expect(fine.problems).toEqual([]);
    expect(insurerExclusions(fine.catalog!, 'phkl')).toEqual([{ code: 'EX1', wording }]);
    expect(
      check([
        { code: 'EX9', wording },
        { code: 'EX1', wording },
        { code: 'EX1', wording },
      ]).problems,
    ).toEqual([
      {
        file: 'insurers.yaml',
        path: ['insurers', 0, 'exclusions', 0, 'code'],
        message: 'exclusion EX9 is not in catalog.yaml',
      },
      {
        file: 'insurers.yaml',
        path: ['insurers', 0, 'exclusions', 2, 'code'],
        message: 'EX1 is listed twice',
      },
    ]);
  });
});

describe('BMI rules per insurer (K-13)', () => {
  const own: RuleAge[] = [
    {
      lower: 18,
      upper: 200,
      gender: 'All',
      bmiList: [
        { lower: 0, upper: 35, decision: { LIFE: '0', CI: '0', MED: '0' } },
        { lower: 35, upper: 100, decision: { LIFE: '25', CI: '25', MED: '0' } },
      ],
    },
  ];
  const ruled: Catalog = {
    ...catalog,
    insurers: catalog.insurers.map((insurer) =>
      insurer.code === 'slhk' ? { ...insurer, ruleAgeList: own } : insurer,
    ),
  };
  const heavy: Profile = {
    ...profile,
    height: JSON.stringify({ cm: 170, ft: 0, inch: 0 }),
    weight: JSON.stringify({ kg: 95, lb: 0 }),
  };
  const bmiDecisionFor = (code: string) =>
    evaluateDisclosure({ profile: heavy, chosen: [] }, evaluationContext(ruled, asOf, code))
      .bmiDecision;

  it('K-13 an insurer with its own BMI rules is decided by them, another by the catalogue’s', () => {
    expect(insurerBmiRules(ruled, 'slhk')).toEqual(own);
    expect(insurerBmiRules(ruled, 'phkl')).toEqual(catalog.ruleAgeList);
    // BMI 32.9: the catalogue's 30–100 band, but slhk's 0–35 one.
    expect(bmiDecisionFor('slhk')).toEqual({ LIFE: '0', CI: '0', MED: '0' });
    expect(bmiDecisionFor('phkl')).toEqual({ LIFE: '75', CI: '50', MED: '0' });
  });

  it('K-13 the check reports an insurer’s BMI band at its place', () => {
    const found = checkCatalog(
      filesWith<{ insurers: Record<string, unknown>[] }>('insurers.yaml', (d) => {
        d.insurers[0]!.ruleAgeList = [
          {
            lower: 18,
            upper: 200,
            gender: 'All',
            bmiList: [{ lower: 30, upper: 20, decision: { LIFE: '0', CI: 'EX9' } }],
          },
        ];
        return d;
      }),
    ).problems;
    expect(found.map(({ file, path, message }) => [file, path.join('.'), message])).toEqual([
      ['insurers.yaml', 'insurers.0.ruleAgeList.0.bmiList.0', 'lower must be below upper'],
      [
        'insurers.yaml',
        'insurers.0.ruleAgeList.0.bmiList.0.decision.CI',
        'exclusion EX9 has no wording in catalog.yaml',
      ],
    ]);
  });
});
