import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, endpoints } from '@vmer/domain/api';
import { textsIn } from '@vmer/domain/languages';
import { adminCatalogueTexts } from '../../apps/web/src/features/admin-catalogue/locales.ts';
import { cnTraditional as shellTextsCn } from '../../apps/web/src/locales/cn-traditional.ts';
import { en as shellTexts } from '../../apps/web/src/locales/en.ts';
import { readSourceDir, SHIPPED_CATALOG_DIR } from '../../apps/server/src/catalog/source-files.ts';
import { api, putLanguage } from '../../apps/server/test/helpers.ts';
import { DESKTOP, look, seriousViolations } from '../src/browser.ts';
import { journeySuite, SETTLED, SHOTS, signedInPage, userToken } from '../src/questionnaire.ts';
import { startServer, type RunningServer } from '../src/server.ts';

const suite = journeySuite();

const SHELL = { en: shellTexts, cn_traditional: shellTextsCn } as const;
type Language = keyof typeof SHELL;
const textsOf = (language: Language) => ({
  ...textsIn(adminCatalogueTexts, language).adminCatalogue,
  nav: SHELL[language].nav,
  notAllowed: SHELL[language].notAllowed,
});

const GALLSTONES = 'impairments/gallstones.yaml';
const WORDING = {
  before: { en: 'Have the gallstones caused any symptoms?', cn: '膽石曾否引起任何病徵？' },
  after: { en: 'Have the gallstones ever caused pain?', cn: '膽石曾否引起疼痛？' },
};
const PLANNED = {
  before: 'decision: { LIFE: "25", CI: "0", MED: EX5 }',
  after: 'decision: { LIFE: "50", CI: "0", MED: EX5 }',
};

function replaceOnce(text: string, from: string, to: string): string {
  expect(text.split(from), `"${from}" once in ${GALLSTONES}`).toHaveLength(2);
  return text.replace(from, to);
}

/** The shipped catalogue with one question of Gallstones reworded and one option's decision raised. */
async function revisedFiles() {
  const files = await readSourceDir(SHIPPED_CATALOG_DIR);
  const key = Object.keys(files).find((name) => name.endsWith(GALLSTONES))!;
  // Its regression cases describe the shipped rules.
  let text = files[key]!.slice(0, files[key]!.indexOf('\ncases:') + 1);
  text = replaceOnce(text, WORDING.before.en, WORDING.after.en);
  text = replaceOnce(text, WORDING.before.cn, WORDING.after.cn);
  const planned = text.indexOf('uuid: gallstones-surgery-planned');
  text = text.slice(0, planned) + replaceOnce(text.slice(planned), PLANNED.before, PLANNED.after);
  return { ...files, [key]: text };
}

// This file imports a catalogue version: it runs its own server, so that the other journeys
// keep one version to read.
describe('catalogue versions', () => {
  let server: RunningServer;
  let baseUrl: string;

  beforeAll(async () => {
    server = await startServer();
    baseUrl = server.baseUrl;
    const admin = await userToken(baseUrl, 'admin1');
    const uploaded = await api<{ version: { version: string } }>(
      baseUrl,
      apiPath(endpoints.catalogUpload),
      { token: admin, body: { files: await revisedFiles(), notes: 'Gallstones revised (e2e)' } },
    );
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    expect(uploaded.body.body?.version.version).toBe('2');
  });
  afterAll(async () => server?.stop());

  async function catalogueAs(language: Language): Promise<Page> {
    await putLanguage(baseUrl, await userToken(baseUrl, 'admin1'), language);
    const page = await signedInPage(suite, baseUrl, 'admin1', { landing: '/dashboard' });
    await page.setViewportSize(DESKTOP);
    const texts = textsOf(language);
    await page
      .getByRole('navigation', { name: texts.nav.label })
      .getByRole('link', { name: texts.nav.catalogue })
      .click();
    await page.waitForURL(/\/admin\/catalogue$/);
    await page.getByRole('heading', { name: texts.title, level: 1 }).waitFor(SETTLED);
    return page;
  }

  it('K-01 K-02 admin1 reads the versions, newest first, and the changed decision and question in words, in English and Chinese', async () => {
    try {
      for (const language of ['en', 'cn_traditional'] as const) {
        const texts = textsOf(language);
        const page = await catalogueAs(language);
        const table = page.getByRole('table', { name: texts.versionsCaption });
        const rows = table.getByRole('row');
        await rows.nth(2).waitFor(SETTLED);
        expect(await table.getByRole('rowheader').allTextContents()).toEqual(['2', '1']);
        const newest = await rows.nth(1).textContent();
        expect(newest).toContain(texts.status.inactive);
        expect(newest).toContain('admin1');
        expect(newest).toContain('Gallstones revised (e2e)');
        expect(await rows.nth(2).textContent()).toContain(texts.status.active);

        // Active (1) against the newest other (2), chosen by default.
        expect(await page.getByRole('combobox', { name: texts.from }).inputValue()).toBe('1');
        expect(await page.getByRole('combobox', { name: texts.to }).inputValue()).toBe('2');
        const diff = page.getByTestId('catalogue-diff');
        await diff.waitFor(SETTLED);
        const condition = page.getByRole('button', {
          name: new RegExp(
            `${language === 'en' ? 'Gallstones' : '膽石'}.*${texts.changeCount.replace('{count}', '2').replace(/[()]/g, '\\$&')}`,
          ),
        });
        await condition.waitFor(SETTLED);
        expect(await condition.getAttribute('aria-expanded')).toBe('true');
        const sentences = await diff.getByRole('listitem').allTextContents();
        if (language === 'en') {
          expect(sentences).toEqual([
            `The question “${WORDING.before.en}” now reads “${WORDING.after.en}”.`,
            'In the question “Has the gallbladder been removed (cholecystectomy)?”, the option “No, surgery is advised or planned” changes its decision for LIFE from 25 debit points to 50 debit points.',
          ]);
        } else {
          expect(sentences).toEqual([
            `問題「${WORDING.before.cn}」改為「${WORDING.after.cn}」。`,
            '問題「膽囊是否已經切除？」的選項「否，醫生建議或已安排手術」就 LIFE 的決定由加 25 點改為加 50 點。',
          ]);
        }
        await look(page, `${SHOTS}/admin-catalogue-${language}`, { noSideScroll: true });
        // Collapsed, the condition keeps its heading and count.
        await condition.click();
        await page.waitForFunction(
          () =>
            document
              .querySelector('[data-testid="catalogue-diff"] [aria-expanded]')
              ?.getAttribute('aria-expanded') === 'false',
        );
        await page.context().close();
      }
    } finally {
      await putLanguage(baseUrl, await userToken(baseUrl, 'admin1'), 'en');
    }
  });

  it('K-01 O-01 an interviewer gets "not allowed" at /admin/catalogue, and the API answers 403', async () => {
    const texts = textsOf('en');
    const page = await signedInPage(suite, baseUrl, 'interviewer1');
    try {
      const links = page.getByRole('navigation', { name: texts.nav.label }).getByRole('link');
      expect(await links.allTextContents()).not.toContain(texts.nav.catalogue);
      await page.goto(`${baseUrl}/admin/catalogue`);
      await page.getByRole('heading', { name: texts.notAllowed.title, level: 1 }).waitFor(SETTLED);
      expect(await page.getByText(texts.notAllowed.text).isVisible()).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      const token = await userToken(baseUrl, 'interviewer1');
      const answer = await api(baseUrl, `${apiPath(endpoints.catalogDiff)}?from=1&to=2`, { token });
      expect(answer.status).toBe(403);
    } finally {
      await page.context().close();
    }
  });
});
