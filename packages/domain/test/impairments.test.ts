import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  applyBmiRule,
  applyGenderChange,
  applyProductChange,
  catalogueConditionNamed,
  chooseImpairment,
  choiceRefusal,
  createSelfDefined,
  isSelfDefinedUuid,
  matchesGender,
  removeImpairment,
} from '../src/impairments.ts';
import type { BmiRuleInput } from '../src/impairments.ts';
import { visibleQuestions } from '../src/questionnaire.ts';
import { decideImpairment } from '../src/decision-engine.ts';
import type { Impairment } from '../src/model.ts';
import {
  abnormalBmi,
  asthma,
  catalog,
  copyOf,
  highLowBmi,
  hypertension,
  INDICATORS,
  others,
  ovarianCyst,
  prostate,
  thyroid,
} from './fixtures.ts';

const names = {
  abnormalBmiImpairmentName: 'Abnormal BMI',
  highLowBmiImpairmentName: 'High / Low BMI',
};
const uuids = (list: { uuid: string }[]): string[] => list.map((i) => i.uuid);

const rule = (overrides: Partial<BmiRuleInput<Impairment>>) =>
  applyBmiRule<Impairment>({
    ruleAgeList: catalog.ruleAgeList,
    age: 40,
    gender: 'Male',
    bmi: 24,
    chosen: [hypertension],
    abnormalBmiImpairment: abnormalBmi,
    abnormalBmiImpairmentName: 'Abnormal BMI',
    deletedByUser: false,
    ...overrides,
  });

describe('BMI rule', () => {
  it('S-53 gives the decision of the age and BMI band', () => {
    expect(rule({ bmi: 31 }).decision).toEqual({ LIFE: '75', CI: '50', MED: '0' });
  });

  it('S-55 adds the Abnormal BMI condition when any decision is non-zero', () => {
    const outcome = rule({ bmi: 31 });
    expect(uuids(outcome.chosen)).toEqual(['hypertension', 'abnormal-bmi']);
    expect(outcome).toMatchObject({
      abnormal: true,
      added: true,
      removed: false,
      removedAlert: false,
    });
  });

  it('S-55 does not add it twice', () => {
    const outcome = rule({ bmi: 31, chosen: [abnormalBmi, hypertension] });
    expect(uuids(outcome.chosen)).toEqual(['abnormal-bmi', 'hypertension']);
    expect(outcome.added).toBe(false);
  });

  it('S-56 shows the removed alert when it comes back after the user deleted it', () => {
    const outcome = rule({ bmi: 16, deletedByUser: true });
    expect(outcome).toMatchObject({ added: true, removedAlert: true });
  });

  it('S-57 removes it when every decision is zero', () => {
    const outcome = rule({ bmi: 24, chosen: [hypertension, abnormalBmi] });
    expect(outcome.decision).toEqual({ LIFE: '0', CI: '0', MED: '0' });
    expect(uuids(outcome.chosen)).toEqual(['hypertension']);
    expect(outcome).toMatchObject({ abnormal: false, removed: true });
  });

  it('S-54 C-09 makes no decision under 18 and removes the condition; at 18 it applies', () => {
    const at17 = rule({ age: 17, bmi: 35, chosen: [abnormalBmi] });
    expect(at17.decision).toBeNull();
    expect(at17.chosen).toEqual([]);
    const at18 = rule({ age: 18, bmi: 35, chosen: [] });
    expect(uuids(at18.chosen)).toEqual(['abnormal-bmi']);
  });

  it('S-54 makes no decision without a BMI', () => {
    expect(rule({ bmi: null, chosen: [] })).toMatchObject({
      decision: null,
      abnormal: false,
      chosen: [],
    });
  });

  it('band edges: lower inclusive, upper exclusive', () => {
    expect(rule({ bmi: 17 }).abnormal).toBe(false);
    expect(rule({ bmi: 16.9 }).abnormal).toBe(true);
    expect(rule({ bmi: 30 }).abnormal).toBe(true);
  });

  it('adds nothing when the product does not offer the condition', () => {
    expect(rule({ bmi: 31, abnormalBmiImpairment: undefined })).toMatchObject({
      abnormal: true,
      added: false,
    });
  });

  it('keeps conditions chosen before BMI became abnormal, even more than 3', () => {
    const chosen = [hypertension, thyroid, asthma, prostate];
    expect(uuids(rule({ bmi: 31, chosen }).chosen)).toHaveLength(5);
  });
});

