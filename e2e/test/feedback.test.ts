import { apiPath, endpoints } from '@vmer/domain/api';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  appState,
  enableStateGetter,
  newContext,
  signIn,
  browserSuite,
  serverUrl,
} from '../src/browser.ts';
import { PHKL_PRODUCT, requestDisclosure } from '../src/questionnaire.ts';

const baseUrl = serverUrl();
const suite = browserSuite();
let context: BrowserContext;
let page: Page;
beforeEach(async () => {
  context = await newContext(suite.browser);
  await enableStateGetter(context);
  page = await context.newPage();
  return () => context.close();
});

interface Feedback {
  globalFeedback: { loadingStatus: string; apiError: { open: boolean; message: string | null } };
  api: { queries: Record<string, { endpointName: string; status: string } | undefined> };
}

/** The queries of the app that failed, by endpoint. */
async function failedQueries(page: Page): Promise<string[]> {
  const { api } = await appState<Feedback>(page);
  return Object.values(api.queries)
    .filter((query) => query?.status === 'rejected')
    .map((query) => query!.endpointName)
    .sort();
}

describe('global feedback in the browser', () => {
  it('L-26 S-05 X-03 X-04 X-05 a request that fails in transit: a red filled Network Error banner that can be dismissed, message in the snackbar', async () => {
    await signIn(page, baseUrl, 'interviewer1');
    await page.getByTestId('user-name').waitFor();
    await page.route('**/api/user/info/get*', (route) => route.abort('internetdisconnected'));
    await page.reload();

    const banner = page.getByTestId('network-error-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toContain('Network Error');
    expect(await banner.getAttribute('role')).toBe('alert');
    const colours = await banner.evaluate((element) => {
      const style = getComputedStyle(element);
      return { background: style.backgroundColor, colour: style.color };
    });
    const [red, green, blue] = colours.background.match(/\d+/g)!.map(Number);
    expect(red).toBeGreaterThan(150);
    expect(green).toBeLessThan(100);
    expect(blue).toBeLessThan(100);
    expect(colours.colour).toBe('rgb(255, 255, 255)');

    const snackbar = page.getByTestId('api-error-snackbar');
    await snackbar.waitFor();
    expect(await snackbar.textContent()).toContain('Network Error');
    expect((await appState<Feedback>(page)).globalFeedback.apiError.open).toBe(true);

    await banner.getByRole('button', { name: 'Close' }).click();
    await banner.waitFor({ state: 'detached' });
  });

  it('T-14 the calls that show nothing on the screen (the worklist badge, the request analytics) fail in transit without a banner or a snackbar: an interview that goes offline is not shouted at', async () => {
    const requestId = await requestDisclosure(baseUrl, {
      applicationNumber: 'QUIET1',
      ...PHKL_PRODUCT,
    });
    await signIn(page, baseUrl, 'interviewer1');
    await page.getByTestId('user-name').waitFor();
    const background = [
      apiPath(endpoints.worklistCounts),
      apiPath(endpoints.requestAnalytics, { requestId }),
    ];
    await page.route(
      (url) => background.includes(url.pathname),
      (route) => route.abort('internetdisconnected'),
    );
    await page.goto(`${baseUrl}/questionnaire/${requestId}`);
    // Both failed and the app has taken the failures in.
    await expect.poll(() => failedQueries(page)).toEqual(['analytics', 'returnedToMe']);
    expect(await page.getByTestId('network-error-banner').count()).toBe(0);
    expect(await page.getByTestId('api-error-snackbar').count()).toBe(0);
    expect((await appState<Feedback>(page)).globalFeedback.apiError.open).toBe(false);
  });

  it('L-27 X-01 S-04 S-06 an unsuccessful answer shows its message in a snackbar at the top centre; closing clears the flag', async () => {
    await signIn(page, baseUrl, 'interviewer1');
    await page.getByTestId('user-name').waitFor();
    // A call the server answers unsuccessfully for what it asks (a 401 would end the session
    // instead): user info is sent to a disclosure that does not exist.
    const missing = '/api/impairment/video_mer/disclosure/NO-SUCH-REQUEST';
    await page.route('**/api/user/info/get*', async (route) => {
      const url = new URL(route.request().url());
      url.pathname = missing;
      await route.fulfill({ response: await route.fetch({ url: url.href }) });
    });
    // The rerouted answer, not one of the signed-in page's own that may still be on its way.
    const refused = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/user/info/get' && response.status() !== 200,
    );
    await page.reload();
    const answer = await refused;
    expect(answer.status()).toBeGreaterThanOrEqual(400);
    expect(answer.status()).not.toBe(401);
    const { message } = (await answer.json()) as { message: string };

    const snackbar = page.getByTestId('api-error-snackbar');
    await snackbar.waitFor();
    expect(await snackbar.textContent()).toContain(message);
    const box = (await snackbar.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.y).toBeLessThan(viewport.height / 4);
    expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThan(2);
    expect((await appState<Feedback>(page)).globalFeedback.apiError).toMatchObject({
      open: true,
      message,
    });
    expect(await page.getByTestId('network-error-banner').count()).toBe(0);

    await snackbar.getByRole('button', { name: 'Close' }).click();
    await snackbar.waitFor({ state: 'detached' });
    expect((await appState<Feedback>(page)).globalFeedback.apiError.open).toBe(false);
  });

  it('L-25 the top progress bar shows while a request is out', async () => {
    await signIn(page, baseUrl, 'interviewer1');
    await page.getByTestId('user-name').waitFor();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/insurer/list*', async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    await expect
      .poll(async () => (await appState<Feedback>(page)).globalFeedback.loadingStatus)
      .toBe('Start');
    // The top bar, not the screen's own ("Loading the disclosure"), which waits for the list too.
    const bar = page.getByRole('progressbar', { name: 'Loading', exact: true });
    // The store says Start a moment before React has drawn the bar.
    await expect.poll(async () => (await bar.boundingBox())?.y).toBe(0);
    release();
    await expect
      .poll(async () => (await appState<Feedback>(page)).globalFeedback.loadingStatus)
      .toBe('Finish');
  });
});
