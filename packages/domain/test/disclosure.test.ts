import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  buildDocument,
  canExport,
  canPrint,
  canSave,
  canSubmit,
  catalogSource,
  checkDocument,
  enablement,
  impairmentsToLoad,
  readDocument,
  resolveImpairment,
} from '../src/disclosure.ts';
import { profileBmi, recomputeDocument, submitIssues } from '../src/evaluation.ts';
import type { DisclosureState, EnablementInput } from '../src/disclosure.ts';
import { decideAll } from '../src/decision-engine.ts';
import { createSelfDefined } from '../src/impairments.ts';
import { chooseOption } from '../src/questionnaire.ts';
import type { ChosenImpairment } from '../src/questionnaire.ts';
import { disclosureDocumentSchema } from '../src/model.ts';
import type { DisclosureDocument, Profile } from '../src/model.ts';
import {
  abnormalBmi,
  asthma,
  catalog,
  hypertension,
  INDICATORS,
  others,
  thyroid,
} from './fixtures.ts';

const asOf = '2026-01-01';
const date = (value: string) => ({ value, exact: true, zoneId: 'Asia/Hong_Kong' });
const profile: Profile = { age: 45, gender: 'Male', rsmScore: 'A', smokingStatus: 'never' };
const htnAnswers = {
  'htn-diagnosed': date('2015-03-01'),
  'htn-controlled': ['htn-controlled-yes'],
  'htn-smoking': ['htn-smoking-never'],
};
const gout = createSelfDefined(others, 'Gout', 1_700_000_000_000)!;
const goutAnswers = Object.fromEntries(
  others.questionList.map((q) => [q.uuid, [{ value: 'none', unit: '' }]]),
);

const state = (): DisclosureState => ({
  profile,
  chosen: [
    { impairment: hypertension, answers: htnAnswers },
    { impairment: gout, answers: goutAnswers },
  ],
});

const doc = (overrides: Partial<DisclosureDocument> = {}): DisclosureDocument => ({
  ...buildDocument(state(), { catalogVersion: 'v1' }),
  ...overrides,
});

describe('building the document', () => {
  it('writes schemaVersion 1 with the profile and each impairment', () => {
    const built = doc();
    expect(disclosureDocumentSchema.safeParse(built).success).toBe(true);
    expect(built.schemaVersion).toBe(1);
    expect(built.catalogVersion).toBe('v1');
    expect(built.profile).toEqual(profile);
    expect(built.impairments.map((i) => [i.uuid, i.name, i.selfDefined])).toEqual([
      ['hypertension', 'Hypertension', false],
      [gout.uuid, 'Gout', true],
    ]);
  });

  it('lists only answered shown questions, children under their own uuid, in order', () => {
    let answers = chooseOption(hypertension, htnAnswers, 'htn-controlled', 'htn-controlled-no');
    answers = {
      ...answers,
      'htn-systolic': [{ value: '150', unit: 'mmHg' }],
      'stale-hidden': ['x'],
    };
    const built = buildDocument(
      { profile, chosen: [{ impairment: hypertension, answers }] },
      { catalogVersion: 'v1' },
    );
    expect(built.impairments[0]!.answers.map((a) => a.questionUuid)).toEqual([
      'htn-diagnosed',
      'htn-controlled',
      'htn-systolic',
      'htn-smoking',
    ]);
  });

  it('keeps a draft line typed without its unit, drops empty answers', () => {
    const answers = {
      ...htnAnswers,
      'htn-controlled': ['htn-controlled-no'],
      'htn-systolic': [{ value: '150', unit: '' }],
      'htn-notes': [{ value: ' ', unit: '' }],
      'htn-medication': [],
    };
    const built = buildDocument(
      { profile, chosen: [{ impairment: hypertension, answers }] },
      { catalogVersion: 'v1' },
    );
    const listed = built.impairments[0]!.answers.map((a) => a.questionUuid);
    expect(listed).toContain('htn-systolic');
    expect(listed).not.toContain('htn-notes');
    expect(listed).not.toContain('htn-medication');
  });

  it('writes the decisions it is given, exclusions as "EX1,EX3", empty while incomplete', () => {
    const chosen: ChosenImpairment[] = [
      {
        impairment: thyroid,
        answers: {
          'thy-symptoms': ['thy-sym-goitre', 'thy-sym-weight'],
          'thy-treatment': ['thy-treat-tablets'],
        },
      },
      { impairment: asthma, answers: {} },
    ];
    const decisions = decideAll(chosen, { indicators: INDICATORS, asOf });
    const built = buildDocument({ profile, chosen }, { catalogVersion: 'v1', decisions });
    expect(built.impairments.map((i) => i.decision)).toEqual([
      { LIFE: '50', CI: 'EX1,EX3', MED: 'EX1' },
      {},
    ]);
  });
});

