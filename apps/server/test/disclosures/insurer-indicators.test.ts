/**
 * Indicators per insurer (requirements K-13) over HTTP: the shipped catalogue decides on Life,
 * Critical Illness and Medical, and slhk names Life and Critical Illness only.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { Catalog, DisclosureDocument, UserInfo } from '@vmer/domain';
import type { questionnaireSchema } from '@vmer/domain/api';
import type { DisclosureExport, DisclosureSaved } from '@vmer/domain/lifecycle';
import {
  api,
  buildTestApp,
  DATABASES,
  questionnaireVersion,
  tokenFor,
  type TestApp,
} from '../helpers.ts';
import {
  completeDocument,
  DISCLOSURE_API,
  disclosureFields,
  PHKL,
  SLHK,
  sampleCatalog,
} from './fixtures.ts';

describe.each(DATABASES)('indicators per insurer on %s', (database) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let catalog: Catalog;
  let version: string;

  beforeAll(async () => {
    t = await buildTestApp({ database });
    for (const user of ['agent1', 'interviewer1', 'uw1', 'uw2']) {
      tokens[user] = await tokenFor(t.baseUrl, user);
    }
    catalog = await sampleCatalog();
    version = await questionnaireVersion(t.baseUrl, tokens.uw1!);
  });
  afterAll(async () => t?.close());

  const body = (product: typeof PHKL, applicationNumber: string) => ({
    applicationNumber,
    ...disclosureFields(completeDocument(catalog, version)),
    ...product,
  });
  const call = <T>(user: string, path: string, payload: unknown) =>
    api<T>(t.baseUrl, `${DISCLOSURE_API}${path}`, { token: tokens[user], body: payload });

  /** The Summary sheet's decision header: the condition column, then one per indicator. */
  async function decisionColumns(content: string): Promise<string[]> {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(content, 'base64') as unknown as ArrayBuffer);
    const columns: string[] = [];
    workbook.getWorksheet('Summary')!.eachRow((row) => {
      if (row.getCell(1).value === 'Condition') {
        row.eachCell((cell) => columns.push(String(cell.value)));
      }
    });
    return columns;
  }

  it('K-13 the user info and the questionnaire give an slhk user Life and Critical Illness only', async () => {
    const info = await api<UserInfo>(t.baseUrl, '/api/user/info/get', { token: tokens.agent1 });
    expect(info.body.body?.indicateList.map((i) => i.code)).toEqual(['LIFE', 'CI']);
    expect(info.body.body?.consolidateList.map((i) => i.indicator)).toEqual(['LIFE', 'CI']);
    const questionnaire = await api<z.infer<typeof questionnaireSchema>>(
      t.baseUrl,
      '/api/questionnaire/get',
      {
        token: tokens.uw1,
      },
    );
    expect(questionnaire.body.body?.indicators.map((i) => i.code)).toEqual(['LIFE', 'CI', 'MED']);
    expect(
      questionnaire.body.body?.insurers.map(({ code, indicators }) => ({ code, indicators })),
    ).toEqual([
      { code: 'phkl', indicators: ['LIFE', 'CI', 'MED'] },
      { code: 'slhk', indicators: ['LIFE', 'CI'] },
    ]);
  });

  it('K-13 the questionnaire gives a demo user the demo insurer’s own wording of EX2', async () => {
    const questionnaire = await api<z.infer<typeof questionnaireSchema>>(
      t.baseUrl,
      '/api/questionnaire/get',
      { token: tokens.uw2 },
    );
    const [demo] = questionnaire.body.body?.insurers ?? [];
    expect(demo?.code).toBe('demo');
    expect(demo?.exclusions.find((e) => e.code === 'EX2')?.wording.en).toBe(
      'Asthma and any other disease of the lungs or airways is excluded.',
    );
    expect(demo?.exclusions.find((e) => e.code === 'EX1')).toEqual(
      catalog.exclusions.find((e) => e.code === 'EX1'),
    );
  });

  it('K-13 an slhk disclosure is decided on Life and Critical Illness; a phkl one on all three', async () => {
    const decided = async (user: string, product: typeof PHKL, number: string) => {
      const saved = await call<DisclosureSaved>(user, '/disclosure/save', body(product, number));
      expect(saved.status).toBe(200);
      const doc = JSON.parse(saved.body.body!.disclosureJson) as DisclosureDocument;
      return doc.impairments.map((entry) => Object.keys(entry.decision ?? {}));
    };
    expect(await decided('agent1', SLHK, 'K13SLHK')).toEqual([
      ['LIFE', 'CI'],
      ['LIFE', 'CI'],
    ]);
    expect(await decided('interviewer1', PHKL, 'K13PHKL')).toEqual([
      ['LIFE', 'CI', 'MED'],
      ['LIFE', 'CI', 'MED'],
    ]);
  });

  it('K-13 the exported workbook has a decision column for each of the insurer’s indicators', async () => {
    const exported = async (user: string, product: typeof PHKL) => {
      const r = await call<DisclosureExport>(user, '/disclosure/export', body(product, 'K13X'));
      expect(r.status).toBe(200);
      return decisionColumns(r.body.body!.content);
    };
    expect(await exported('agent1', SLHK)).toEqual(['Condition', 'Life', 'Critical Illness']);
    expect(await exported('interviewer1', PHKL)).toEqual([
      'Condition',
      'Life',
      'Critical Illness',
      'Medical',
    ]);
  });
});
