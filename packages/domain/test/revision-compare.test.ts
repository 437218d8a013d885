import { describe, expect, it } from 'vitest';
import type { Catalog, DisclosureDocument, Profile } from '../src/model.ts';
import { compareRevisions, type RevisionSide } from '../src/revision-compare.ts';
import type { RevisionSummary } from '../src/workbench.ts';
import { bi, catalog, hypertension, thyroid } from './fixtures.ts';

const PROFILE: Profile = {
  birthDate: '01031981',
  age: 45,
  gender: 'Male',
  rsmScore: 'A',
  height: JSON.stringify({ cm: 170, ft: 5, inch: 6.93 }),
  weight: JSON.stringify({ kg: 70, lb: 154.32 }),
  bmi: 24.2,
  smokingStatus: 'never',
};

const summary = (revision: number): RevisionSummary => ({
  revision,
  operation: 'save',
  status: 2,
  catalogVersion: '1',
  actor: 'interviewer1',
  at: '2026-01-01T00:00:00.000Z',
});

const controlledYes = {
  uuid: 'hypertension',
  name: 'Hypertension',
  selfDefined: false,
  answers: [
    { questionUuid: 'htn-diagnosed', answer: { value: '2015-03-01', exact: true, zoneId: 'UTC' } },
    { questionUuid: 'htn-controlled', answer: ['htn-controlled-yes'] },
  ],
  decision: { LIFE: '0', CI: '25', MED: '0' },
};

const doc = (
  impairments: DisclosureDocument['impairments'],
  profile: Profile = PROFILE,
): DisclosureDocument => ({ schemaVersion: 1, catalogVersion: '1', profile, impairments });

const side = (revision: number, document: DisclosureDocument, on: Catalog = catalog) => ({
  summary: summary(revision),
  document,
  catalog: on,
});

const compare = (from: RevisionSide, to: RevisionSide, language: 'en' | 'cn_traditional' = 'en') =>
  compareRevisions(from, to, 'phkl', language);

