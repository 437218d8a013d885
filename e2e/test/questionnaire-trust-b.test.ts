import { describe, expect, it } from 'vitest';
import type { Dialog, Page } from 'playwright-core';
import type { Language } from '@vmer/domain/model';
import { appState, newContext, seriousViolations, signIn, VIEWPORTS } from '../src/browser.ts';
import { api } from '../../apps/server/test/helpers.ts';
import { journeySuite, QuestionnaireScreen, screenState, SETTLED } from '../src/questionnaire.ts';

const suite = journeySuite();
const { baseUrl } = suite;

/** What each language shows of these journeys. */
const SHOWN = {
  en: {
    smoking: 'Never smoked',
    title: (number: string) => `Questionnaire ${number} – Video MER`,
    cm: 'cm',
    kg: 'kg',
    notFound: 'Disclosure request not found',
    startNew: 'Start a new questionnaire',
    retry: 'Retry',
    networkError: 'Network Error',
    changed: 'This disclosure was changed by someone else after you opened it.',
    copyright: `© ${new Date().getFullYear()} Video MER. All rights reserved.`,
  },
  cn_traditional: {
    smoking: '從不吸煙',
    title: (number: string) => `問卷 ${number} – Video MER`,
    cm: '厘米',
    kg: '公斤',
    notFound: '找不到申報要求',
    startNew: '開始新的問卷',
    retry: '重試',
    networkError: '網絡錯誤',
    changed: '您開啟此披露後，它已被他人更改。',
    copyright: `© ${new Date().getFullYear()} Video MER。版權所有。`,
  },
} as const;

/** A self-defined condition named by one long word, which no line break can split. */
const LONG_NAME = 'Pneumonoultramicroscopicsilicovolcanoconiosis';

/** Switches the signed-in page to Traditional Chinese through the header. */
async function toChinese(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Language settings' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Traditional Chinese' }).click();
}

/** Whether closing the page now asks first: the beforeunload prompt, dismissed so it stays. */
async function closingAsks(page: Page): Promise<boolean> {
  let asked = false;
  const onDialog = (dialog: Dialog) => {
    asked = dialog.type() === 'beforeunload';
    void dialog.dismiss();
  };
  page.on('dialog', onDialog);
  try {
    await page.close({ runBeforeUnload: true });
    // The prompt comes (or the page closes) as the browser decides; wait for either.
    await expect.poll(() => asked || page.isClosed(), SETTLED).toBe(true);
  } finally {
    page.off('dialog', onDialog);
  }
  return asked;
}

