import {
  answerCell,
  birthDateText,
  heightText,
  insurerExclusions,
  insurerIndicators,
  weightText,
  type Catalog,
  type IndicatorResult,
  type Language,
  type Profile,
} from '@vmer/domain';
import {
  exclusionCodesOf,
  readIndicatorResult,
  type ConsolidatedDecision,
  type ImpairmentDecision,
} from '@vmer/domain/decision-engine';
import { buildPages, numberedQuestions, type Page } from '@vmer/domain/paging';
import { answerOf, type ChosenImpairment } from '@vmer/domain/questionnaire';
import { textIn, type LocalizedText } from '@vmer/domain/languages';
import { PROFILE_FIELD_LABELS, PROFILE_VALUE_LABELS } from '@vmer/domain/revision-compare';
import { OVERRIDE_REASON_LABELS, type Override } from '@vmer/domain/workbench';
// Registers the Simplified Chinese converter: the labels and catalogue texts are derived.
import '@vmer/domain/simplified';
import ExcelJS from 'exceljs';
import { htmlToText } from '@vmer/domain/plain-text';
import { neutraliseFormula } from '@vmer/domain/formula';

/** Everything the spreadsheet shows, resolved against the disclosure's catalogue version. */
export interface ExportInput {
  language: Language;
  catalog: Catalog;
  catalogVersion: string;
  insurerCode: string;
  channel: string;
  productCode: string;
  applicationNumber: string;
  profile: Profile;
  bmi: number | null;
  chosen: readonly ChosenImpairment[];
  /** The server's decisions, one per chosen impairment, in the same order. */
  decisions: readonly ImpairmentDecision[];
  consolidated: ConsolidatedDecision;
  generatedAt: Date;
  /** A stored disclosure's reviewer overrides, listed beside the engine's decisions (W-18). */
  overrides?: readonly Override[];
}

/** What names a disclosure in both workbooks: its insurer, channel, product and application number. */
export const DISCLOSURE_KEY_LABELS = {
  insurer: { en: 'Insurer', cn_traditional: '保險公司' },
  channel: { en: 'Channel', cn_traditional: '渠道' },
  product: { en: 'Product', cn_traditional: '產品' },
  applicationNumber: { en: 'Application number', cn_traditional: '申請編號' },
} as const;

const LABELS = {
  title: { en: 'Video MER disclosure', cn_traditional: 'Video MER 披露' },
  summary: { en: 'Summary', cn_traditional: '摘要' },
  ...DISCLOSURE_KEY_LABELS,
  // The profile fields and their coded values read as the revision comparison names them.
  ...PROFILE_FIELD_LABELS,
  ...PROFILE_VALUE_LABELS,
  catalogVersion: { en: 'Catalogue version', cn_traditional: '目錄版本' },
  generatedAt: { en: 'Exported at', cn_traditional: '匯出時間' },
  decisions: { en: 'Decisions', cn_traditional: '核保決定' },
  condition: { en: 'Condition', cn_traditional: '病症' },
  consolidated: { en: 'Consolidated decision', cn_traditional: '綜合決定' },
  exclusions: { en: 'Exclusions', cn_traditional: '不保事項' },
  code: { en: 'Code', cn_traditional: '編號' },
  wording: { en: 'Wording', cn_traditional: '條款' },
  number: { en: 'No.', cn_traditional: '編號' },
  group: { en: 'Section', cn_traditional: '部分' },
  question: { en: 'Question', cn_traditional: '問題' },
  answer: { en: 'Answer', cn_traditional: '答案' },
  decision: { en: 'Decision', cn_traditional: '決定' },
  selfDefined: { en: 'condition typed by the interviewer', cn_traditional: '由面談員輸入的病症' },
  D: { en: 'Decline (D)', cn_traditional: '拒保 (D)' },
  P: { en: 'Postpone (P)', cn_traditional: '延期 (P)' },
  U: { en: 'Refer to underwriter (U)', cn_traditional: '轉介核保 (U)' },
  EX: { en: 'Exclusion', cn_traditional: '不保' },
  standard: { en: 'Standard (0)', cn_traditional: '標準 (0)' },
  footer: { en: 'Page &P of &N', cn_traditional: '第 &P 頁，共 &N 頁' },
  overrides: { en: 'Overrides', cn_traditional: '調整決定' },
  benefit: { en: 'Benefit', cn_traditional: '保障類別' },
  engineDecision: { en: 'Engine decision', cn_traditional: '系統決定' },
  override: { en: 'Override', cn_traditional: '調整後決定' },
  reason: { en: 'Reason', cn_traditional: '原因' },
  note: { en: 'Note', cn_traditional: '備註' },
  by: { en: 'By', cn_traditional: '調整人' },
  at: { en: 'At', cn_traditional: '時間' },
} satisfies Record<string, LocalizedText>;