describe('choosing conditions', () => {
  it('adds a condition at the end', () => {
    expect(uuids(chooseImpairment([hypertension], thyroid, names).chosen)).toEqual([
      'hypertension',
      'thyroid',
    ]);
  });

  it('S-58 C-08 allows 3 further conditions with Abnormal BMI', () => {
    let chosen: Impairment[] = [abnormalBmi];
    for (const imp of [hypertension, thyroid, asthma])
      chosen = chooseImpairment(chosen, imp, names).chosen;
    expect(chosen).toHaveLength(4);
  });

  it('S-59 a 4th further condition is dropped again, leaving 3', () => {
    const chosen = [abnormalBmi, hypertension, thyroid, asthma];
    const outcome = chooseImpairment(chosen, prostate, names);
    expect(uuids(outcome.chosen)).toEqual(uuids(chosen));
    expect(outcome.refused).toBe('impairment_limit_with_abnormal_bmi');
  });

  it('S-58 without Abnormal BMI there is no limit of 3', () => {
    const outcome = chooseImpairment([hypertension, thyroid, asthma], prostate, names);
    expect(outcome.refused).toBeNull();
  });

  it('bars High / Low BMI while Abnormal BMI is present', () => {
    expect(choiceRefusal([abnormalBmi], highLowBmi, names)).toBe('impairment_high_low_bmi_barred');
    expect(choiceRefusal([hypertension], highLowBmi, names)).toBeNull();
  });

  it('refuses a condition already chosen and more than 50', () => {
    expect(choiceRefusal([hypertension], hypertension, names)).toBe('impairment_already_chosen');
    const fifty = Array.from({ length: 50 }, (_, i) => copyOf(others, `c${i}`));
    expect(choiceRefusal(fifty, thyroid, names)).toBe('impairment_limit');
  });

  it('S-38 removing a condition drops it and tells when it was Abnormal BMI', () => {
    expect(removeImpairment([hypertension, abnormalBmi], 'abnormal-bmi', names)).toEqual({
      chosen: [hypertension],
      deletedAbnormalBmi: true,
    });
    expect(removeImpairment([hypertension], 'hypertension', names).deletedAbnormalBmi).toBe(false);
    expect(removeImpairment([hypertension], 'nope', names).chosen).toEqual([hypertension]);
  });

  it('C-08 with Abnormal BMI never more than 3 further conditions, whatever is chosen', () => {
    const pool = [
      hypertension,
      thyroid,
      asthma,
      prostate,
      ovarianCyst,
      highLowBmi,
      ...[1, 2].map((n) => copyOf(others, `o${n}`)),
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pool), { maxLength: 12 }), (picks) => {
        let chosen: Impairment[] = [abnormalBmi];
        for (const imp of picks) chosen = chooseImpairment(chosen, imp, names).chosen;
        expect(chosen.length).toBeLessThanOrEqual(4);
        expect(chosen.some((i) => i.uuid === 'high-low-bmi')).toBe(false);
      }),
    );
  });
});

describe('gender change', () => {
  const chosen = [hypertension, ovarianCyst, prostate];

  it('S-60 removes conditions for the other gender and returns them', () => {
    const outcome = applyGenderChange(chosen, 'Male');
    expect(uuids(outcome.removed)).toEqual(['ovarian-cyst']);
    expect(uuids(outcome.kept)).toEqual(['hypertension', 'prostate']);
  });

  it('S-61 keeps conditions for both genders, self-defined ones included', () => {
    const own = createSelfDefined(others, 'Gout', 1_700_000_000_000)!;
    const outcome = applyGenderChange([...chosen, own], 'Female');
    expect(uuids(outcome.kept)).toEqual(['hypertension', 'ovarian-cyst', own.uuid]);
    expect(uuids(outcome.removed)).toEqual(['prostate']);
  });

  it('S-63 removes nothing when every condition matches', () => {
    expect(applyGenderChange([hypertension, prostate], 'Male').removed).toEqual([]);
  });

  it('keeps everything while the gender is unset', () => {
    expect(matchesGender(ovarianCyst, null)).toBe(true);
    expect(applyGenderChange(chosen, null).removed).toEqual([]);
  });
});

