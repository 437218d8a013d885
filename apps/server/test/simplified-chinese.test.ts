import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DisclosureExport } from '@vmer/domain/lifecycle';
import { api, DATABASES, signedInSuite, storedLanguage, putLanguage } from './helpers.ts';
import {
  completeDocument,
  disclosureFields,
  partialDocument,
  PHKL,
} from './disclosures/fixtures.ts';

describe.each(DATABASES)('Simplified Chinese on %s', (database) => {
  const s = signedInSuite(database, 'uw1');

  beforeAll(async () => {
    const chosen = await putLanguage(s.t.baseUrl, s.token, 'cn_simplified');
    expect(chosen.body).toEqual({ code: 200, body: { language: 'cn_simplified' } });
  });

  const payload = (answers: 'complete' | 'partial') => ({
    ...PHKL,
    applicationNumber: 'APP888',
    ...disclosureFields(
      answers === 'complete'
        ? completeDocument(s.catalog, s.version)
        : partialDocument(s.catalog, s.version),
    ),
  });

  it('L-29 a user may choose Simplified Chinese: it is stored and their errors read in Simplified Chinese', async () => {
    expect(await storedLanguage(s.t, 'uw1')).toBe('cn_simplified');
    const bad = await putLanguage(s.t.baseUrl, s.token, 'fr');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('请求无效。');
    expect(bad.body.errors).toEqual([{ path: 'language', message: '此值不在允许的选项中。' }]);
  });

  it('L-29 C-23 a caller without a token: s.token who reads zh-CN is answered in Simplified Chinese, zh-HK in Traditional', async () => {
    const simplified = await api(s.t.baseUrl, '/api/user/info/get', {
      headers: { 'accept-language': 'zh-CN,zh;q=0.9' },
    });
    expect(simplified.status).toBe(401);
    expect(simplified.body.message).toBe('请重新登入：登入凭证缺失、已过期或无效。');
    const traditional = await api(s.t.baseUrl, '/api/user/info/get', {
      headers: { 'accept-language': 'zh-HK' },
    });
    expect(traditional.body.message).toBe('請重新登入：登入憑證缺失、已過期或無效。');
  });

  it('L-29 L-30 a refused export names the unanswered questions in Simplified Chinese', async () => {
    const refused = await s.call(`/disclosure/export`, {
      body: payload('partial'),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toHaveLength(2);
    for (const error of refused.body.errors ?? []) {
      expect(error.message).toMatch(/^哮喘：请回答问题「.+」$/);
    }
  });

  it('L-29 L-30 the exported spreadsheet is in Simplified Chinese: labels, conditions and answers', async () => {
    const r = await s.call<DisclosureExport>(`/disclosure/export`, {
      body: payload('complete'),
    });
    expect(r.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(r.body.body!.content, 'base64') as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['摘要', '1. 高血压', '2. 哮喘']);
    const labels: string[] = [];
    workbook.getWorksheet('摘要')!.eachRow((row) => labels.push(String(row.getCell(1).value)));
    expect(labels).toEqual(
      expect.arrayContaining(['申请编号', '保险公司', '吸烟状况', '综合决定']),
    );
    const answers: string[] = [];
    workbook
      .getWorksheet('1. 高血压')!
      .eachRow((row) => row.eachCell((cell) => answers.push(String(cell.value ?? ''))));
    const text = answers.join('\n');
    expect(text).toContain('问题');
    expect(text.match(/[壓問題煙]/g) ?? []).toEqual([]);
  });
});