type LabelKey = keyof typeof LABELS;

const HEADER_FILL: ExcelJS.Fill = {
  type: 'pattern',
  pattern: 'solid',
  fgColor: { argb: 'FFD9E2F3' },
};
const THIN_BORDER: Partial<ExcelJS.Borders> = {
  bottom: { style: 'thin', color: { argb: 'FF8EA9DB' } },
};
const WRAP: Partial<ExcelJS.Alignment> = { wrapText: true, vertical: 'top' };
/** Debit points are number cells shown with their sign (+25), so they stay numbers. */
const DEBIT_FORMAT = '+0;-0;0';

/**
 * The disclosure as an xlsx workbook in the caller's language (design §1, requirements §7): a
 * summary sheet (insurer, product, applicant, BMI, smoking status, every condition's decision
 * per indicator, the consolidated decision and the exclusion wordings) and one sheet per
 * condition listing every question shown and its answer as the interviewer saw it. Sheets are
 * set up to print on A4, one page wide, with the header row repeated and page numbers.
 */
export async function buildExportWorkbook(input: ExportInput): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Video MER';
  workbook.created = input.generatedAt;
  addSummarySheet(workbook, input);
  const names = new Set<string>([label(input.language, 'summary').toLowerCase()]);
  const pages = buildPages(input.chosen, input.language);
  input.chosen.forEach((chosen, i) => {
    addConditionSheet(
      workbook,
      input,
      chosen,
      input.decisions[i],
      sheetName(i + 1, chosen, input.language, names),
      pages,
    );
  });
  if (input.overrides?.length) addOverridesSheet(workbook, input, input.overrides);
  neutraliseFormulas(workbook);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Applies neutraliseFormula to every text cell of every sheet, whoever wrote the row. */
export function neutraliseFormulas(workbook: ExcelJS.Workbook): void {
  workbook.eachSheet((sheet) =>
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        if (cell.type === ExcelJS.ValueType.String && typeof cell.value === 'string') {
          cell.value = neutraliseFormula(cell.value);
        }
      }),
    ),
  );
}

function label(language: Language, key: LabelKey): string {
  return textIn(LABELS[key], language);
}

