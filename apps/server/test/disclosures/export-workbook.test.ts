import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Catalog, Language } from '@vmer/domain';
import { consolidate, decideAll } from '@vmer/domain/decision-engine';
import type { ChosenImpairment } from '@vmer/domain/questionnaire';
import { buildExportWorkbook, type ExportInput } from '../../src/disclosures/export-workbook.ts';
import { answersFor, impairmentOf, PROFILE, sampleCatalog } from './fixtures.ts';

let catalog: Catalog;
beforeAll(async () => {
  catalog = await sampleCatalog();
});

function input(language: Language, chosen: ChosenImpairment[]): ExportInput {
  const indicators = catalog.indicators.map((i) => i.code);
  const decisions = decideAll(chosen, { indicators, asOf: '2026-01-15' });
  return {
    language,
    catalog,
    catalogVersion: 'v-test',
    insurerCode: 'phkl',
    channel: catalog.insurers.find((i) => i.code === 'phkl')!.channels[0]!.code,
    productCode: catalog.insurers.find((i) => i.code === 'phkl')!.channels[0]!.products[0]!.code,
    applicationNumber: 'APP123',
    profile: PROFILE,
    bmi: 24.2,
    chosen,
    decisions,
    consolidated: consolidate(decisions, indicators),
    generatedAt: new Date('2026-01-15T06:30:00Z'),
  };
}

async function read(buffer: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  return workbook;
}

function column(sheet: ExcelJS.Worksheet, n: number): string[] {
  const values: string[] = [];
  sheet.eachRow((row) => values.push(String(row.getCell(n).value ?? '')));
  return values;
}

function valueBeside(sheet: ExcelJS.Worksheet, labelText: string): string {
  let found = '';
  sheet.eachRow((row) => {
    if (row.getCell(1).value === labelText) found = String(row.getCell(2).value ?? '');
  });
  return found;
}

