import { beforeAll, describe, expect, it } from 'vitest';
import type { AnswerMap } from '@vmer/domain/answers';
import { serializeHeight, serializeWeight } from '@vmer/domain/answers';
import type { DisclosureDocument, Impairment, Profile } from '@vmer/domain';
import { ageFromBirthDate, parseBirthDate } from '@vmer/domain/applicant';
import { DATABASES, signedInSuite } from '../helpers.ts';
import type { APPLICANT } from './fixtures.ts';
import {
  answersFor,
  documentFor,
  impairmentOf,
  PHKL,
  PROFILE,
  disclosureFields,
} from './fixtures.ts';

const date = (value: string) => ({ value, exact: true, zoneId: 'Asia/Hong_Kong' });

describe.each(DATABASES)('implausible answers are refused (I-16 to I-22) on %s', (database) => {
  const s = signedInSuite(database, 'interviewer1');
  let hypertension: Impairment;
  let highLowBmi: Impairment;

  beforeAll(() => {
    hypertension = impairmentOf(s.catalog, 'hypertension');
    highLowBmi = impairmentOf(s.catalog, 'high-low-bmi');
  });

  /** Hypertension answered down its opening children, with some answers replaced. */
  const hypertensionWith = (overrides: AnswerMap, profile: Profile = PROFILE) =>
    documentFor(
      s.version,
      [
        {
          impairment: hypertension,
          answers: { ...answersFor(hypertension, 'opening'), ...overrides },
        },
      ],
      profile,
    );

  /** Where a question's answer sits in the request body. */
  const answerPath = (doc: DisclosureDocument, questionUuid: string) => {
    const j = doc.impairments[0]!.answers.findIndex((a) => a.questionUuid === questionUuid);
    return `disclosureJson.impairments.0.answers.${j}.answer`;
  };

  const store = async (
    operation: 'save' | 'submit',
    doc: DisclosureDocument,
    basic: Partial<typeof APPLICANT> = {},
  ) => {
    const applicationNumber = s.nextApplicationNumber('PLAUS');
    const response = await s.call(`/disclosure/${operation}`, {
      body: { applicationNumber, ...PHKL, ...disclosureFields(doc), ...basic },
    });
    const stored = await s.t.app.db
      .selectFrom('disclosures')
      .select('id')
      .where('application_number', '=', applicationNumber)
      .execute();
    return { ...response, stored: stored.length };
  };

  /** Save and submit each answer 400 with this error, and nothing is written. */
  const expectRefused = async (
    doc: DisclosureDocument,
    error: { path: string; message: string },
    basic: Partial<typeof APPLICANT> = {},
  ) => {
    for (const operation of ['save', 'submit'] as const) {
      const r = await store(operation, doc, basic);
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('The disclosure has answers that cannot be true.');
      expect(r.body.errors).toContainEqual(error);
      expect(r.stored).toBe(0);
    }
  };

  it('I-16 I-22 a diagnosis dated 2090 is refused on save and submit, naming the question, in English and Chinese', async () => {
    const doc = hypertensionWith({ 'hypertension-diagnosed': date('2090-01-01') });
    const path = answerPath(doc, 'hypertension-diagnosed');
    await expectRefused(doc, {
      path,
      message:
        'Hypertension, question "When was high blood pressure first diagnosed?": This date cannot be in the future',
    });
    await s.setLanguage('cn_traditional');
    const chinese = await store('save', doc).finally(() => s.setLanguage('en'));
    expect(chinese.status).toBe(400);
    expect(chinese.body.errors).toContainEqual({
      path,
      message: expect.stringContaining('：此日期不能是將來的日期') as string,
    });
  });

  it('I-16 a date before the applicant’s birth date is refused', async () => {
    const doc = hypertensionWith({ 'hypertension-diagnosed': date('1975-05-01') });
    await expectRefused(doc, {
      path: answerPath(doc, 'hypertension-diagnosed'),
      message: expect.stringContaining('This date cannot be before the birth date') as string,
    });
  });

  it('I-17 a birth date disagreeing with the age is refused at the birth date, naming the age it gives', async () => {
    const doc = hypertensionWith({});
    const gives = ageFromBirthDate(parseBirthDate(PROFILE.birthDate!)!, new Date(), 'last');
    await expectRefused(
      doc,
      {
        path: 'disclosureJson.profile.birthDate',
        message: `The birth date gives age ${gives}: please check the birth date or the age`,
      },
      { age: gives + 10 },
    );
    // The age at the next birthday is taken when the age was typed by hand.
    const next = await store('save', doc, { age: gives + 1 });
    expect(next.status).toBe(200);
  });

  it("I-18 the applicant's height of 1701 cm and weight of 19 kg are refused at their fields", async () => {
    const doc = hypertensionWith(
      {},
      {
        ...PROFILE,
        height: serializeHeight({ cm: 1701, ft: 55, inch: 9.7 }),
        weight: serializeWeight({ kg: 19, lb: 41.89 }),
      },
    );
    await expectRefused(doc, {
      path: 'disclosureJson.profile.height',
      message: 'Height must be between 50 and 250 cm',
    });
    const r = await store('save', doc);
    expect(r.body.errors).toContainEqual({
      path: 'disclosureJson.profile.weight',
      message: 'Weight must be between 20 and 350 kg',
    });
  });

  it('I-18 a height answer of 1701 cm inside a condition is refused', async () => {
    const answers = {
      ...answersFor(highLowBmi),
      'high-low-bmi-height': serializeHeight({ cm: 1701, ft: 55, inch: 9.7 }),
    };
    const doc = documentFor(s.version, [{ impairment: highLowBmi, answers }]);
    await expectRefused(doc, {
      path: answerPath(doc, 'high-low-bmi-height'),
      message: expect.stringContaining('Height must be between 50 and 250 cm') as string,
    });
  });

  it("I-19 a number outside its question's own min/max is refused", async () => {
    const doc = hypertensionWith({
      'hypertension-systolic': [{ value: '1850', unit: 'mmHg' }],
    });
    await expectRefused(doc, {
      path: answerPath(doc, 'hypertension-systolic'),
      message: expect.stringContaining('The number must be between 50 and 300') as string,
    });
  });

  it('I-20 a condition for the other gender is refused on save and submit, naming it, in English and Chinese', async () => {
    const ovarianCyst = impairmentOf(s.catalog, 'ovarian-cyst');
    const doc = documentFor(s.version, [
      { impairment: ovarianCyst, answers: answersFor(ovarianCyst) },
    ]);
    const error = {
      path: 'disclosureJson.impairments.0.uuid',
      message: "Ovarian cyst does not apply to the applicant's gender.",
    };
    for (const operation of ['save', 'submit'] as const) {
      const r = await store(operation, doc, { gender: 'Male' });
      expect(r.status).toBe(400);
      expect(r.body.errors).toEqual([error]);
      expect(r.stored).toBe(0);
    }
    await s.setLanguage('cn_traditional');
    const chinese = await store('save', doc, { gender: 'Male' }).finally(() => s.setLanguage('en'));
    expect(chinese.body.errors).toEqual([
      { path: error.path, message: '「卵巢囊腫」不適用於申請人的性別。' },
    ]);
  });

  it('I-21 a smoking answer contradicting the smoking status is refused', async () => {
    const doc = hypertensionWith({
      'hypertension-smoking': ['hypertension-smoking-over-1-pack'],
    });
    await expectRefused(doc, {
      path: answerPath(doc, 'hypertension-smoking'),
      message: expect.stringContaining(
        'This answer contradicts the smoking status in the basic information',
      ) as string,
    });
  });

  it('I-22 the same document with plausible answers is saved with a decision', async () => {
    const r = await store('save', hypertensionWith({}));
    expect(r.status).toBe(200);
    expect(r.stored).toBe(1);
  });
});