function addSummarySheet(workbook: ExcelJS.Workbook, input: ExportInput): void {
  const { language, catalog, profile } = input;
  const t = (key: LabelKey) => label(language, key);
  const sheet = workbook.addWorksheet(t('summary'), printSetup(language, 'landscape'));
  const indicators = insurerIndicators(catalog, input.insurerCode);
  const insurer = catalog.insurers.find((i) => i.code === input.insurerCode);
  const product = insurer?.channels
    .find((c) => c.code === input.channel)
    ?.products.find((p) => p.code === input.productCode);

  sheet.columns = [{ width: 34 }, ...indicators.map(() => ({ width: 24 }))];
  const title = sheet.addRow([t('title')]);
  title.font = { bold: true, size: 14 };

  const facts: [LabelKey, string][] = [
    [
      'insurer',
      withName(input.insurerCode.toUpperCase(), insurer && textIn(insurer.name, language)),
    ],
    ['channel', input.channel.toUpperCase()],
    [
      'product',
      withName(input.productCode.toLowerCase(), product && textIn(product.name, language)),
    ],
    ['applicationNumber', input.applicationNumber],
    ['birthDate', birthDateText(profile.birthDate)],
    ['age', profile.age === null ? '' : String(profile.age)],
    ['gender', profile.gender ? t(profile.gender) : ''],
    ['rsmScore', profile.rsmScore ?? ''],
    ['height', heightText(profile.height, language)],
    ['weight', weightText(profile.weight, language)],
    ['bmi', input.bmi === null ? '' : input.bmi.toFixed(1)],
    ['smokingStatus', smokingLabel(catalog, input.insurerCode, profile.smokingStatus, language)],
    ['catalogVersion', input.catalogVersion],
    ['generatedAt', formatTimestamp(input.generatedAt)],
  ];
  for (const [key, value] of facts) {
    const row = sheet.addRow([t(key), value]);
    row.getCell(1).font = { bold: true };
  }

  sheet.addRow([]);
  const heading = sheet.addRow([t('decisions')]);
  heading.font = { bold: true, size: 12 };
  const header = sheet.addRow([
    t('condition'),
    ...indicators.map((i) => textIn(i.label, language)),
  ]);
  styleHeader(header);
  const headerRow = header.number;
  input.chosen.forEach(({ impairment }, i) => {
    const decision = input.decisions[i]?.indicators ?? null;
    const row = sheet.addRow([
      conditionName(impairment, language),
      ...indicators.map((ind) => formatResult(decision?.[ind.code], language)),
    ]);
    row.alignment = WRAP;
    formatDebits(row);
  });
  const total = sheet.addRow([
    t('consolidated'),
    ...indicators.map((ind) => formatResult(input.consolidated.indicators[ind.code], language)),
  ]);
  formatDebits(total);
  total.font = { bold: true };
  total.border = { top: { style: 'thin' } };

  const codes = exclusionCodesOf(input.decisions);
  if (codes.length > 0) {
    sheet.addRow([]);
    sheet.addRow([t('exclusions')]).font = { bold: true, size: 12 };
    styleHeader(sheet.addRow([t('code'), t('wording')]));
    const wordings = insurerExclusions(catalog, input.insurerCode);
    for (const code of codes) {
      const exclusion = wordings.find((e) => e.code === code);
      const wording = exclusion ? textIn(exclusion.wording, language) : '';
      const row = sheet.addRow([code, wording]);
      sheet.mergeCells(row.number, 2, row.number, Math.max(2, indicators.length + 1));
      row.alignment = WRAP;
    }
  }

  sheet.views = [{ state: 'frozen', ySplit: 1, xSplit: 0 }];
  sheet.pageSetup.printTitlesRow = `${headerRow}:${headerRow}`;
}

/**
 * The reviewer's overrides (W-18): per condition and benefit the engine's decision and the
 * override side by side, the reason in words, the note, who and when.
 */
function addOverridesSheet(
  workbook: ExcelJS.Workbook,
  input: ExportInput,
  overrides: readonly Override[],
): void {
  const { language, catalog } = input;
  const t = (key: LabelKey) => label(language, key);
  const sheet = workbook.addWorksheet(t('overrides'), printSetup(language, 'landscape'));
  sheet.columns = [30, 16, 20, 20, 28, 40, 16, 20].map((width) => ({ width }));
  styleHeader(
    sheet.addRow(
      (
        [
          'condition',
          'benefit',
          'engineDecision',
          'override',
          'reason',
          'note',
          'by',
          'at',
        ] as const
      ).map(t),
    ),
  );
  for (const override of overrides) {
    const chosen = input.chosen.find((c) => c.impairment.uuid === override.impairmentUuid);
    const indicator = catalog.indicators.find((i) => i.code === override.indicator);
    const row = sheet.addRow([
      chosen ? conditionName(chosen.impairment, language) : override.impairmentUuid,
      indicator ? textIn(indicator.label, language) : override.indicator,
      override.engineDecision === ''
        ? ''
        : formatResult(readIndicatorResult(override.engineDecision), language),
      formatResult(readIndicatorResult(override.decision), language),
      textIn(OVERRIDE_REASON_LABELS[override.reason], language),
      override.note ?? '',
      override.by,
      formatTimestamp(new Date(override.at)),
    ]);
    row.alignment = WRAP;
    formatDebits(row);
  }
  sheet.views = [{ state: 'frozen', ySplit: 1, xSplit: 0 }];
}