describe('export workbook', () => {
  it('summarises the applicant and every decision, in English', async () => {
    const hypertension = impairmentOf(catalog, 'hypertension');
    const chosen = [{ impairment: hypertension, answers: answersFor(hypertension, 'opening') }];
    const data = input('en', chosen);
    const workbook = await read(await buildExportWorkbook(data));

    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Summary', '1. Hypertension']);
    const summary = workbook.getWorksheet('Summary')!;
    expect(summary.getCell('A1').value).toBe('Video MER disclosure');
    expect(summary.getCell('A1').font?.bold).toBe(true);
    expect(valueBeside(summary, 'Insurer')).toMatch(/^PHKL/);
    expect(valueBeside(summary, 'Application number')).toBe('APP123');
    expect(valueBeside(summary, 'Birth date')).toBe('01/03/1981');
    expect(valueBeside(summary, 'Gender')).toBe('Male');
    expect(valueBeside(summary, 'BMI')).toBe('24.2');
    expect(valueBeside(summary, 'Height')).toBe('170 cm (5 ft 6.93 in)');
    expect(valueBeside(summary, 'Smoking status')).toBe('Never smoked');
    expect(valueBeside(summary, 'Catalogue version')).toBe('v-test');
    expect(valueBeside(summary, 'Exported at')).toBe('2026-01-15 14:30 HKT');

    let header = 0;
    summary.eachRow((row, number) => {
      if (row.getCell(1).value === 'Condition') header = number;
    });
    expect(summary.getRow(header).font?.bold).toBe(true);
    const labels = catalog.indicators.map((i) => i.label.en);
    expect(labels.map((_, i) => summary.getRow(header).getCell(i + 2).value)).toEqual(labels);
    expect(summary.getRow(header + 1).getCell(1).value).toBe('Hypertension');
    expect(summary.getRow(header + 2).getCell(1).value).toBe('Consolidated decision');
    expect(summary.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(summary.pageSetup).toMatchObject({
      paperSize: 9,
      orientation: 'landscape',
      fitToPage: true,
      fitToWidth: 1,
    });
  });

  it('lists every shown question with its answer as the interviewer saw it', async () => {
    const hypertension = impairmentOf(catalog, 'hypertension');
    const answers = answersFor(hypertension, 'opening');
    const workbook = await read(
      await buildExportWorkbook(input('en', [{ impairment: hypertension, answers }])),
    );
    const sheet = workbook.getWorksheet('1. Hypertension')!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'No.', 'Section', 'Question', 'Answer']);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.pageSetup.printTitlesRow).toBe('1:1');
    expect(sheet.getColumn(3).width).toBeGreaterThan(40);

    const questions = column(sheet, 3);
    const answerCells = column(sheet, 4);
    const at = (text: string) => answerCells[questions.indexOf(text)];
    expect(at('When was high blood pressure first diagnosed?')).toBe('01/03/2015');
    expect(at('How is the blood pressure treated?')).toBe('Medication');
    // A child question follows its parent question and takes the next number, as on screen.
    const numbers = column(sheet, 1);
    const parent = questions.indexOf('How is the blood pressure treated?');
    expect(questions[parent + 1]).toBe('How many different blood pressure medicines are taken?');
    expect(Number(numbers[parent + 1])).toBe(Number(numbers[parent]) + 1);
    expect(questions.filter((q) => q.startsWith('Decision: '))).toHaveLength(
      catalog.indicators.length,
    );
  });

  it('lists the wording of every exclusion a condition gives', async () => {
    const indicators = catalog.indicators.map((i) => i.code);
    const chosen = catalog.impairments
      .map((impairment) => ({ impairment, answers: answersFor(impairment) }))
      .find(({ impairment, answers }) => {
        const [decision] = decideAll([{ impairment, answers }], { indicators, asOf: '2026-01-15' });
        return Object.values(decision?.indicators ?? {}).some((r) => r.value === 'EX');
      });
    expect(chosen, 'a sample condition giving an exclusion').toBeDefined();
    const data = input('en', [chosen!]);
    const codes = Object.values(data.decisions[0]!.indicators!).flatMap((r) => r.exclusions);
    const workbook = await read(await buildExportWorkbook(data));
    const summary = workbook.getWorksheet('Summary')!;
    for (const code of codes) {
      const wording = catalog.exclusions.find((e) => e.code === code)!.wording.en;
      expect(valueBeside(summary, code)).toBe(wording);
    }
    expect(column(summary, 1)).toContain('Exclusions');
  });

  it('K-13 lists an insurer’s own wording of an exclusion in place of the catalogue’s', async () => {
    const indicators = catalog.indicators.map((i) => i.code);
    const chosen = catalog.impairments
      .map((impairment) => ({ impairment, answers: answersFor(impairment) }))
      .find(({ impairment, answers }) => {
        const [decision] = decideAll([{ impairment, answers }], { indicators, asOf: '2026-01-15' });
        return Object.values(decision?.indicators ?? {}).some((r) => r.exclusions.includes('EX2'));
      });
    expect(chosen, 'a sample condition giving EX2').toBeDefined();
    const demo = catalog.insurers.find((i) => i.code === 'demo')!;
    const own = demo.exclusions?.find((e) => e.code === 'EX2')?.wording.en;
    expect(own).toBe('Asthma and any other disease of the lungs or airways is excluded.');
    const data = input('en', [chosen!]);
    const channel = demo.channels[0]!;
    const summaryOf = async (insurer: Partial<ExportInput>) =>
      (await read(await buildExportWorkbook({ ...data, ...insurer }))).getWorksheet('Summary')!;
    const forDemo = await summaryOf({
      insurerCode: 'demo',
      channel: channel.code,
      productCode: channel.products[0]!.code,
    });
    expect(valueBeside(forDemo, 'EX2')).toBe(own);
    const forPhkl = await summaryOf({});
    expect(valueBeside(forPhkl, 'EX2')).toBe(
      catalog.exclusions.find((e) => e.code === 'EX2')!.wording.en,
    );
  });

  it('writes the same workbook in Traditional Chinese', async () => {
    const hypertension = impairmentOf(catalog, 'hypertension');
    const answers = answersFor(hypertension, 'opening');
    const workbook = await read(
      await buildExportWorkbook(input('cn_traditional', [{ impairment: hypertension, answers }])),
    );
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['摘要', '1. 高血壓']);
    const summary = workbook.getWorksheet('摘要')!;
    expect(valueBeside(summary, '申請編號')).toBe('APP123');
    expect(valueBeside(summary, '性別')).toBe('男');
    expect(valueBeside(summary, '吸煙狀況')).toBe('從不吸煙');
    const sheet = workbook.getWorksheet('1. 高血壓')!;
    const questions = column(sheet, 3);
    expect(column(sheet, 4)[questions.indexOf('現時如何治療高血壓？')]).toBe('服用藥物');
  });

  it('T-13 the Chinese workbook names every unit in Chinese: height, weight and answers', async () => {
    const hypertension = impairmentOf(catalog, 'hypertension');
    const answers = answersFor(hypertension, 'opening');
    const systolic = hypertension.questionList.find((q) => q.uuid === 'hypertension-systolic')!;
    expect(systolic.units).toEqual(['mmHg']);
    const workbook = await read(
      await buildExportWorkbook(input('cn_traditional', [{ impairment: hypertension, answers }])),
    );
    const summary = workbook.getWorksheet('摘要')!;
    expect(valueBeside(summary, '身高')).toBe('170 厘米 (5 呎 6.93 吋)');
    expect(valueBeside(summary, '體重')).toBe('70 公斤 (154.32 磅)');
    const sheet = workbook.getWorksheet('1. 高血壓')!;
    const questions = column(sheet, 3);
    expect(column(sheet, 4)[questions.findIndex((q) => q.includes('收縮壓'))]).toBe('120 毫米汞柱');
    const english = await read(
      await buildExportWorkbook(input('en', [{ impairment: hypertension, answers }])),
    );
    expect(valueBeside(english.getWorksheet('Summary')!, 'Height')).toBe('170 cm (5 ft 6.93 in)');
  });
});
