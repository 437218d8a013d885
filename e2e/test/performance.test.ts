import { gzipSync } from 'node:zlib';
import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, browserSuite, serverUrl, signIn } from '../src/browser.ts';
import { intlBuilt, recordIntlBuilt } from '../src/intl-built.ts';
import { expectStable, layoutShiftsOf } from '../src/layout-shift.ts';
import { PHKL_PRODUCT, submittedDisclosure } from '../src/questionnaire.ts';
import { chunkFile } from '../src/web-build.ts';

const baseUrl = serverUrl();
const suite = browserSuite();

describe('page weight (design §7)', () => {
  it('the sign-in page loads less than 250 KB of gzipped JavaScript', async () => {
    const context = await newContext(suite.browser);
    const page = await context.newPage();
    const scripts: Promise<number>[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.endsWith('.js')) {
        scripts.push(response.body().then((body) => gzipSync(body).length));
      }
    });
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    const sizes = await Promise.all(scripts);
    const total = sizes.reduce((sum, size) => sum + size, 0);
    expect(sizes.length).toBeGreaterThan(0);
    expect(total / 1024).toBeLessThan(250);
    await context.close();
  });
});

describe('a page at rest', () => {
  it('runs no animation once signed in: nothing hidden keeps redrawing the page', async () => {
    const context = await newContext(suite.browser);
    const page = await context.newPage();
    await signIn(page, baseUrl, 'interviewer1');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    // Running animations, named by their element, for a readable failure.
    const running = () =>
      page.evaluate(() =>
        document
          .getAnimations()
          .filter((animation) => animation.playState === 'running')
          .map((animation) => {
            const target = (animation.effect as KeyframeEffect | null)?.target;
            return `${target?.tagName ?? '?'} ${target?.getAttribute('class') ?? ''}`;
          }),
      );
    // A transition that is ending may still run for a moment; one that never ends does not stop.
    await expect.poll(running).toEqual([]);
    await context.close();
  });
});

describe('layout stability', () => {
  for (const viewport of ['desktop', 'phone'] as const) {
    it(`${viewport}: the signed-in questionnaire page does not move as its data arrives`, async () => {
      const context = await newContext(suite.browser, viewport);
      await signIn(await context.newPage(), baseUrl, 'interviewer1');
      const page = await context.newPage();
      expectStable(
        await layoutShiftsOf(
          page,
          `${baseUrl}/home`,
          page.getByRole('heading', { name: 'Customer profile / Basic information' }),
        ),
      );
      await context.close();
    });

    it(`${viewport}: a disclosure's page does not move as the disclosure arrives`, async () => {
      const requestId = await submittedDisclosure(baseUrl, {
        userName: 'interviewer1',
        applicationNumber: `CLS${viewport.toUpperCase()}`,
        product: PHKL_PRODUCT,
        conditions: ['gallstones', 'asthma'],
        save: true,
      });
      const context = await newContext(suite.browser, viewport);
      await signIn(await context.newPage(), baseUrl, 'interviewer1');
      const page = await context.newPage();
      expectStable(
        await layoutShiftsOf(
          page,
          `${baseUrl}/questionnaire/${requestId}`,
          page
            .getByRole('textbox', { name: 'Application number' })
            .and(page.locator(`[value="CLS${viewport.toUpperCase()}"]`)),
        ),
      );
      await context.close();
    });
  }
});

describe('rendering what the window shows', () => {
  it("a page's questions below the window are laid out and painted only as they come near it, and are in the page for screen readers all along", async () => {
    const requestId = await submittedDisclosure(baseUrl, {
      userName: 'interviewer1',
      applicationNumber: 'OFFSCREEN1',
      product: PHKL_PRODUCT,
      conditions: ['gallstones', 'asthma'],
      save: true,
    });
    const context = await newContext(suite.browser, 'desktop');
    const page = await context.newPage();
    await signIn(page, baseUrl, 'interviewer1');
    await page.goto(`${baseUrl}/questionnaire/${requestId}`);
    const last = page.locator('[data-question]').last();
    // Gallstones' first page ends with its complications, a checkbox question.
    const options = last.getByRole('checkbox');
    await options.first().waitFor({ state: 'attached' });
    // Whether the browser skips the question's contents (content-visibility), as it does for
    // what is far from the window.
    const skipped = () =>
      last.evaluate(
        (question) => !question.lastElementChild!.checkVisibility({ contentVisibilityAuto: true }),
      );
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await skipped()).toBe(true);
    expect(await options.count()).toBe(4);
    await last.scrollIntoViewIfNeeded();
    await expect.poll(skipped).toBe(false);
    expect(await options.first().isVisible()).toBe(true);
    await context.close();
  });
});