for (const language of ['en', 'cn_traditional'] as const satisfies readonly Language[]) {
  const shown = SHOWN[language];
  const userName = 'interviewer1';

  describe(`trusting the questionnaire screen in ${language}`, () => {
    it(`T-13 T-18 T-20 T-22 T-25 T-26 (${language}, 390 px): translated units, a readable decisions table, one 409 message, a prompt before losing answers, a named tab, no stored document kept`, async () => {
      const context = await newContext(suite.browser, 'phone');
      await context.addInitScript(() => window.localStorage.setItem('vmer.debug', '1'));
      const page = await context.newPage();
      try {
        await signIn(page, baseUrl, userName);
        if (language !== 'en') await toChinese(page);
        const screen = new QuestionnaireScreen(page, suite.labels, language);
        await screen.basic.waitFor();
        const number = `TRUSTB${language === 'en' ? 'EN' : 'CN'}`;
        await screen.fillBasicInformation({
          applicationNumber: number,
          birthDate: '02021988',
          gender: 'Female',
          rsmScore: 'C',
          smokingStatus: shown.smoking,
        });
        // B18: the tab names the screen and the application number.
        await expect.poll(() => page.title(), SETTLED).toBe(shown.title(number));
        // B9: the measure fields' units in the page's language.
        await screen.enterBodyMeasures('165', '60');
        const unitOf = (label: string) =>
          screen.basic
            .getByRole('textbox', { name: label })
            .locator('xpath=..')
            .locator('.MuiInputAdornment-root')
            .textContent();
        expect(await unitOf(screen.texts.question.heightCm)).toBe(shown.cm);
        expect(await unitOf(screen.texts.question.weightKg)).toBe(shown.kg);

        await screen.chooseCondition(language === 'en' ? 'Gall' : '膽石', 'gallstones');
        await screen.date('gallstones-found', '01052023');
        await screen.radio('gallstones-symptoms', 'gallstones-symptoms-no');
        await screen.checkbox('gallstones-complications', 'gallstones-complications-none');
        await screen.button('nextPage').click();
        await screen.select('gallstones-scan', 'gallstones-scan-single');
        await screen.radio('gallstones-surgery', 'gallstones-surgery-not-advised');
        await expect
          .poll(() => screen.decisionOf(screen.label('gallstones')), SETTLED)
          .toEqual(['0', '0', 'EX5']);

        // B14: every cell of the decisions table lies inside the 390 px screen, even beside a
        // condition whose name is one long word.
        await screen.addSelfDefined(LONG_NAME);
        const table = screen.disclosure.getByRole('table');
        await table.scrollIntoViewIfNeeded();
        // The box the table is shown in (it scrolls what does not fit): nothing may hide past it.
        const shownIn = (await table.locator('xpath=..').boundingBox())!;
        expect(shownIn.x + shownIn.width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
        const cells = await table.getByRole('cell').all();
        expect(cells.length).toBeGreaterThan(3);
        for (const cell of [...cells, ...(await table.getByRole('columnheader').all())]) {
          const box = (await cell.boundingBox())!;
          expect(box.x).toBeGreaterThanOrEqual(shownIn.x);
          expect(box.x + box.width).toBeLessThanOrEqual(shownIn.x + shownIn.width + 0.5);
        }
        await suite.screenshot(page, `trust-b-decisions-${language}`);
        await screen.chip(LONG_NAME).locator('.MuiChip-deleteIcon').click();
        await screen.chip(LONG_NAME).waitFor({ state: 'detached' });

        // B17: closing with unsaved answers asks first.
        expect(await closingAsks(page)).toBe(true);
        expect(page.isClosed()).toBe(false);

        await screen.button('save').click();
        const saved = page.getByRole('dialog', { name: 'Video MER' });
        await saved.waitFor();
        // B19: the stored document is not kept in the browser's state.
        const state = JSON.stringify(await appState(page));
        expect(state).not.toContain('disclosureJson');
        const { session } = await screenState(page);
        expect(session.id).not.toBeNull();
        await saved.getByRole('button', { name: screen.texts.common.ok }).click();

        // B16: someone else saves the disclosure; this screen's save is refused once, in one message.
        await page.goto(`${baseUrl}/questionnaire/${session.requestId}`);
        await expect.poll(async () => (await screenState(page)).session.status, SETTLED).toBe(2);
        const token = await suite.token(userName);
        const stored = await api<{ version: number; disclosureJson: string }>(
          baseUrl,
          `/api/impairment/video_mer/disclosure/${session.requestId}`,
          { token },
        );
        const current = await screenState(page);
        const other = await api(baseUrl, '/api/impairment/video_mer/disclosure/save', {
          token,
          body: {
            id: current.session.id,
            requestId: current.session.requestId,
            version: stored.body.body!.version,
            applicationNumber: number,
            age: current.profile.age,
            gender: current.profile.gender,
            rsmScore: current.profile.rsmScore,
            disclosureJson: stored.body.body!.disclosureJson,
          },
        });
        expect(other.status).toBe(200);
        await screen.basic.getByRole('combobox', { name: screen.texts.basic.rsmScore }).click();
        await screen.pick('B');
        await screen.button('submit').click();
        await screen.disclosure.getByText(shown.changed).waitFor();
        expect(await page.getByText(shown.changed).count()).toBe(1);
        expect(await page.getByTestId('api-error-snackbar').count()).toBe(0);
        // Answers still unsaved after the refusal: leaving still asks.
        expect(await closingAsks(page)).toBe(true);
      } finally {
        if (language !== 'en') await suite.setLanguage(userName, 'en');
        if (!page.isClosed()) await page.close();
        await context.close();
      }
    });

    it(`T-14 T-16 T-17 T-23 T-24 (${language}): the network banner retries, the footer names the company once, an unknown request says so, Back after sign-in, 404 and the files`, async () => {
      const context = await newContext(suite.browser, 'desktop');
      const page = await context.newPage();
      try {
        // B12: the sign-in page and the footer name the product once.
        await page.goto(`${baseUrl}/`);
        await page.getByRole('button', { name: 'Sign In' }).click();
        await page.waitForURL(/\/oidc\//);
        expect((await page.locator('header.bar').textContent())?.trim()).toBe('Video MER');
        await page.goBack();
        await signIn(page, baseUrl, userName);
        if (language !== 'en') await toChinese(page);
        const footer = page.getByRole('contentinfo');
        await footer.getByText(shown.copyright, { exact: true }).waitFor();

        // B18: Back after signing in does not land on a stale sign-in problem.
        await page.goBack();
        await page.waitForLoadState();
        expect(await page.getByText('Sign-in problem').count()).toBe(0);
        expect(await page.getByText('登入問題').count()).toBe(0);
        await page.goto(`${baseUrl}/home`);

        // B10: a failed call raises the banner; Retry sends it again and the banner goes.
        const screen = new QuestionnaireScreen(page, suite.labels, language);
        await screen.basic.waitFor();
        let failed = 0;
        await page.route('**/api/question/**', async (route) => {
          if (failed++ === 0) await route.abort('internetdisconnected');
          else await route.continue();
        });
        await screen.conditions
          .getByRole('combobox', { name: screen.texts.conditions.search })
          .fill(language === 'en' ? 'Gall' : '膽石');
        await screen.pick(screen.label('gallstones'));
        const banner = page.getByTestId('network-error-banner');
        await banner.getByText(shown.networkError).waitFor();
        const retried = page.waitForRequest((r) => r.url().includes('/api/question/'));
        await banner.getByRole('button', { name: shown.retry }).click();
        await retried;
        await banner.waitFor({ state: 'detached' });

        // B13: an unknown request id: a translated not-found card with a way back, no form.
        await page.goto(`${baseUrl}/questionnaire/00000000-0000-4000-8000-00000000dead`);
        await page.getByRole('heading', { name: shown.notFound }).waitFor();
        expect(await screen.basic.count()).toBe(0);
        expect(await seriousViolations(page)).toEqual([]);
        await page.getByRole('link', { name: shown.startNew }).click();
        await page.waitForURL(`${baseUrl}/home`);

        // B18: an unknown path is a 404 (the app shows its page); the files are what they are.
        const unknown = await page.goto(`${baseUrl}/no/such/page`);
        expect(unknown?.status()).toBe(404);
        const favicon = await page.request.get(`${baseUrl}/favicon.ico`);
        expect(favicon.status()).toBe(200);
        expect(favicon.headers()['content-type']).toMatch(/icon/);
        const robots = await page.request.get(`${baseUrl}/robots.txt`);
        expect(await robots.text()).toBe('User-agent: *\nDisallow: /\n');
      } finally {
        if (language !== 'en') await suite.setLanguage(userName, 'en');
        await context.close();
      }
    });
  });
}
