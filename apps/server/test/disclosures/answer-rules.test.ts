/**
 * The rules the server applies to a saved, submitted or exported document, over HTTP on each
 * database: what the screen computes with the domain, the server refuses, keeps or numbers the
 * same way, and each refusal says what is wrong in the caller's language.
 */
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DisclosureDocument, Impairment } from '@vmer/domain';
import type { AnswerMap } from '@vmer/domain/answers';
import type { DisclosureExport } from '@vmer/domain/lifecycle';
import { buildPages, numberedQuestions } from '@vmer/domain/paging';
import { DATABASES, signedInSuite } from '../helpers.ts';
import { answersFor, disclosureFields, documentFor, impairmentOf, PHKL } from './fixtures.ts';

describe.each(DATABASES)('answer rules on %s', (database) => {
  const s = signedInSuite(database, 'interviewer1');
  let asthma: Impairment;

  beforeAll(async () => {
    asthma = impairmentOf(s.catalog, 'asthma');
  });

  const payload = (doc: DisclosureDocument, extra: Record<string, unknown> = {}) => ({
    applicationNumber: s.nextApplicationNumber('RULES'),
    ...disclosureFields(doc),
    ...PHKL,
    ...extra,
  });

  /** Saves as interviewer1, in the given language. */
  async function save(doc: DisclosureDocument, language = 'en', path = '/disclosure/save') {
    await s.setLanguage(language);
    try {
      return await s.call(`${path}`, {
        body: payload(doc),
      });
    } finally {
      if (language !== 'en') await s.setLanguage('en');
    }
  }

  const asthmaWith = (answers: AnswerMap) =>
    documentFor(s.version, [
      { impairment: asthma, answers: { ...answersFor(asthma), ...answers } },
    ]);
  const answerPath = (doc: DisclosureDocument, question: string) =>
    `disclosureJson.impairments.0.answers.${doc.impairments[0]!.answers.findIndex(
      (a) => a.questionUuid === question,
    )}.answer`;

  describe('exclusive options', () => {
    it('T-27 an exclusive option ("No medication now") sent with another option is refused with 400 naming the question', async () => {
      const doc = asthmaWith({
        'asthma-medication': ['asthma-medication-reliever', 'asthma-medication-none'],
      });
      const r = await save(doc);
      expect(r.status).toBe(400);
      expect(r.body.errors).toEqual([
        {
          path: answerPath(doc, 'asthma-medication'),
          message:
            'Question asthma-medication: answer option asthma-medication-none cannot be chosen together with other options',
        },
      ]);
      const cn = await save(doc, 'cn_traditional');
      expect(cn.body.errors?.[0]?.message).toBe(
        '問題 asthma-medication：答案選項 asthma-medication-none 不可與其他選項同時選擇',
      );
    });

    it('T-27 an exclusive option alone, or other options together, are saved', async () => {
      const alone = await save(asthmaWith({ 'asthma-medication': ['asthma-medication-none'] }));
      expect(alone.status).toBe(200);
      const several = await save(
        asthmaWith({
          'asthma-medication': ['asthma-medication-reliever', 'asthma-medication-preventer'],
        }),
      );
      expect(several.status).toBe(200);
    });
  });

  describe('each refused save says why', () => {
    it('T-31 a save without any condition is refused because no condition is chosen, in both languages', async () => {
      const doc = documentFor(s.version, []);
      const r = await save(doc);
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('The disclosure cannot be saved: no condition is chosen.');
      expect(r.body.errors).toEqual([
        { path: 'disclosureJson.impairments', message: 'Choose at least one condition.' },
      ]);
      const cn = await save(doc, 'cn_traditional');
      expect(cn.body.message).toBe('無法儲存披露：尚未選擇病症。');
      expect(cn.body.errors?.[0]?.message).toBe('請至少選擇一項病症。');
    });

    it('T-31 a save whose conditions have no decision yet is refused for that reason, in both languages', async () => {
      const doc = documentFor(s.version, [{ impairment: asthma, answers: {} }]);
      const r = await save(doc);
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(
        'The disclosure cannot be saved: no condition has a decision yet.',
      );
      expect(r.body.errors).toEqual([
        {
          path: 'disclosureJson.impairments',
          message:
            'Answer every mandatory question of at least one condition, so that it has a decision.',
        },
      ]);
      const cn = await save(doc, 'cn_traditional');
      expect(cn.body.message).toBe('無法儲存披露：尚未有任何病症得出決定。');
      expect(cn.body.errors?.[0]?.message).toBe('請回答至少一項病症的所有必答問題，使其得出決定。');
    });

    it('T-31 a save missing basic information says the basic information is not complete', async () => {
      const doc = documentFor(s.version, [{ impairment: asthma, answers: answersFor(asthma) }]);
      await s.setLanguage('en');
      const r = await s.call(`/disclosure/save`, {
        body: payload(doc, { gender: null }),
      });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('The basic information is not complete.');
      expect(r.body.errors?.map((e) => e.path)).toEqual(['gender']);
    });

    it('T-31 a submit without any condition names the missing condition, not "Please choose Video MER"', async () => {
      const r = await save(documentFor(s.version, []), 'en', '/disclosure/submit');
      expect(r.status).toBe(400);
      expect(r.body.errors).toContainEqual({
        path: 'disclosureJson.impairments',
        message: 'Choose at least one condition.',
      });
    });
  });

  describe('question numbers', () => {
    it('T-19 the spreadsheet numbers each condition’s questions as the screen does, across the questionnaire in page order', async () => {
      const hypertension = impairmentOf(s.catalog, 'hypertension');
      const chosen = [
        { impairment: hypertension, answers: answersFor(hypertension, 'opening') },
        { impairment: asthma, answers: answersFor(asthma, 'opening') },
      ];
      const r = await s.call<DisclosureExport>(`/disclosure/export`, {
        body: payload(documentFor(s.version, chosen)),
      });
      expect(r.status).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(
        Buffer.from(r.body.body!.content, 'base64') as unknown as ArrayBuffer,
      );
      const pages = buildPages(chosen, 'en');
      for (const [sheet, uuid] of [
        ['1. Hypertension', 'hypertension'],
        ['2. Asthma', 'asthma'],
      ] as const) {
        const rows: [string, string][] = [];
        workbook.getWorksheet(sheet)!.eachRow((row, n) => {
          const number = row.getCell(1).value;
          if (n > 1 && number !== null && number !== '') {
            rows.push([String(number), String(row.getCell(3).value)]);
          }
        });
        const onScreen = numberedQuestions(pages, uuid).map(
          ({ question, number }): [string, string] => [
            String(number),
            question.question.en.replace(/<[^>]+>/g, ''),
          ],
        );
        expect(rows.map(([number]) => number)).toEqual(onScreen.map(([number]) => number));
        expect(rows.map(([, text]) => text.slice(0, 20))).toEqual(
          onScreen.map(([, text]) => text.slice(0, 20)),
        );
      }
    });
  });

  describe('unreadable numbers', () => {
    it('T-28 a number answer that is not a number ("-") is refused naming the question, as the screen gives it no decision', async () => {
      const doc = asthmaWith({ 'asthma-attacks': [{ value: '-', unit: 'times' }] });
      const r = await save(doc);
      expect(r.status).toBe(400);
      expect(r.body.errors).toEqual([
        {
          path: answerPath(doc, 'asthma-attacks'),
          message: 'The answer to question asthma-attacks must be a number',
        },
      ]);
    });
  });
});
