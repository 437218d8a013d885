import { mkdir } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  browserSuite,
  newContext,
  seriousViolations,
  signIn,
  type ViewportName,
  serverUrl,
} from '../src/browser.ts';

const baseUrl = serverUrl();
const SHOTS = '/tmp/vmer/shots';
const suite = browserSuite();

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
});

const LANGUAGES = [
  { language: 'en', signInHeading: 'SIGN IN', homeHeading: 'Basic information' },
  { language: 'cn_traditional', signInHeading: '登入', homeHeading: '基本資料' },
] as const;

for (const viewport of ['desktop', 'phone'] as const satisfies readonly ViewportName[]) {
  for (const { language, signInHeading, homeHeading } of LANGUAGES) {
    describe(`${viewport}, ${language}`, () => {
      it(`landing page: no serious or critical accessibility violation (${viewport}, ${language})`, async () => {
        const context = await newContext(suite.browser, viewport);
        // The language last used on this browser is where the landing page starts.
        await context.addInitScript(
          (chosen) => window.localStorage.setItem('vmer.language', chosen),
          language,
        );
        const page = await context.newPage();
        await page.goto(`${baseUrl}/`);
        await page.getByRole('heading', { name: signInHeading, level: 1 }).waitFor();
        await page.screenshot({
          path: `${SHOTS}/shell-landing-${viewport}-${language}.png`,
          fullPage: true,
        });
        expect(await seriousViolations(page)).toEqual([]);
        await context.close();
      });

      it(`home screen: no serious or critical accessibility violation (${viewport}, ${language})`, async () => {
        const context = await newContext(suite.browser, viewport);
        const page = await context.newPage();
        await signIn(page, baseUrl, 'uw1');
        await page.getByTestId('user-name').filter({ hasText: 'uw1' }).waitFor();
        if (language !== 'en') {
          await page.getByRole('banner').getByRole('button', { name: 'Language settings' }).click();
          await page
            .getByRole('dialog')
            .getByRole('button', { name: 'Traditional Chinese' })
            .click();
          await page.getByRole('dialog').waitFor({ state: 'detached' });
        }
        await page.getByRole('heading', { name: homeHeading }).waitFor();
        // Let the notification of the language change go, so that the page is seen at rest.
        await page.locator('#notistack-snackbar').waitFor({ state: 'detached', timeout: 15_000 });
        await page.screenshot({
          path: `${SHOTS}/shell-home-${viewport}-${language}.png`,
          fullPage: true,
        });
        expect(await seriousViolations(page)).toEqual([]);
        if (language !== 'en') {
          // Leave uw1 in English for the other journeys.
          await page.getByRole('banner').getByRole('button', { name: '語言設定' }).click();
          await page.getByRole('dialog').getByRole('button', { name: '英文' }).click();
          await page.getByRole('heading', { name: 'Basic information' }).waitFor();
        }
        await context.close();
      });
    });
  }
}