function addConditionSheet(
  workbook: ExcelJS.Workbook,
  input: ExportInput,
  chosen: ChosenImpairment,
  decision: ImpairmentDecision | undefined,
  name: string,
  pages: readonly Page[],
): void {
  const { language, catalog } = input;
  const t = (key: LabelKey) => label(language, key);
  const sheet = workbook.addWorksheet(name, printSetup(language, 'portrait'));
  sheet.columns = [{ width: 8 }, { width: 20 }, { width: 55 }, { width: 40 }];
  const header = sheet.addRow([t('number'), t('group'), t('question'), t('answer')]);
  styleHeader(header);

  // Questions come in page order with the numbers the screen shows beside them.
  for (const { question: q, number } of numberedQuestions(pages, chosen.impairment.uuid)) {
    const row = sheet.addRow([
      number,
      textIn(q.group.header, language),
      htmlToText(textIn(q.question, language)),
      answerCell(q, answerOf(chosen.answers, q.uuid), language),
    ]);
    row.alignment = WRAP;
    row.getCell(3).alignment = { ...WRAP, indent: Math.min(q.level - 1, 5) * 2 };
  }

  sheet.addRow([]);
  const indicators = decision?.indicators ?? null;
  for (const indicator of insurerIndicators(catalog, input.insurerCode)) {
    const row = sheet.addRow([
      '',
      '',
      `${t('decision')}: ${textIn(indicator.label, language)}`,
      formatResult(indicators?.[indicator.code], language),
    ]);
    formatDebits(row);
    row.font = { bold: true };
  }
  sheet.views = [{ state: 'frozen', ySplit: 1, xSplit: 0 }];
}

export function printSetup(
  language: Language,
  orientation: 'portrait' | 'landscape',
): Partial<ExcelJS.AddWorksheetOptions> {
  return {
    pageSetup: {
      paperSize: 9,
      orientation,
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      horizontalCentered: true,
      margins: { left: 0.5, right: 0.5, top: 0.6, bottom: 0.6, header: 0.3, footer: 0.3 },
      printTitlesRow: '1:1',
    },
    headerFooter: { oddFooter: `&L&A&R${label(language, 'footer')}` },
  };
}

export function styleHeader(row: ExcelJS.Row): void {
  row.font = { bold: true };
  row.eachCell((cell) => {
    cell.fill = HEADER_FILL;
    cell.border = THIN_BORDER;
    cell.alignment = WRAP;
  });
}

function withName(code: string, name: string | undefined): string {
  return name ? `${code} – ${name}` : code;
}

function conditionName(impairment: ChosenImpairment['impairment'], language: Language): string {
  const name = textIn(impairment.name, language);
  return impairment.selfDefined ? `${name} (${label(language, 'selfDefined')})` : name;
}

/** An Excel sheet name: at most 31 characters, none of : \ / ? * [ ], unique in the workbook. */
function sheetName(
  n: number,
  chosen: ChosenImpairment,
  language: Language,
  taken: Set<string>,
): string {
  const clean = textIn(chosen.impairment.name, language)
    .replace(/[:\\/?*[\]]/g, ' ')
    .trim();
  let name = `${n}. ${clean}`.slice(0, 31).trim();
  for (let k = 2; taken.has(name.toLowerCase()); k++)
    name = `${n}-${k}. ${clean}`.slice(0, 31).trim();
  taken.add(name.toLowerCase());
  return name;
}

export function formatResult(
  result: IndicatorResult | undefined,
  language: Language,
): string | number {
  if (!result) return '';
  switch (result.value) {
    case 'D':
    case 'P':
    case 'U':
      return label(language, result.value);
    case 'EX':
      return `${label(language, 'EX')} ${result.exclusions.join(', ')}`;
    case '0':
      return label(language, 'standard');
    default:
      return Number(result.value);
  }
}

/** Shows the debit points of a row of results with their sign. */
export function formatDebits(row: ExcelJS.Row): void {
  row.eachCell((cell) => {
    if (typeof cell.value === 'number') cell.numFmt = DEBIT_FORMAT;
  });
}

function smokingLabel(
  catalog: Catalog,
  insurerCode: string,
  value: string | undefined,
  language: Language,
): string {
  if (!value) return '';
  const listId = catalog.insurers.find((i) => i.code === insurerCode)?.smokingList;
  const option = catalog.smokingLists
    .find((l) => l.id === listId)
    ?.options.find((o) => o.value === value);
  return option ? textIn(option.label, language) : value;
}

const HONG_KONG_TIME = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Hong_Kong',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

export function formatTimestamp(at: Date): string {
  const parts = Object.fromEntries(HONG_KONG_TIME.formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute} HKT`;
}
