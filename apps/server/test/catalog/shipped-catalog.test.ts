import { QUESTION_TYPES, UNIT_LABELS, type Catalog, type Impairment } from '@vmer/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  checkSourceTexts,
  readSourceDir,
  SHIPPED_CATALOG_DIR,
} from '../../src/catalog/source-files.ts';

/** What the product ships (design §6), read the way the server seeds it. */
describe('the shipped sample catalogue', () => {
  let catalog: Catalog;
  let others: Impairment;

  beforeAll(async () => {
    const check = checkSourceTexts(await readSourceDir(SHIPPED_CATALOG_DIR));
    if (!check.catalog)
      throw new Error(`the shipped catalogue has problems: ${JSON.stringify(check.problems)}`);
    catalog = check.catalog;
    const found = catalog.impairments.find((i) => i.uuid === catalog.settings.otherImpairment);
    if (!found) throw new Error('no Others');
    others = found;
  });

  it('is labelled illustrative sample data, offers at least 40 conditions and uses every question type', () => {
    expect(catalog.notes).toMatch(/illustrative sample data, not underwriting advice/i);
    expect(catalog.impairments.length).toBeGreaterThanOrEqual(40);
    const types = new Set(catalog.impairments.flatMap((i) => i.questionList.map((q) => q.type)));
    expect([...types].sort()).toEqual([...QUESTION_TYPES].sort());
  });

  it('T-13 every unit the shipped catalogue offers has its label in both languages', () => {
    const units = new Set(
      catalog.impairments.flatMap((i) => i.questionList.flatMap((q) => q.units ?? [])),
    );
    expect(units.size).toBeGreaterThan(30);
    expect([...units].filter((unit) => !Object.hasOwn(UNIT_LABELS, unit))).toEqual([]);
  });

  it('flags asthma and hypertension as needing a smoking status, each with a smoking question', () => {
    const needing = catalog.impairments.filter((i) => i.needsSmoking).map((i) => i.uuid);
    expect(needing).toEqual(expect.arrayContaining(['asthma', 'hypertension']));
    for (const uuid of ['asthma', 'hypertension']) {
      const impairment = catalog.impairments.find((i) => i.uuid === uuid);
      const question = impairment?.questionList.find(
        (q) => q.uuid === impairment.smokingQuestionUuid,
      );
      expect(question?.answerList.map((o) => o.smokingValue)).toEqual([
        'current-over-1-pack',
        'current-under-1-pack',
        'quit-within-period',
        'quit-before-period',
        'never',
      ]);
    }
  });

  it('E-35 has the generic Others condition for both genders, with uuid, decision, exNoList and questions', () => {
    expect(others).toMatchObject({
      uuid: 'other-impairment',
      name: { en: 'Others' },
      gender: 'Both',
      decision: catalog.indicators.map((i) => i.code),
      exNoList: [],
      selfDefined: false,
    });
  });

  it('E-36 Others has exactly eight generic questions, each under the Others impairment', () => {
    expect(others.questionList).toHaveLength(8);
    expect(others.questionList.every((q) => q.parentUuid === others.uuid && q.level === 1)).toBe(
      true,
    );
  });

  const question = (n: number) => {
    const q = others.questionList[n - 1];
    if (!q) throw new Error(`no question ${n}`);
    return {
      text: q.question.en.toLowerCase(),
      placeholder: q.placeholder?.en.toLowerCase() ?? '',
    };
  };

  it('E-37 question 1 asks for the exact diagnosis and its date', () => {
    expect(question(1).text).toMatch(/exact diagnosis/);
    expect(question(1).text).toMatch(/when/);
  });

  it('E-38 question 2 asks for the symptoms and when they last occurred', () => {
    expect(question(2).text).toMatch(/symptoms.*last occur/);
  });

  it('E-39 question 3 asks for investigations or tests, their results and copies of the reports', () => {
    expect(question(3).text).toMatch(/investigations or tests.*results.*copies of the reports/);
  });

  it('E-40 question 4 asks about hospitalisation and the days; its placeholder mentions 3 days', () => {
    expect(question(4).text).toMatch(/hospital.*how many days/);
    expect(question(4).placeholder).toMatch(/3 days/);
  });

  it('E-41 question 5 asks about surgery or day-care procedures: name, date, copies of reports', () => {
    expect(question(5).text).toMatch(
      /surgery or day-care procedure.*name.*date.*copies of the reports/,
    );
  });

  it('E-42 question 6 asks about the treatment, its duration and whether it is ongoing', () => {
    expect(question(6).text).toMatch(/treatment.*how long.*still ongoing/);
  });

  it('E-43 question 7 asks about full recovery and follow-up advice', () => {
    expect(question(7).text).toMatch(/fully recovered.*follow-up/);
  });

  it('E-44 question 8 asks about recurrence and how many times', () => {
    expect(question(8).text).toMatch(/come back.*how many times/);
  });

  it('E-46 C-12 C-13 E-47 has smoking lists A (6 months) and B (12 months) of five bilingual options', () => {
    expect(catalog.smokingLists.map((l) => [l.id, l.lookbackMonths])).toEqual([
      ['A', 6],
      ['B', 12],
    ]);
    for (const list of catalog.smokingLists) {
      const labels = list.options.map((o) => o.label.en.toLowerCase());
      expect(labels[0]).toMatch(/currently.*more than 1 pack per day/);
      expect(labels[1]).toMatch(/currently.*less than 1 pack per day/);
      expect(labels[2]).toMatch(new RegExp(`quit within the last ${list.lookbackMonths} months`));
      expect(labels[3]).toMatch(new RegExp(`quit more than ${list.lookbackMonths} months ago`));
      expect(labels[4]).toMatch(/never smoked/);
      expect(list.options.every((o) => o.label.cn_traditional.trim() !== '')).toBe(true);
    }
  });

  it('E-48 gives phkl one smoking list (B) and every other insurer the other (A)', () => {
    const lists = Object.fromEntries(catalog.insurers.map((i) => [i.code, i.smokingList]));
    expect(lists.phkl).toBe('B');
    for (const [code, list] of Object.entries(lists))
      if (code !== 'phkl') expect(list, code).toBe('A');
    expect(catalog.insurers.find((i) => i.code === 'phkl')?.lastAgeOption).toBe(true);
    expect(catalog.insurers.find((i) => i.code === 'slhk')?.printCover).toBe(true);
  });

  it('has an insurer for every demo user’s insurer code', () => {
    expect(catalog.insurers.map((i) => i.code).sort()).toEqual(
      expect.arrayContaining(['demo', 'phkl', 'slhk']),
    );
  });
});
