import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Catalog, Impairment } from '@vmer/domain';
import { selfDefinedCondition } from '@vmer/domain/impairments';
import type { DisclosureExport } from '@vmer/domain/lifecycle';
import { consolidate, decideAll } from '@vmer/domain/decision-engine';
import type { ChosenImpairment } from '@vmer/domain/questionnaire';
import { buildExportWorkbook } from '../../src/disclosures/export-workbook.ts';
import {
  api,
  DATABASES,
  questionnaireVersion,
  tokenFor,
  suiteApp,
  putLanguage,
} from '../helpers.ts';
import {
  answersFor,
  documentFor,
  impairmentOf,
  PHKL,
  PROFILE,
  sampleCatalog,
  DISCLOSURE_API,
  disclosureFields,
} from './fixtures.ts';

const FORMULA_NAME = '=HYPERLINK("https://evil.example","Click")';

describe.each(DATABASES)('who may export, and what the spreadsheet holds, on %s', (database) => {
  const t = suiteApp(database);
  const tokens: Record<string, string> = {};
  let version: string;
  let catalog: Catalog;
  let others: Impairment;

  beforeAll(async () => {
    for (const user of ['interviewer1', 'admin1']) tokens[user] = await tokenFor(t.baseUrl, user);
    version = await questionnaireVersion(t.baseUrl, tokens.interviewer1!);
    catalog = await sampleCatalog();
    const template = impairmentOf(catalog, catalog.settings.otherImpairment);
    others = selfDefinedCondition(template, `${template.uuid}-1`, FORMULA_NAME);
  });

  /** A complete disclosure: hypertension, and a self-defined condition with the name and free-text answers given. */
  function payload(freeText: string) {
    const hypertension = impairmentOf(catalog, 'hypertension');
    const answers = answersFor(others);
    for (const q of others.questionList) {
      if (q.type === 'T' && answers[q.uuid] !== undefined)
        answers[q.uuid] = [{ value: freeText, unit: q.units?.[0] ?? '' }];
    }
    const doc = documentFor(version, [
      { impairment: hypertension, answers: answersFor(hypertension, 'opening') },
      { impairment: others, answers, name: FORMULA_NAME, selfDefined: true },
    ]);
    return {
      applicationNumber: 'APP9001',
      ...disclosureFields(doc),
      ...PHKL,
    };
  }

  const exportAs = (user: string, body: unknown) =>
    api<DisclosureExport>(t.baseUrl, `${DISCLOSURE_API}/disclosure/export`, {
      token: tokens[user],
      body,
    });

  it('T-37 an administrator may not export disclosures: 403 with the translated message, in both languages', async () => {
    const refused = await exportAs('admin1', payload('Seen by Dr Chan'));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 403, message: 'You are not allowed to do this.' });
    expect(refused.body.body).toBeUndefined();

    const choose = (language: string) => putLanguage(t.baseUrl, tokens.admin1, language);
    await choose('cn_traditional');
    try {
      const cn = await exportAs('admin1', payload('Seen by Dr Chan'));
      expect(cn.status).toBe(403);
      expect(cn.body.message).toBe('您無權執行此操作。');
    } finally {
      await choose('en');
    }
  });

  it('T-38 text that a spreadsheet would read as a formula is written with a leading apostrophe, in every cell', async () => {
    const answers = ['+1', '-1', '@SUM(A1)', '=1+1', '\tTAB', '\rCR'];
    for (const text of answers) {
      const r = await exportAs('interviewer1', payload(text));
      expect(r.status, text).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(
        Buffer.from(r.body.body!.content, 'base64') as unknown as ArrayBuffer,
      );

      const texts: string[] = [];
      for (const sheet of workbook.worksheets) {
        sheet.eachRow((row) =>
          row.eachCell((cell) => {
            if (typeof cell.value === 'string') texts.push(cell.value);
          }),
        );
      }
      // No text cell of any sheet starts with a character that opens a formula.
      expect(
        texts.filter((value) => /^[=+\-@\t\r]/.test(value)),
        text,
      ).toEqual([]);

      const summary = workbook.getWorksheet(1)!;
      const conditions: string[] = [];
      summary.eachRow((row) => conditions.push(String(row.getCell(1).value ?? '')));
      expect(conditions).toContain(`'${FORMULA_NAME} (condition typed by the interviewer)`);

      const sheet = workbook.getWorksheet(3)!;
      const answerColumn: string[] = [];
      sheet.eachRow((row) => answerColumn.push(String(row.getCell(4).value ?? '')));
      // XML reads a carriage return back as a line feed.
      const written = `'${text}`.replace('\r', '\n');
      expect(
        answerColumn.some((value) => value.startsWith(written)),
        text,
      ).toBe(true);
    }
  });
});

describe('debit points in the spreadsheet', () => {
  it('T-38 are number cells shown with their sign, so that neutralising text leaves them numbers', async () => {
    const catalog = await sampleCatalog();
    const indicators = catalog.indicators.map((i) => i.code);
    // The first condition of the sample catalogue whose first answers give debit points.
    const debits = (c: ChosenImpairment) =>
      Object.values(decideAll([c], { indicators, asOf: '2026-01-15' })[0]?.indicators ?? {}).some(
        (r) => /^[1-9]\d*$/.test(r.value),
      );
    const chosen = catalog.impairments
      .filter((i) => !i.selfDefined)
      .map((impairment) => ({ impairment, answers: answersFor(impairment) }))
      .find(debits)!;
    expect(chosen).toBeDefined();
    const decisions = decideAll([chosen], { indicators, asOf: '2026-01-15' });
    const insurer = catalog.insurers.find((i) => i.code === 'phkl')!;
    const buffer = await buildExportWorkbook({
      language: 'en',
      catalog,
      catalogVersion: 'v-test',
      insurerCode: 'phkl',
      channel: insurer.channels[0]!.code,
      productCode: insurer.channels[0]!.products[0]!.code,
      applicationNumber: 'APP1',
      profile: PROFILE,
      bmi: 24.2,
      chosen: [chosen],
      decisions,
      consolidated: consolidate(decisions, indicators),
      generatedAt: new Date('2026-01-15T06:30:00Z'),
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
    // Results sit right of column 1 (the condition on the summary, the question number on a condition's sheet).
    const results: { value: number; numFmt: string }[] = [];
    workbook.eachSheet((sheet) =>
      sheet.eachRow((row) =>
        row.eachCell((cell) => {
          if (typeof cell.value === 'number' && Number(cell.col) > 1)
            results.push({ value: cell.value, numFmt: cell.numFmt });
        }),
      ),
    );
    expect(results.length).toBeGreaterThan(0);
    for (const cell of results) {
      expect(cell.value).toBeGreaterThan(0);
      expect(cell.numFmt).toBe('+0;-0;0');
    }
  });
});