describe('reading the document back', () => {
  it('restores the state it was built from', () => {
    const read = readDocument(doc(), catalogSource(catalog));
    expect(read.issues).toEqual([]);
    expect(read.profile).toEqual(profile);
    expect(read.chosen.map((c) => c.impairment.uuid)).toEqual(['hypertension', gout.uuid]);
    expect(read.chosen[0]!.impairment).toBe(hypertension);
    expect(read.chosen[0]!.answers).toEqual(htnAnswers);
    expect(read.chosen[1]!.answers).toEqual(goutAnswers);
  });

  it('E-45 a self-defined condition comes back with its typed name and the Others questions', () => {
    const restored = readDocument(doc(), catalogSource(catalog)).chosen[1]!.impairment;
    expect(restored).toMatchObject({ uuid: gout.uuid, selfDefined: true, name: { en: 'Gout' } });
    expect(restored.questionList.map((q) => q.uuid)).toEqual(
      others.questionList.map((q) => q.uuid),
    );
  });

  it('leaves out and reports impairments it does not know', () => {
    const bad = doc({
      impairments: [{ uuid: 'nope', name: 'x', selfDefined: false, answers: [] }],
    });
    const read = readDocument(bad, catalogSource(catalog));
    expect(read.chosen).toEqual([]);
    expect(read.issues).toEqual([
      {
        code: 'disclosure_unknown_impairment',
        path: 'impairments[0].uuid',
        params: { impairment: 'nope' },
      },
    ]);
  });

  it('names the impairments whose questions a reader must load', () => {
    expect(impairmentsToLoad(doc(), 'other-impairment')).toEqual([
      'hypertension',
      'other-impairment',
    ]);
  });

  it('resolves self-defined entries only from a template-made uuid', () => {
    const source = catalogSource(catalog);
    expect(
      resolveImpairment({ uuid: 'hypertension-12', name: 'x', selfDefined: true }, source),
    ).toBeUndefined();
    expect(
      resolveImpairment({ uuid: 'other-impairment-12', name: 'x', selfDefined: false }, source),
    ).toBeUndefined();
    expect(
      resolveImpairment({ uuid: 'other-impairment', name: 'Others', selfDefined: false }, source),
    ).toBe(others);
    expect(
      resolveImpairment(
        { uuid: gout.uuid, name: 'Gout', selfDefined: true },
        { ...source, impairment: () => undefined },
      ),
    ).toBeUndefined();
  });

  it('round-trips any mix of answers to shown questions', () => {
    const options = ['thy-sym-goitre', 'thy-sym-weight', 'thy-sym-eyes', 'thy-sym-none'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...options), { maxLength: 6 }), (clicks) => {
        let answers = {};
        for (const o of clicks) answers = chooseOption(thyroid, answers, 'thy-symptoms', o);
        const chosen = [{ impairment: thyroid, answers }];
        const read = readDocument(
          buildDocument({ profile, chosen }, { catalogVersion: 'v' }),
          catalogSource(catalog),
        );
        expect(read.chosen[0]!.answers).toEqual(answers);
      }),
    );
  });
});

