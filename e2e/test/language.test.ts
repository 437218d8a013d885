import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, signIn, signInAtProvider, browserSuite, serverUrl } from '../src/browser.ts';
import { intlBuilt, recordIntlBuilt } from '../src/intl-built.ts';

const baseUrl = serverUrl();
const suite = browserSuite();

async function chooseLanguage(page: Page, iconName: string, choice: string) {
  await page.getByRole('banner').getByRole('button', { name: iconName }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await dialog.getByRole('button', { name: choice }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('language', () => {
  it('L-21 C-23 with no language chosen and none in user info the interface is in English', async () => {
    const context = await newContext(suite.browser);
    const page = await context.newPage();
    await signIn(page, baseUrl, 'agent1');
    await page.getByRole('heading', { name: 'Basic information' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).waitFor();
    await context.close();
  });

  it('L-08 L-18 L-19 L-29 the language icon opens a dialog with English, Traditional Chinese and Simplified Chinese; the choice applies at once and at the next sign-in', async () => {
    const context = await newContext(suite.browser);
    const page = await context.newPage();
    await signIn(page, baseUrl, 'agent1');
    await page.getByRole('heading', { name: 'Basic information' }).waitFor();

    await page.getByRole('banner').getByRole('button', { name: 'Language settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Language' });
    await dialog.waitFor();
    expect(await dialog.getByRole('button').allTextContents()).toEqual([
      'English',
      'Traditional Chinese',
      'Simplified Chinese',
      'Cancel',
    ]);
    const saved = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/user/language',
    );
    await dialog.getByRole('button', { name: 'Traditional Chinese' }).click();
    expect((await saved).status()).toBe(200);

    await page.getByRole('heading', { name: '基本資料' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('zh-Hant-HK');
    expect(
      await page.getByRole('contentinfo').getByRole('link', { name: '私隱政策' }).isVisible(),
    ).toBe(true);

    // A new browser, a new sign-in: user info brings the saved language.
    const fresh = await newContext(suite.browser);
    const again = await fresh.newPage();
    await again.goto(`${baseUrl}/home`);
    await signInAtProvider(again, 'agent1');
    await again.getByRole('heading', { name: '基本資料' }).waitFor();

    // The first choice sets English again, saved too.
    await chooseLanguage(again, '語言設定', '英文');
    await again.getByRole('heading', { name: 'Basic information' }).waitFor();
    expect(await again.getAttribute('html', 'lang')).toBe('en');
    await context.close();
    await fresh.close();
  });

  it("Material UI's own texts follow the language: an English page never builds its Chinese ones (a number format each), Traditional Chinese brings them", async () => {
    const context = await newContext(suite.browser);
    // Every Intl.NumberFormat the page builds, by locale: Material UI's Chinese texts build one
    // each as they load, and the first costs the main thread ICU's number data.
    await recordIntlBuilt(context, 'NumberFormat');
    const page = await context.newPage();
    const chinese = async () => (await intlBuilt(page)).filter((locale) => locale.startsWith('zh'));
    await signIn(page, baseUrl, 'agent1');
    await page.getByRole('heading', { name: 'Basic information' }).waitFor();
    expect(await chinese()).toEqual([]);
    // The condition search's clear button, which Material UI names (shown on hover or focus).
    await page.getByRole('combobox', { name: 'Medical condition' }).fill('zzz');
    await page.keyboard.press('Escape');
    const clear = (name: string) =>
      page.getByRole('button', { name, exact: true, includeHidden: true });
    await clear('Clear').waitFor({ state: 'attached' });

    await chooseLanguage(page, 'Language settings', 'Traditional Chinese');
    await page.getByRole('heading', { name: '基本資料' }).waitFor();
    await clear('清除').waitFor({ state: 'attached' });
    expect(await chinese()).not.toEqual([]);

    await chooseLanguage(page, '語言設定', '英文');
    await clear('Clear').waitFor({ state: 'attached' });
    await context.close();
  });

  it('L-20 after choosing Traditional Chinese the interface, the question texts, their placeholders and the smoking options show in Chinese', async () => {
    const context = await newContext(suite.browser);
    const page = await context.newPage();
    await signIn(page, baseUrl, 'agent1');
    await page.getByRole('heading', { name: 'Basic information' }).waitFor();
    try {
      await chooseLanguage(page, 'Language settings', 'Traditional Chinese');
      const main = page.getByRole('main');
      await main.getByRole('heading', { name: '基本資料' }).waitFor();
      await page.getByRole('banner').getByRole('button', { name: '登出' }).waitFor();

      // agent1 works for slhk, which uses smoking list A (6 months).
      await main.getByRole('combobox', { name: /^吸煙狀況/ }).click();
      expect(await page.getByRole('listbox').getByRole('option').allTextContents()).toEqual([
        '現時每日吸煙多於一包',
        '現時每日吸煙少於一包',
        '過去6個月內戒煙',
        '已戒煙超過6個月',
        '從不吸煙',
      ]);
      await page.keyboard.press('Escape');

      await main.getByRole('textbox', { name: /^年齡/ }).fill('40');
      await main.getByRole('radio', { name: '男' }).check();
      await main.getByRole('combobox', { name: /^風險評分/ }).click();
      await page.getByRole('listbox').getByRole('option', { name: 'A', exact: true }).click();
      await main.getByRole('combobox', { name: /^病症/ }).fill('睡眠窒');
      await page.getByRole('option', { name: '阻塞性睡眠窒息症' }).click();
      await main.getByText('何時確診睡眠窒息症？').waitFor();
      expect(await main.getByText('治療一般需約3個月才見成效').isVisible()).toBe(true);
      expect(await main.getByText('When was sleep apnoea diagnosed?').count()).toBe(0);
      expect(await main.getByText('Treatment needs about 3 months', { exact: false }).count()).toBe(
        0,
      );
    } finally {
      // The choice is saved for agent1: leave the shared server's user in English.
      await chooseLanguage(page, '語言設定', '英文');
      await context.close();
    }
  });
});
