import { beforeAll, describe, expect, it } from 'vitest';
import type { DisclosureDocument, Impairment } from '@vmer/domain';
import { DATABASES, signedInSuite } from '../helpers.ts';
import {
  answersFor,
  documentFor,
  impairmentOf,
  PHKL,
  PROFILE,
  disclosureFields,
} from './fixtures.ts';

/** DDMMYYYY of the day `days` from today, in the server's calendar. */
function dayFromToday(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getDate())}${two(d.getMonth() + 1)}${d.getFullYear()}`;
}

describe.each(DATABASES)('the applicant’s birth date on %s', (database) => {
  const s = signedInSuite(database, 'interviewer1');
  let hypertension: Impairment;

  beforeAll(async () => {
    hypertension = impairmentOf(s.catalog, 'hypertension');
  });

  const documentBornOn = (birthDate: string): DisclosureDocument =>
    documentFor(
      s.version,
      [{ impairment: hypertension, answers: answersFor(hypertension, 'opening') }],
      { ...PROFILE, birthDate },
    );

  const storeDocument = (operation: 'save' | 'submit', doc: DisclosureDocument) =>
    s.call(`/disclosure/${operation}`, {
      body: {
        applicationNumber: s.nextApplicationNumber('BIRTH'),
        ...PHKL,
        ...disclosureFields(doc),
      },
    });

  const store = (operation: 'save' | 'submit', birthDate: string) =>
    storeDocument(operation, documentBornOn(birthDate));

  it('T-09 a birth date in the future is refused on save and submit with a translated 400 naming the field', async () => {
    for (const operation of ['save', 'submit'] as const) {
      const r = await store(operation, dayFromToday(2));
      expect(r.status).toBe(400);
      expect(r.body.errors).toContainEqual({
        path: 'disclosureJson.profile.birthDate',
        message: 'Birth date cannot be in the future',
      });
    }
    await s.setLanguage('cn_traditional');
    const chinese = await store('save', dayFromToday(400)).finally(() => s.setLanguage('en'));
    expect(chinese.status).toBe(400);
    expect(chinese.body.errors).toContainEqual({
      path: 'disclosureJson.profile.birthDate',
      message: '出生日期不能是將來的日期',
    });
  });

  it('T-09 an age derived from a birth date (an age basis given) needs that birth date: refused without it', async () => {
    const { birthDate: _none, ...withoutBirthDate } = PROFILE;
    const doc = documentFor(
      s.version,
      [{ impairment: hypertension, answers: answersFor(hypertension, 'opening') }],
      { ...withoutBirthDate, ageBasis: 'last' },
    );
    const r = await storeDocument('save', doc);
    expect(r.status).toBe(400);
    expect(r.body.errors).toContainEqual({
      path: 'disclosureJson.profile.birthDate',
      message: 'Birth Date cannot be empty',
    });
  });

  it('T-09 I-17 a birth date in the past that gives the age is stored', async () => {
    // Two days before today's date, PROFILE.age years back (28 February for a 29th).
    const day = dayFromToday(-2).replace(/^2902/, '2802');
    const r = await store('save', `${day.slice(0, 4)}${Number(day.slice(4)) - PROFILE.age!}`);
    expect(r.status).toBe(200);
  });
});