describe('checking the document', () => {
  it('accepts a document built from a valid state', () => {
    expect(checkDocument(doc(), catalog)).toEqual({ ok: true, issues: [] });
  });

  it('names an unknown impairment uuid', () => {
    const bad = doc({
      impairments: [{ uuid: 'flu', name: 'Flu', selfDefined: false, answers: [] }],
    });
    expect(checkDocument(bad, catalog).issues).toEqual([
      {
        code: 'disclosure_unknown_impairment',
        path: 'impairments[0].uuid',
        params: { impairment: 'flu' },
      },
    ]);
  });

  it('names a self-defined condition not made from the Others template, or without a name', () => {
    const bad = doc({
      impairments: [
        { uuid: 'hypertension-1', name: 'x', selfDefined: true, answers: [] },
        { uuid: 'other-impairment-2', name: '  ', selfDefined: true, answers: [] },
      ],
    });
    expect(checkDocument(bad, catalog).issues.map((i) => [i.code, i.path])).toEqual([
      ['disclosure_unknown_impairment', 'impairments[0].uuid'],
      ['disclosure_self_defined_name', 'impairments[1].name'],
    ]);
  });

  it('checks a self-defined condition against the Others questions', () => {
    const bad = doc({
      impairments: [
        {
          uuid: 'other-impairment-2',
          name: 'Gout',
          selfDefined: true,
          answers: [{ questionUuid: 'htn-controlled', answer: ['htn-controlled-yes'] }],
        },
      ],
    });
    expect(checkDocument(bad, catalog).issues[0]).toMatchObject({
      code: 'disclosure_unknown_question',
      path: 'impairments[0].answers[0].questionUuid',
    });
  });

  it('names unknown and repeated questions, repeated impairments, unknown options and wrong shapes', () => {
    const bad = doc({
      impairments: [
        {
          uuid: 'hypertension',
          name: 'Hypertension',
          selfDefined: false,
          answers: [
            { questionUuid: 'nope', answer: ['x'] },
            { questionUuid: 'htn-controlled', answer: ['htn-controlled-maybe'] },
            { questionUuid: 'htn-controlled', answer: ['htn-controlled-yes'] },
            { questionUuid: 'htn-diagnosed', answer: '2015-03-01' },
            {
              questionUuid: 'htn-smoking',
              answer: ['htn-smoking-never', 'htn-smoking-quit-within-period'],
            },
          ],
        },
        { uuid: 'hypertension', name: 'Hypertension', selfDefined: false, answers: [] },
      ],
    });
    const result = checkDocument(bad, catalog);
    expect(result.ok).toBe(false);
    expect(result.issues.map((i) => [i.code, i.path])).toEqual([
      ['disclosure_unknown_question', 'impairments[0].answers[0].questionUuid'],
      ['answer_unknown_option', 'impairments[0].answers[1].answer'],
      ['disclosure_duplicate_answer', 'impairments[0].answers[2].questionUuid'],
      ['answer_wrong_shape', 'impairments[0].answers[3].answer'],
      ['answer_single_choice', 'impairments[0].answers[4].answer'],
      ['disclosure_duplicate_impairment', 'impairments[1].uuid'],
    ]);
    expect(result.issues[1]!.params).toMatchObject({
      question: 'htn-controlled',
      option: 'htn-controlled-maybe',
    });
  });
});

describe('recomputing on the server', () => {
  it('ignores the decision the client sent and stores its own', () => {
    const sent = doc();
    sent.impairments[0]!.decision = { LIFE: '0', CI: '0', MED: '0' };
    sent.impairments[1]!.decision = { LIFE: '0' };
    const stored = recomputeDocument(sent, catalog, asOf);
    expect(stored.impairments.map((i) => i.decision)).toEqual([
      { LIFE: '0', CI: '25', MED: '0' },
      { LIFE: 'U', CI: 'U', MED: 'U' },
    ]);
  });

  it('takes names from the catalogue, keeps typed names, drops hidden and unknown answers', () => {
    const sent = doc();
    sent.impairments[0] = {
      ...sent.impairments[0]!,
      name: 'Something else',
      answers: [
        ...sent.impairments[0]!.answers,
        { questionUuid: 'htn-systolic', answer: [{ value: '200', unit: 'mmHg' }] },
        { questionUuid: 'zzz', answer: [] },
      ],
    };
    const stored = recomputeDocument(sent, catalog, asOf);
    expect(stored.impairments[0]!.name).toBe('Hypertension');
    expect(stored.impairments[1]!.name).toBe('Gout');
    expect(stored.impairments[0]!.answers.map((a) => a.questionUuid)).toEqual([
      'htn-diagnosed',
      'htn-controlled',
      'htn-smoking',
    ]);
  });

  it('S-49 leaves an incomplete impairment with an empty decision', () => {
    const sent = doc();
    sent.impairments[0]!.answers = sent.impairments[0]!.answers.slice(1);
    expect(recomputeDocument(sent, catalog, asOf).impairments[0]!.decision).toEqual({});
  });

  it('S-53 S-55 adds the BMI rule decision, from height and weight, to Abnormal BMI', () => {
    const sent: DisclosureDocument = {
      schemaVersion: 1,
      catalogVersion: 'v1',
      profile: {
        ...profile,
        height: '{"cm":170,"ft":5,"inch":6.93}',
        weight: '{"kg":95,"lb":209.44}',
        bmi: 20,
      },
      impairments: [
        {
          uuid: 'abnormal-bmi',
          name: 'Abnormal BMI',
          selfDefined: false,
          answers: [{ questionUuid: 'bmi-stable', answer: ['bmi-stable-no'] }],
        },
      ],
    };
    const stored = recomputeDocument(sent, catalog, asOf);
    expect(stored.profile.bmi).toBe(32.9);
    expect(stored.impairments[0]!.decision).toEqual({ LIFE: '100', CI: '75', MED: '25' });
  });

  it('uses the BMI sent when height or weight is missing', () => {
    expect(profileBmi({ ...profile, bmi: 31 })).toBe(31);
    expect(profileBmi(profile)).toBeNull();
    const sent = doc();
    expect(recomputeDocument(sent, catalog, asOf).profile).toEqual(profile);
  });

  it('keeps an entry it cannot resolve, without a decision', () => {
    const sent = doc({
      impairments: [
        { uuid: 'flu', name: 'Flu', selfDefined: false, answers: [], decision: { LIFE: '0' } },
      ],
    });
    expect(recomputeDocument(sent, catalog, asOf).impairments[0]).toEqual({
      uuid: 'flu',
      name: 'Flu',
      selfDefined: false,
      answers: [],
      decision: {},
    });
  });
});

