import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../src/browser.ts';
import { journeySuite, QuestionnaireScreen, SETTLED } from '../src/questionnaire.ts';

const suite = journeySuite();

/** Presses Tab until the focus is on `target` or inside it: the keyboard's own way there. */
async function tabTo(page: Page, target: Locator, most = 40): Promise<void> {
  const handle = await target.first().elementHandle();
  if (!handle) throw new Error('nothing to tab to');
  for (let i = 0; i < most; i += 1) {
    const there = await handle.evaluate((el) => el.contains(document.activeElement));
    if (there) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab did not reach the field in ${most} presses`);
}

/** The focused element's tag and text, as a user would find it. */
const focused = (page: Page) =>
  page.evaluate(() => ({
    tag: document.activeElement?.tagName ?? '',
    text: document.activeElement?.textContent ?? '',
  }));

describe('the interviewer answers from the keyboard', { timeout: 120_000 }, () => {
  it('I-06 I-07 I-08 I-09 a whole condition answered with the keyboard alone: Tab, digits, arrows, Space and Enter; Alt+PageDown moves on and focuses the new page; the decision follows; the ? dialog lists the shortcuts; Ctrl+S saves, and its result closes onto the title', async () => {
    const page = await suite.signedIn('interviewer1');
    const screen = new QuestionnaireScreen(page, suite.labels);
    const { keyboard } = page;
    await screen.basic.waitFor();
    await screen.fillBasicInformation({
      applicationNumber: 'KEYS1',
      birthDate: '15031985',
      gender: 'Male',
      rsmScore: 'A',
      smokingStatus: 'Never smoked',
    });

    // '/' goes to the condition search; the arrows and Enter choose the condition.
    await screen.basic.getByRole('radio', { name: screen.texts.basic.male, exact: true }).focus();
    await keyboard.press('/');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('condition-search');
    await keyboard.type('Fract');
    await page
      .getByRole('option', { name: screen.label('fractures') })
      .first()
      .waitFor();
    await keyboard.press('ArrowDown');
    await keyboard.press('Enter');
    await screen.chip(screen.label('fractures')).waitFor();
    await expect
      .poll(() => screen.decisionOf('Fractures'), SETTLED)
      .toEqual(['Not complete', 'Not complete', 'Not complete']);

    // Page 1: a date typed, checkboxes by digit, radios by digit and arrows, numbers typed,
    // a unit from a drop-down list opened and chosen with Enter.
    await tabTo(page, screen.dateField('fractures-date'));
    await keyboard.type('15062019');
    await tabTo(page, screen.question('fractures-site').getByRole('checkbox'));
    await keyboard.press('1');
    await keyboard.press('6');
    const site = screen.question('fractures-site');
    expect(await site.getByRole('checkbox', { checked: true }).count()).toBe(2);
    await screen.question('fractures-spine-nerve').waitFor();
    await tabTo(page, screen.question('fractures-spine-nerve').getByRole('radio'));
    await keyboard.press('2');
    await keyboard.press('ArrowUp');
    expect(
      await screen
        .question('fractures-spine-nerve')
        .getByRole('radio', { name: screen.label('fractures-spine-nerve-no'), exact: true })
        .isChecked(),
    ).toBe(true);
    await tabTo(page, screen.question('fractures-height-loss').getByRole('radio'));
    await keyboard.press('2');
    await screen.question('fractures-height-before').waitFor();
    await tabTo(page, screen.question('fractures-height-before').getByRole('textbox'));
    await keyboard.type('158');
    await tabTo(page, screen.question('fractures-cause').getByRole('radio'));
    await keyboard.press('1');
    await tabTo(page, screen.question('fractures-count').getByRole('textbox'));
    await keyboard.type('2');
    await keyboard.press('Tab');
    await keyboard.press('Enter');
    const units = page.getByRole('listbox');
    await units.waitFor();
    await keyboard.press('Enter');
    await units.waitFor({ state: 'detached' });

    // Alt+PageDown: Next page, the focus on the new page's heading.
    await keyboard.press('Alt+PageDown');
    await screen.pageHeading.filter({ hasText: 'Fractures - Page 2' }).waitFor();
    expect(await focused(page)).toEqual({ tag: 'H3', text: expect.stringContaining('Page 2') });
    await keyboard.press('Tab');
    await keyboard.press('Space');
    expect(
      await screen
        .question('fractures-treatment-list')
        .getByRole('checkbox', { name: screen.label('fractures-treatment-cast'), exact: true })
        .isChecked(),
    ).toBe(true);
    await keyboard.press('Alt+PageDown');
    await screen.pageHeading.filter({ hasText: 'Fractures - Page 3' }).waitFor();
    expect(await focused(page)).toEqual({ tag: 'H3', text: expect.stringContaining('Page 3') });
    await keyboard.press('Tab');
    await keyboard.press('1');
    await expect.poll(() => screen.decisionOf('Fractures'), SETTLED).toEqual(['U', 'U', 'U']);
    await keyboard.press('Alt+PageUp');
    await screen.pageHeading.filter({ hasText: 'Fractures - Page 2' }).waitFor();
    expect(await focused(page)).toEqual({ tag: 'H3', text: expect.stringContaining('Page 2') });

    // '?' lists every shortcut; closing it gives the focus back to the heading.
    await keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.waitFor();
    expect(await dialog.getByRole('row').allTextContents()).toEqual(
      expect.arrayContaining([
        'Alt+Page DownNext page (the page is checked first, as with the Next page button)',
        'Ctrl+S or ⌘SSave, when Save is available',
        '/Go to the condition search',
        '1–9Choose the option with that number in the question you are on (a checkbox is ticked or unticked)',
      ]),
    );
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await suite.screenshot(page, 'keyboard-shortcuts-desktop-en');
    await keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await focused(page)).toEqual({ tag: 'H3', text: expect.stringContaining('Page 2') });

    // Ctrl+S: Save, as the button does.
    await keyboard.press('Control+s');
    const saved = page.getByRole('dialog', { name: 'Video MER' });
    await saved.getByText('The questionnaire has been saved. It is not completed yet.').waitFor();
    // OK starts a fresh form, its buttons disabled: the focus goes to the screen's title.
    await keyboard.press('Enter');
    await saved.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page), SETTLED).toEqual({ tag: 'H1', text: 'Video MER' });
    await page.context().close();
  });

  it("I-08 the '?' dialog in Traditional Chinese at phone width; no serious or critical accessibility violation", async () => {
    const page = await suite.signedIn('interviewer1', { viewport: 'phone' });
    try {
      await page.getByRole('banner').getByRole('button', { name: 'Language settings' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Traditional Chinese' }).click();
      const screen = new QuestionnaireScreen(page, suite.labels, 'cn_traditional');
      await screen.basic.waitFor();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await page.getByRole('button', { name: '鍵盤快捷鍵' }).waitFor();
      await suite.screenshot(page, 'keyboard-button-phone-cn');
      await page.keyboard.press('?');
      const dialog = page.getByRole('dialog', { name: '鍵盤快捷鍵' });
      await dialog.waitFor();
      expect(await dialog.getByRole('columnheader').allTextContents()).toEqual(['按鍵', '作用']);
      expect(await dialog.getByRole('row').allTextContents()).toEqual(
        expect.arrayContaining([
          'Alt+Page Down下一頁（與「下一頁」按鈕一樣，會先檢查本頁）',
          '/前往病況搜尋',
          '?顯示此清單',
        ]),
      );
      expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
      await suite.screenshot(page, 'keyboard-shortcuts-phone-cn');
      await dialog.getByRole('button', { name: '確定' }).press('Enter');
      await dialog.waitFor({ state: 'detached' });
      // The visible button opens the same dialog.
      await page.getByRole('button', { name: '鍵盤快捷鍵' }).press('Enter');
      await dialog.waitFor();
    } finally {
      // The language is saved with the user: leave interviewer1 in English for other journeys.
      await suite.setLanguage('interviewer1', 'en');
      await page.context().close();
    }
  });
});
