import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  appState,
  enableStateGetter,
  browserSuite,
  newContext,
  signIn,
  type ViewportName,
  serverUrl,
} from '../src/browser.ts';
import type { HeaderSelectionState } from '../../apps/web/src/features/header-selection/header-selection-slice.ts';

const baseUrl = serverUrl();
// The API's calls answer in their own time on a busy machine.
const ANSWER_WAIT = { timeout: 10_000 };
const suite = browserSuite();

async function signedIn(userName: string, viewport: ViewportName): Promise<Page> {
  const context = await newContext(suite.browser, viewport);
  await enableStateGetter(context);
  const page = await context.newPage();
  await signIn(page, baseUrl, userName);
  await expect.poll(() => page.getByTestId('user-name').textContent(), ANSWER_WAIT).toBe(userName);
  await expect
    .poll(
      async () =>
        (await appState<{ headerSelection: { status: string } }>(page)).headerSelection.status,
      ANSWER_WAIT,
    )
    .toBe('loaded');
  return page;
}

/** What the header selectors show, as the app's state holds it. */
type Selection = Pick<
  HeaderSelectionState,
  'insurerCode' | 'channel' | 'productCode' | 'insurerCodeList' | 'channelList' | 'productCodeList'
>;
const selection = async (page: Page) =>
  (await appState<{ headerSelection: Selection }>(page)).headerSelection;

for (const viewport of ['desktop', 'phone'] as const) {
  describe(`header at ${viewport} width`, () => {
    it(`L-03 L-06 L-10 L-12 L-13 S-07 ${viewport}: one insurer (interviewer1) shows as a plain uppercase label`, async () => {
      const page = await signedIn('interviewer1', viewport);
      const header = page.getByRole('banner');
      const insurer = header.getByRole('group', { name: 'Insurer', exact: true });
      await expect.poll(() => insurer.textContent()).toBe('InsurerPHKL');
      expect(await insurer.getByRole('button').count()).toBe(0);
      // Channel, product and user name render as their own calls answer: wait for each.
      await expect
        .poll(() =>
          header
            .getByRole('group', { name: 'Channel', exact: true })
            .or(header.getByRole('button', { name: /^Channel: / }))
            .count(),
        )
        .toBe(1);
      await expect
        .poll(() =>
          header
            .getByRole('group', { name: 'Product', exact: true })
            .or(header.getByRole('button', { name: /^Product: / }))
            .count(),
        )
        .toBe(1);
      await expect
        .poll(() => header.getByTestId('user-name').textContent(), ANSWER_WAIT)
        .toBe('interviewer1');
      await expect.poll(async () => (await selection(page)).insurerCode).toBe('phkl');
      await page.context().close();
    });

    it(`L-09 L-10 ${viewport}: the header has the language icon and a logout control`, async () => {
      const page = await signedIn('interviewer1', viewport);
      const header = page.getByRole('banner');
      expect(await header.getByRole('button', { name: 'Language settings' }).isVisible()).toBe(
        true,
      );
      expect(await header.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);
      expect(await header.getByRole('img', { name: 'Video MER Logo' }).isVisible()).toBe(true);
      await page.context().close();
    });

    it(`L-10 L-11 L-13 L-14 S-07 S-08 S-09 S-10 S-11 S-12 S-13 ${viewport}: several insurers (uw1) are a dropdown; choosing recomputes channel and product`, async () => {
      const page = await signedIn('uw1', viewport);
      const header = page.getByRole('banner');
      await header.getByRole('button', { name: 'Insurer: PHKL' }).waitFor();
      const first = await selection(page);
      expect(first.insurerCodeList).toEqual(['phkl', 'slhk']);
      expect(first.channel).toBe(first.channelList[0]);
      expect(first.productCode).toBe(first.productCodeList[0]);
      const channelShown = header.getByText(first.channel.toUpperCase(), { exact: true });
      expect(await channelShown.count()).toBeGreaterThan(0);
      expect(
        await header.getByText(first.productCode.toLowerCase(), { exact: true }).count(),
      ).toBeGreaterThan(0);

      await header.getByRole('button', { name: 'Insurer: PHKL' }).click();
      const listbox = page.getByRole('listbox', { name: 'Insurer' });
      expect(await listbox.getByRole('option').allTextContents()).toEqual(['PHKL', 'SLHK']);
      await listbox.getByRole('option', { name: 'SLHK' }).click();
      await header.getByRole('button', { name: 'Insurer: SLHK' }).waitFor();
      const afterInsurer = await selection(page);
      expect(afterInsurer.insurerCode).toBe('slhk');
      expect(afterInsurer.channel).toBe(afterInsurer.channelList[0]);
      expect(afterInsurer.productCode).toBe(afterInsurer.productCodeList[0]);
      expect(afterInsurer.productCodeList).not.toEqual(first.productCodeList);

      // Back to phkl, which sells through more than one channel: choose the second.
      await header.getByRole('button', { name: 'Insurer: SLHK' }).click();
      await page
        .getByRole('listbox', { name: 'Insurer' })
        .getByRole('option', { name: 'PHKL' })
        .click();
      const phkl = await selection(page);
      expect(phkl.channelList.length).toBeGreaterThan(1);
      {
        const second = phkl.channelList[1]!;
        await header
          .getByRole('button', { name: `Channel: ${phkl.channel.toUpperCase()}` })
          .click();
        await page
          .getByRole('listbox', { name: 'Channel' })
          .getByRole('option', { name: second.toUpperCase() })
          .click();
        await expect.poll(async () => (await selection(page)).channel).toBe(second);
        const afterChannel = await selection(page);
        expect(afterChannel.insurerCode).toBe('phkl');
        expect(afterChannel.productCode).toBe(afterChannel.productCodeList[0]);
      }
      // Back to the first channel, which offers more than one product: choose the second.
      await header
        .getByRole('button', { name: `Channel: ${phkl.channelList[1]!.toUpperCase()}` })
        .click();
      await page
        .getByRole('listbox', { name: 'Channel' })
        .getByRole('option', { name: phkl.channelList[0]!.toUpperCase() })
        .click();
      await expect.poll(async () => (await selection(page)).channel).toBe(phkl.channelList[0]);
      const now = await selection(page);
      expect(now.productCodeList.length).toBeGreaterThan(1);
      {
        const other = now.productCodeList[1]!;
        await header
          .getByRole('button', { name: `Product: ${now.productCode.toLowerCase()}` })
          .click();
        await page
          .getByRole('listbox', { name: 'Product' })
          .getByRole('option', { name: other.toLowerCase() })
          .click();
        await expect.poll(async () => (await selection(page)).productCode).toBe(other);
        expect(await selection(page)).toMatchObject({
          insurerCode: now.insurerCode,
          channel: now.channel,
        });
      }
      await page.context().close();
    });
  });
}