describe('submit issues', () => {
  it('lists nothing for a complete disclosure', () => {
    expect(submitIssues('APP1', doc(), catalog)).toEqual([]);
  });

  it('lists missing basic data, the smoking status, unanswered questions and no condition', () => {
    const sent = doc({ profile: { age: 17, gender: null, rsmScore: null } });
    sent.impairments[0]!.answers = [];
    const codes = submitIssues('', sent, catalog).map((i) => i.code);
    expect(codes).toEqual([
      'application_number_required',
      'age_min',
      'gender_required',
      'rsm_score_required',
      'smoking_required',
      'disclosure_unanswered',
      'disclosure_unanswered',
      'disclosure_unanswered',
    ]);
    expect(submitIssues('A1', doc({ impairments: [] }), catalog).map((i) => i.code)).toEqual([
      'please_choose_video_mer',
    ]);
  });

  it('names the unanswered question and its condition', () => {
    const sent = doc();
    sent.impairments[1]!.answers = sent.impairments[1]!.answers.slice(1);
    expect(submitIssues('A1', sent, catalog)).toEqual([
      {
        code: 'disclosure_unanswered',
        path: 'impairments[1]',
        params: { impairment: gout.uuid, question: 'other-diagnosis' },
      },
    ]);
  });
});

describe('enabling Save, Submit, Export and Print', () => {
  const basic = {
    applicationNumber: 'A1',
    age: 45,
    gender: 'Male' as const,
    rsmScore: 'A' as const,
  };
  const input = (
    chosen: ChosenImpairment[],
    overrides: Partial<EnablementInput> = {},
  ): EnablementInput => ({
    basic,
    smokingStatus: 'never',
    chosen,
    decisions: decideAll(chosen, { indicators: INDICATORS, asOf }),
    ...overrides,
  });
  const complete: ChosenImpairment = { impairment: hypertension, answers: htnAnswers };
  const incomplete: ChosenImpairment = { impairment: thyroid, answers: {} };

  it('S-52 Save and Submit are enabled with the four fields and a decided condition', () => {
    expect(enablement(input([complete]))).toEqual({
      save: true,
      submit: true,
      export: true,
      print: true,
    });
  });

  it('S-50 V-01 V-06 V-13 V-14 Save and Submit stay disabled while a basic field is empty', () => {
    for (const missing of ['applicationNumber', 'age', 'gender', 'rsmScore'] as const) {
      const e = enablement(
        input([complete], {
          basic: { ...basic, [missing]: missing === 'applicationNumber' ? ' ' : null },
        }),
      );
      expect([missing, e.save, e.submit, e.export]).toEqual([missing, false, false, false]);
    }
  });

  it('V-10 under 18, Save, Submit and Export stay disabled', () => {
    const e = enablement(input([complete], { basic: { ...basic, age: 17 } }));
    expect([e.save, e.submit, e.export]).toEqual([false, false, false]);
    expect(canSave(input([complete], { basic: { ...basic, age: 18 } }))).toBe(true);
  });

  it('S-51 Save and Submit stay disabled with no condition decided', () => {
    expect(canSave(input([]))).toBe(false);
    expect(canSave(input([incomplete]))).toBe(false);
    expect(canSubmit(input([incomplete]))).toBe(false);
  });

  it('S-52 Save needs one decided condition; Submit needs every condition complete', () => {
    const both = input([complete, incomplete]);
    expect(canSave(both)).toBe(true);
    expect(canSubmit(both)).toBe(false);
  });

  it('V-15 Submit needs a smoking status when a condition needs one', () => {
    expect(canSubmit(input([complete], { smokingStatus: '' }))).toBe(false);
    expect(canSave(input([complete], { smokingStatus: '' }))).toBe(true);
    const noSmoking: ChosenImpairment = {
      impairment: abnormalBmi,
      answers: { 'bmi-stable': ['bmi-stable-yes'] },
    };
    expect(canSubmit(input([noSmoking], { smokingStatus: null }))).toBe(true);
  });

  it('V-58 V-59 Export needs complete basic data and no unanswered mandatory question', () => {
    expect(canExport(input([complete, incomplete]))).toBe(false);
    expect(canExport(input([complete], { basic: { ...basic, rsmScore: null } }))).toBe(false);
    expect(canExport(input([complete]))).toBe(true);
  });

  it('V-60 V-61 Print needs every condition to have a decision', () => {
    expect(canPrint(input([complete, incomplete]))).toBe(false);
    expect(canPrint(input([complete]))).toBe(true);
  });
});