describe('self-defined conditions', () => {
  it('E-12 a typed condition is built from the Others template with a timestamped uuid', () => {
    const own = createSelfDefined(others, '  Gout  ', 1_700_000_000_000)!;
    expect(own.uuid).toBe('other-impairment-1700000000000');
    expect(own.selfDefined).toBe(true);
    expect(own.name).toEqual({ en: 'Gout', cn_traditional: 'Gout' });
    expect(isSelfDefinedUuid(own.uuid, 'other-impairment')).toBe(true);
    expect(isSelfDefinedUuid('hypertension', 'other-impairment')).toBe(false);
    expect(isSelfDefinedUuid('thyroid-12', 'other-impairment')).toBe(false);
  });

  it('E-12 two conditions typed in the same millisecond get distinct uuids', () => {
    const first = createSelfDefined(others, 'Gout', 5)!;
    const second = createSelfDefined(others, 'Eczema', 5, [first])!;
    expect(second.uuid).not.toBe(first.uuid);
    expect(second.uuid).toBe('other-impairment-6');
  });

  it('E-45 shows the generic Others questions under the typed name', () => {
    const own = createSelfDefined(others, 'Gout', 7)!;
    const shown = visibleQuestions(own, {});
    expect(shown.map((q) => q.uuid)).toEqual(others.questionList.map((q) => q.uuid));
    expect(shown.every((q) => q.parentUuid === own.uuid && q.uuidPath === own.uuid)).toBe(true);
    const answers = Object.fromEntries(shown.map((q) => [q.uuid, [{ value: 'x', unit: '' }]]));
    expect(
      decideImpairment(own, answers, INDICATORS, { asOf: '2026-01-01' }).indicators,
    ).not.toBeNull();
  });

  it('refuses a blank name and cuts a long one at 200 characters', () => {
    expect(createSelfDefined(others, '   ', 1)).toBeNull();
    expect(createSelfDefined(others, 'x'.repeat(300), 1)!.name.en).toHaveLength(200);
  });
});

describe('typed text naming a catalogue condition', () => {
  const list = [hypertension, asthma, thyroid];

  it('T-04 chooses the catalogue condition whose name the text is, in either language, any case, spaces around ignored', () => {
    expect(catalogueConditionNamed(list, 'Hypertension')).toBe(hypertension);
    expect(catalogueConditionNamed(list, '  hYPERTENSION ')).toBe(hypertension);
    expect(catalogueConditionNamed(list, '高血壓')).toBe(hypertension);
    expect(catalogueConditionNamed(list, '\u3000高血壓 ')).toBe(hypertension);
    expect(catalogueConditionNamed(list, 'ASTHMA')).toBe(asthma);
  });

  it('T-04 finds none for a part of a name, another name or blank text', () => {
    expect(catalogueConditionNamed(list, 'Hyper')).toBeUndefined();
    expect(catalogueConditionNamed(list, 'Hypertension 2')).toBeUndefined();
    expect(catalogueConditionNamed(list, '高血')).toBeUndefined();
    expect(catalogueConditionNamed(list, '   ')).toBeUndefined();
  });
});

describe('product change', () => {
  it('T-06 removes the conditions the new product does not offer and returns them', () => {
    const typed = createSelfDefined(others, 'Bunion', 1)!;
    const outcome = applyProductChange(
      [hypertension, asthma, typed, abnormalBmi],
      [asthma, thyroid],
      [abnormalBmi.uuid, highLowBmi.uuid, others.uuid],
    );
    expect(uuids(outcome.kept)).toEqual([asthma.uuid, typed.uuid, abnormalBmi.uuid]);
    expect(uuids(outcome.removed)).toEqual([hypertension.uuid]);
  });

  it('removes nothing when the new product offers every chosen condition', () => {
    const outcome = applyProductChange([hypertension, asthma], [asthma, hypertension], []);
    expect(uuids(outcome.kept)).toEqual([hypertension.uuid, asthma.uuid]);
    expect(outcome.removed).toEqual([]);
  });
});
