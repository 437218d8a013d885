import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MESSAGES } from '@vmer/domain/messages';
import { describe, expect, it } from 'vitest';
import { SHIPPED_CATALOG_DIR } from '../src/catalog/source-files.ts';
import { HTTP_MESSAGES } from '../src/http/messages.ts';
import { errorPage, signInPage, signedOutPage, signOutPage } from '../src/oidc/pages.ts';

/**
 * The Chinese texts address the reader politely, as 您, everywhere: the informal 你 read as
 * careless beside it. 你們 (you, plural) would be the one exception, and no text needs it.
 */
const INFORMAL = /你(?!們)/;

async function yamlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && /\.ya?ml$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

describe('the Chinese register', () => {
  it('T-21 every Chinese message the server answers with addresses the user as 您, never 你', () => {
    const texts = [
      ...Object.values(HTTP_MESSAGES).map((m) => m.cn_traditional),
      ...Object.values(MESSAGES).map((m) => m.cn_traditional),
    ];
    expect(texts.length).toBeGreaterThan(50);
    expect(texts.filter((text) => INFORMAL.test(text))).toEqual([]);
  });

  it("T-21 the sign-in provider's Chinese pages address the user as 您, never 你", () => {
    const brand = { companyName: null, helpDeskEmail: 'help@example.com', basePath: '' };
    const pages = [
      signInPage({
        language: 'cn_traditional',
        brand,
        action: '/x',
        error: 'tooMany',
      }),
      signOutPage('cn_traditional', brand, '<form></form>', false),
      signedOutPage('cn_traditional', brand),
      errorPage('cn_traditional', brand, 'session_expired', 'expired'),
    ];
    for (const page of pages) {
      expect(page).toContain('<html lang="zh-Hant">');
      expect(page).not.toMatch(INFORMAL);
    }
  });

  it("T-21 the shipped catalogue's Chinese questions and options address the applicant as 您, never 你", async () => {
    const files = await yamlFiles(SHIPPED_CATALOG_DIR);
    expect(files.length).toBeGreaterThan(10);
    const informal: string[] = [];
    for (const file of files) {
      (await readFile(file, 'utf8')).split('\n').forEach((line, index) => {
        if (INFORMAL.test(line)) informal.push(`${file}:${index + 1}`);
      });
    }
    expect(informal).toEqual([]);
  });
});
