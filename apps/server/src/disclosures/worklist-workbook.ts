import type { Bilingual, Indicator, Language } from '@vmer/domain';
import { readIndicatorResult } from '@vmer/domain/decision-engine';
import { textIn } from '@vmer/domain/languages';
import { STATUS_NAMES } from '@vmer/domain/status-names';
import type { WorklistEntry } from '@vmer/domain/workbench';
import ExcelJS from 'exceljs';
import {
  formatDebits,
  formatResult,
  formatTimestamp,
  neutraliseFormulas,
  printSetup,
  styleHeader,
  DISCLOSURE_KEY_LABELS,
} from './export-workbook.ts';

const decisionOf = (text: string | undefined) =>
  text === undefined ? undefined : readIndicatorResult(text);

export interface WorklistWorkbookInput {
  language: Language;
  /** The active catalogue's indicators: one decision column each, in its order. */
  indicators: readonly Indicator[];
  entries: readonly WorklistEntry[];
  generatedAt: Date;
}

const LABELS = {
  sheet: { en: 'Worklist', cn_traditional: '工作清單' },
  ...DISCLOSURE_KEY_LABELS,
  status: { en: 'Status', cn_traditional: '狀態' },
  needsReview: { en: 'Needs review', cn_traditional: '需要審核' },
  conditions: { en: 'Conditions', cn_traditional: '病症' },
  createdBy: { en: 'Created by', cn_traditional: '建立者' },
  createdAt: { en: 'Created', cn_traditional: '建立時間' },
  updatedAt: { en: 'Last changed', cn_traditional: '最後更改' },
  submittedAt: { en: 'Submitted', cn_traditional: '提交時間' },
  reviewer: { en: 'Reviewer', cn_traditional: '核保人' },
  rejectReason: { en: 'Reject reason', cn_traditional: '退回原因' },
  yes: { en: 'Yes', cn_traditional: '是' },
  no: { en: 'No', cn_traditional: '否' },
} satisfies Record<string, Bilingual>;

/**
 * The worklist as an xlsx workbook in the caller's language (requirements W-07): one sheet, a
 * row per disclosure with its status name, decision per benefit in the words of the
 * disclosure export, conditions, people and times (Hong Kong time), styled like the
 * disclosure export and with text that would start a formula neutralised.
 */
export async function buildWorklistWorkbook(input: WorklistWorkbookInput): Promise<Buffer> {
  const { language } = input;
  const t = (key: keyof typeof LABELS) => textIn(LABELS[key], language);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Video MER';
  workbook.created = input.generatedAt;
  const sheet = workbook.addWorksheet(t('sheet'), printSetup(language, 'landscape'));
  // Decisions of an older catalogue's indicators get a column too, named by their code.
  const codes = new Set(input.indicators.map((i) => i.code));
  const extra = [...new Set(input.entries.flatMap((e) => Object.keys(e.decisions)))].filter(
    (code) => !codes.has(code),
  );
  const decisionColumns = [
    ...input.indicators.map((i) => ({ code: i.code, label: textIn(i.label, language) })),
    ...extra.map((code) => ({ code, label: code })),
  ];
  const time = (iso: string | null) => (iso === null ? '' : formatTimestamp(new Date(iso)));
  sheet.columns = [
    { width: 22 },
    { width: 10 },
    { width: 12 },
    { width: 12 },
    { width: 14 },
    ...decisionColumns.map(() => ({ width: 20 })),
    { width: 12 },
    { width: 40 },
    { width: 16 },
    { width: 20 },
    { width: 20 },
    { width: 20 },
    { width: 16 },
    { width: 40 },
  ];
  styleHeader(
    sheet.addRow([
      t('applicationNumber'),
      t('insurer'),
      t('channel'),
      t('product'),
      t('status'),
      ...decisionColumns.map((c) => c.label),
      t('needsReview'),
      t('conditions'),
      t('createdBy'),
      t('createdAt'),
      t('updatedAt'),
      t('submittedAt'),
      t('reviewer'),
      t('rejectReason'),
    ]),
  );
  for (const entry of input.entries) {
    const row = sheet.addRow([
      entry.applicationNumber,
      entry.insurerCode.toUpperCase(),
      entry.channel.toUpperCase(),
      entry.productCode.toLowerCase(),
      textIn(STATUS_NAMES[entry.status], language),
      ...decisionColumns.map((c) => formatResult(decisionOf(entry.decisions[c.code]), language)),
      t(entry.needsReview ? 'yes' : 'no'),
      entry.conditions.join(', '),
      entry.createdBy,
      time(entry.createdAt),
      time(entry.updatedAt),
      time(entry.submittedAt),
      entry.reviewer ?? '',
      entry.rejectReason ?? '',
    ]);
    row.alignment = { wrapText: true, vertical: 'top' };
    formatDebits(row);
  }
  sheet.views = [{ state: 'frozen', ySplit: 1, xSplit: 1 }];
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: sheet.columnCount } };
  neutraliseFormulas(workbook);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