describe("a disclosure's first paint", () => {
  it('builds no date format while it shows no date written out: a date question types its digits', async () => {
    const { page, context } = await openGallstones('FIRSTPAINT2', (signedIn) =>
      recordIntlBuilt(signedIn, 'DateTimeFormat'),
    );
    await page.getByRole('row', { name: /^Gallstones/ }).waitFor();
    await page.getByRole('textbox', { name: 'Date', exact: true }).first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await intlBuilt(page)).toEqual([]);
    await context.close();
  });

  it('loads neither the calendar nor the notifications: each loads when first wanted, the calendar from its button with the day chosen there the answer, the notifications with the first one', async () => {
    const calendar = await chunkFile('date-pickers');
    const notifications = await chunkFile('notification-host');
    const { page, context, scripts } = await openGallstones('FIRSTPAINT3');
    const date = page.getByRole('textbox', { name: 'Date', exact: true }).first();
    await date.waitFor();
    expect(scripts).not.toContain(calendar);
    expect(scripts).not.toContain(notifications);

    await page.getByRole('button', { name: 'Choose date' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Choose date' });
    await dialog.getByRole('radio', { name: '2019' }).click();
    await dialog.getByRole('radio', { name: 'June' }).click();
    await dialog.getByRole('gridcell', { name: '15' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(scripts).toContain(calendar);
    expect(await date.inputValue()).toBe('15/06/2019');

    // Copying the reference says whether it was copied (the clipboard may be refused here).
    await page.getByRole('button', { name: 'Copy the reference' }).click();
    await page.getByText(/^(Reference copied|The reference could not be copied)/).waitFor();
    expect(scripts).toContain(notifications);
    await context.close();
  });

  it('loads the calendar and the notifications a few seconds after it, at an idle moment: an interview that then loses its connection still opens a calendar and shows a notification', async () => {
    const calendar = await chunkFile('date-pickers');
    const notifications = await chunkFile('notification-host');
    const { page, context, scripts } = await openGallstones('FIRSTPAINT4');
    await expect
      .poll(() => [calendar, notifications].every((file) => scripts.includes(file)), {
        timeout: 20_000,
      })
      .toBe(true);
    await page.waitForLoadState('networkidle');
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Choose date' }).first().click();
    await page
      .getByRole('dialog', { name: 'Choose date' })
      .getByRole('radio', { name: '2019' })
      .waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Copy the reference' }).click();
    await page.getByText(/^(Reference copied|The reference could not be copied)/).waitFor();
    await context.close();
  });
});

/**
 * A saved gallstones disclosure (its first question a date) opened cold, its requests listed;
 * `prepare` runs on the signed-in context before the disclosure's address is loaded.
 */
async function openGallstones(
  applicationNumber: string,
  prepare?: (context: BrowserContext) => Promise<void>,
) {
  const requestId = await submittedDisclosure(baseUrl, {
    userName: 'interviewer1',
    applicationNumber,
    product: PHKL_PRODUCT,
    conditions: ['gallstones'],
    save: true,
  });
  const context = await newContext(suite.browser, 'desktop');
  const page = await context.newPage();
  await signIn(page, baseUrl, 'interviewer1');
  await prepare?.(context);
  const scripts: string[] = [];
  page.on('request', (request) => scripts.push(new URL(request.url()).pathname));
  await page.goto(`${baseUrl}/questionnaire/${requestId}`);
  return { page, context, scripts };
}
