import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { textIn, textsIn } from '@vmer/domain/languages';
import type { Language } from '@vmer/domain/model';
import { STATUS_NAMES } from '@vmer/domain/status-names';
import { worklistTexts } from '../../apps/web/src/features/worklist/locales.ts';
import { en as shellTexts } from '../../apps/web/src/locales/en.ts';
import { cnTraditional as shellTextsCn } from '../../apps/web/src/locales/cn-traditional.ts';
import { seriousViolations } from '../src/browser.ts';
import { journeySuite, PHKL_PRODUCT, SETTLED, submittedDisclosure } from '../src/questionnaire.ts';
import { rowsOf } from '../src/workbook.ts';

const suite = journeySuite();

/** This run's own application numbers: the journeys share one server and its data. */
const PREFIX = `WL${Date.now().toString(36).toUpperCase()}`;
const SUBMITTED = [`${PREFIX}A1`, `${PREFIX}A2`];
const SAVED = `${PREFIX}A3`;

beforeAll(async () => {
  for (const applicationNumber of SUBMITTED) {
    await submittedDisclosure(suite.baseUrl, {
      userName: 'interviewer1',
      applicationNumber,
      product: PHKL_PRODUCT,
      conditions: ['gallstones'],
    });
  }
  await submittedDisclosure(suite.baseUrl, {
    userName: 'interviewer1',
    applicationNumber: SAVED,
    product: PHKL_PRODUCT,
    conditions: ['gallstones'],
    save: true,
  });
});

const SHELL = { en: shellTexts, cn_traditional: shellTextsCn } as const;

/** The worklist's own texts and the header's, in a language. */
const textsOf = (language: 'en' | 'cn_traditional') => ({
  ...textsIn(worklistTexts, language).worklist,
  nav: SHELL[language].nav,
  submitted: textIn(STATUS_NAMES[3], language as Language),
});

/** The application numbers the list shows (grid or cards), in order. */
const shownNumbers = (page: Page, name: string) =>
  page
    .getByRole(page.viewportSize()!.width < 900 ? 'list' : 'grid', { name, exact: true })
    .getByRole('link')
    .allTextContents();

const searchOf = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

describe('the worklist', () => {
  for (const { language, viewport } of [
    { language: 'en', viewport: 'desktop' },
    { language: 'cn_traditional', viewport: 'phone' },
    { language: 'en', viewport: 'phone' },
    { language: 'cn_traditional', viewport: 'desktop' },
  ] as const) {
    it(`W-01 W-02 W-03 W-05 W-06 W-07 W-08 (${viewport}, ${language}): uw1 opens the worklist from the header, filters by status and prefix, and the address keeps the list through reload and Back`, async () => {
      const texts = textsOf(language);
      const phone = viewport === 'phone';
      if (language !== 'en') await suite.setLanguage('uw1', language);
      const page = await suite.signedIn('uw1', { viewport });
      try {
        if (!phone) await page.setViewportSize({ width: 1366, height: 900 });
        const menu = page.getByRole('navigation', { name: texts.nav.label });
        await menu.getByRole('link', { name: texts.nav.questionnaire }).waitFor(SETTLED);
        await menu.getByRole('link', { name: new RegExp(`^${texts.nav.worklist}`) }).click();
        await page.waitForURL(/\/worklist$/);
        await expect
          .poll(
            () =>
              menu
                .getByRole('link', { name: new RegExp(`^${texts.nav.worklist}`) })
                .getAttribute('aria-current'),
            SETTLED,
          )
          .toBe('page');
        await page.getByRole('heading', { name: texts.title, level: 1 }).waitFor(SETTLED);

        if (phone) await page.getByRole('button', { name: texts.filters.show }).click();
        const status = page.getByRole('button', {
          name: new RegExp(`^${texts.submitted}${language === 'en' ? ': ' : '：'}\\d+$`),
        });
        await status.click();
        await expect.poll(() => searchOf(page), SETTLED).toEqual({ status: '3' });
        const prefix = page.getByRole('textbox', { name: texts.filters.applicationNumber });
        await prefix.fill(PREFIX);
        await prefix.press('Enter');
        await expect.poll(() => searchOf(page), SETTLED).toEqual({ status: '3', q: PREFIX });
        // W-06: the counts follow the prefix: this run's two submitted and one saved.
        const fill = (template: string, values: Record<string, string | number>) =>
          template.replace(/\{(\w+)\}/g, (_m, key: string) => String(values[key]));
        await page
          .getByRole('button', {
            name: fill(texts.filters.statusCount, { name: texts.submitted, count: 2 }),
          })
          .waitFor(SETTLED);
        const tabCount = (view: 'all' | 'awaitingMyReview', count: number) =>
          fill(texts.tabCount, { name: texts.views[view], count });
        await expect
          .poll(() => page.getByRole('tab').allTextContents(), SETTLED)
          .toEqual(expect.arrayContaining([tabCount('all', 3), tabCount('awaitingMyReview', 2)]));
        const listName = phone ? texts.cards : texts.grid;
        await expect
          .poll(async () => (await shownNumbers(page, listName)).sort(), SETTLED)
          .toEqual(SUBMITTED);
        expect(
          await page.getByText(texts.submitted, { exact: true }).filter({ visible: true }).count(),
        ).toBeGreaterThanOrEqual(2);

        await suite.screenshot(page, `worklist-${phone ? 390 : 1366}-${language}`, {
          fullPage: true,
        });
        expect(await seriousViolations(page)).toEqual([]);

        // A reload reads the same list from the address alone.
        await page.reload();
        await expect
          .poll(async () => (await shownNumbers(page, listName)).sort(), SETTLED)
          .toEqual(SUBMITTED);
        if (phone) await page.getByRole('button', { name: texts.filters.show }).click();
        expect(await prefix.inputValue()).toBe(PREFIX);
        expect(await status.getAttribute('aria-pressed')).toBe('true');

        // Back gives the list before the prefix; Forward brings it again.
        await page.goBack();
        await expect.poll(() => searchOf(page), SETTLED).toEqual({ status: '3' });
        await expect.poll(() => prefix.inputValue(), SETTLED).toBe('');
        await page.goForward();
        await expect.poll(() => searchOf(page), SETTLED).toEqual({ status: '3', q: PREFIX });
        await expect
          .poll(async () => (await shownNumbers(page, listName)).sort(), SETTLED)
          .toEqual(SUBMITTED);

        // The download holds the filtered rows, status in the caller's language.
        const download = page.waitForEvent('download');
        await page.getByRole('button', { name: texts.download }).click();
        const file = await download;
        expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.readFile(await file.path());
        const rows = rowsOf(workbook.worksheets[0]!);
        const listed = rows.filter((row) => row.some((cell) => cell.startsWith(PREFIX)));
        expect(listed.map((row) => row.find((cell) => cell.startsWith(PREFIX))).sort()).toEqual(
          SUBMITTED,
        );
        expect(listed.every((row) => row.includes(texts.submitted))).toBe(true);
        await page
          .getByText(texts.downloaded.replace('{rows}', String(listed.length)))
          .waitFor(SETTLED);
      } finally {
        await page.context().close();
        if (language !== 'en') await suite.setLanguage('uw1', 'en');
      }
    });
  }
});