describe('compareRevisions', () => {
  it('W-13 two revisions with the same content have no differences', () => {
    const same = doc([controlledYes]);
    const result = compare(side(1, same), side(2, same));
    expect(result.from.revision).toBe(1);
    expect(result.to.revision).toBe(2);
    expect(result).toMatchObject({
      profile: [],
      conditionsAdded: [],
      conditionsRemoved: [],
      answers: [],
      decisions: [],
    });
  });

  it('W-13 a changed profile field shows its name and both values in words, in either language', () => {
    const before = side(1, doc([controlledYes]));
    const after = side(
      2,
      doc([controlledYes], {
        ...PROFILE,
        weight: JSON.stringify({ kg: 80, lb: 176.37 }),
        gender: 'Female',
      }),
    );
    expect(compare(before, after).profile).toEqual([
      { field: 'Gender', before: 'Male', after: 'Female' },
      { field: 'Weight', before: '70 kg (154.32 lb)', after: '80 kg (176.37 lb)' },
    ]);
    expect(compare(before, after, 'cn_traditional').profile).toEqual([
      { field: '性別', before: '男', after: '女' },
      { field: '體重', before: '70 公斤 (154.32 磅)', after: '80 公斤 (176.37 磅)' },
    ]);
  });

  it("W-13 the smoking status reads from the insurer's smoking list, the age basis and BMI in words", () => {
    const before = side(1, doc([controlledYes]));
    const after = side(
      2,
      doc([controlledYes], {
        ...PROFILE,
        smokingStatus: 'quit-within-period',
        ageBasis: 'next',
        bmi: 27.68,
      }),
    );
    expect(compare(before, after).profile).toEqual([
      { field: 'Age basis', before: '', after: 'Age at next birthday' },
      { field: 'BMI', before: '24.2', after: '27.7' },
      {
        field: 'Smoking status',
        before: 'never (12 months)',
        after: 'quit-within-period (12 months)',
      },
    ]);
    // slhk reads list A.
    expect(compareRevisions(before, after, 'slhk', 'en').profile[2]?.after).toBe(
      'quit-within-period (6 months)',
    );
  });

  it('W-13 conditions added and removed are named in the language, their answers listed', () => {
    const thyroidEntry = {
      uuid: 'thyroid',
      name: 'Thyroid',
      selfDefined: false,
      answers: [{ questionUuid: 'thy-symptoms', answer: ['thy-sym-none'] }],
      decision: { LIFE: '0', CI: '0', MED: '0' },
    };
    const before = side(1, doc([controlledYes]));
    const after = side(2, doc([thyroidEntry]));
    const en = compare(before, after);
    expect(en.conditionsAdded).toEqual([thyroid.name.en]);
    expect(en.conditionsRemoved).toEqual(['Hypertension']);
    expect(en.answers).toContainEqual({
      condition: thyroid.name.en,
      change: 'added',
      before: null,
      after: {
        questionUuid: 'thy-symptoms',
        question: 'question thy-symptoms',
        answer: 'label thy-sym-none',
      },
    });
    expect(en.answers.filter((a) => a.change === 'removed').map((a) => a.before?.question)).toEqual(
      ['question htn-diagnosed', 'question htn-controlled'],
    );
    const cn = compare(before, after, 'cn_traditional');
    expect(cn.conditionsRemoved).toEqual(['高血壓']);
    expect(cn.answers[0]!.after?.question).toBe('「question thy-symptoms」');
  });

  it('W-13 an answer changed, added and removed reads as question and answer text with units', () => {
    const before = side(1, doc([controlledYes]));
    const after = side(
      2,
      doc([
        {
          ...controlledYes,
          answers: [
            { questionUuid: 'htn-controlled', answer: ['htn-controlled-no'] },
            { questionUuid: 'htn-systolic', answer: [{ value: '150', unit: 'mmHg' }] },
          ],
          decision: { LIFE: '50', CI: '75', MED: 'EX2' },
        },
      ]),
    );
    const result = compare(before, after);
    expect(result.conditionsAdded).toEqual([]);
    expect(result.answers).toEqual([
      {
        condition: 'Hypertension',
        change: 'changed',
        before: {
          questionUuid: 'htn-controlled',
          question: 'question htn-controlled',
          answer: 'label htn-controlled-yes',
        },
        after: {
          questionUuid: 'htn-controlled',
          question: 'question htn-controlled',
          answer: 'label htn-controlled-no',
        },
      },
      {
        condition: 'Hypertension',
        change: 'added',
        before: null,
        after: {
          questionUuid: 'htn-systolic',
          question: 'question htn-systolic',
          answer: expect.stringContaining('150') as string,
        },
      },
      {
        condition: 'Hypertension',
        change: 'removed',
        before: {
          questionUuid: 'htn-diagnosed',
          question: 'question htn-diagnosed',
          answer: '01/03/2015',
        },
        after: null,
      },
    ]);
    expect(result.answers[1]!.after!.answer).toContain('mmHg');
  });

  it('W-13 decisions that differ are listed per condition and benefit, before and after', () => {
    const before = side(1, doc([controlledYes]));
    const after = side(
      2,
      doc([{ ...controlledYes, decision: { LIFE: '50', CI: '25', MED: 'EX2' } }]),
    );
    expect(compare(before, after).decisions).toEqual([
      { condition: 'Hypertension', indicator: 'LIFE', before: '0', after: '50' },
      { condition: 'Hypertension', indicator: 'MED', before: '0', after: 'EX2' },
    ]);
  });

  it('W-13 each revision reads against its own catalogue version: a renamed question reads as it did', () => {
    const renamed: Catalog = {
      ...catalog,
      impairments: catalog.impairments.map((i) =>
        i.uuid !== hypertension.uuid
          ? i
          : {
              ...i,
              questionList: i.questionList.map((q) =>
                q.uuid === 'htn-controlled'
                  ? { ...q, question: bi('Is it under control now?') }
                  : q,
              ),
            },
      ),
    };
    const before = side(1, doc([controlledYes]));
    const after = side(
      2,
      doc([
        {
          ...controlledYes,
          answers: [
            controlledYes.answers[0]!,
            { questionUuid: 'htn-controlled', answer: ['htn-controlled-no'] },
          ],
        },
      ]),
      renamed,
    );
    const [change] = compare(before, after).answers;
    expect(change?.before?.question).toBe('question htn-controlled');
    expect(change?.after?.question).toBe('Is it under control now?');
  });

  it('W-13 a self-defined condition is named as typed', () => {
    const typed = {
      uuid: `${catalog.settings.otherImpairment}-1700000000000`,
      name: 'Knee surgery',
      selfDefined: true,
      answers: [],
    };
    const result = compare(side(1, doc([controlledYes])), side(2, doc([controlledYes, typed])));
    expect(result.conditionsAdded).toEqual(['Knee surgery']);
  });
});