describe('full screen', () => {
  it('L-04 L-22 L-23 the desktop header has a full-screen toggle that switches and follows the browser', async () => {
    const page = await signedIn('interviewer1', 'desktop');
    const toggle = page.getByRole('banner').getByRole('button', { name: 'Full screen' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    // Leaving by the browser's own means (as Esc does) switches the toggle off.
    await page.evaluate(() => document.exitFullscreen());
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
    // On and off again by the toggle itself.
    await toggle.click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
    await toggle.click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement === null)).toBe(true);
    // The toggle follows the browser's fullscreenchange event, which fires after the exit.
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
    await page.context().close();
  });

  it('L-05 where the browser has no Fullscreen API (no document.fullscreenEnabled) the toggle is hidden', async () => {
    const context = await newContext(suite.browser, 'desktop');
    await context.addInitScript(() => {
      delete (Document.prototype as { fullscreenEnabled?: boolean }).fullscreenEnabled;
    });
    const page = await context.newPage();
    await signIn(page, baseUrl, 'interviewer1');
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'Logout' }).waitFor();
    await expect
      .poll(() => header.getByTestId('user-name').textContent(), ANSWER_WAIT)
      .toBe('interviewer1');
    expect(await page.evaluate(() => document.fullscreenEnabled)).toBeUndefined();
    expect(await header.getByRole('button', { name: 'Full screen' }).count()).toBe(0);
    await context.close();
  });
});
