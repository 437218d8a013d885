import { AxeBuilder } from '@axe-core/playwright';
import { API_PREFIX } from '@vmer/domain/api';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { mkdir } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';

/** The widths the app is checked at (checklist L-10): a desktop and a phone. */
export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

/** The desktop width a journey looks at each new screen with, beside the phone. */
export const DESKTOP = { width: 1366, height: 900 } as const;

export const DEMO_PASSWORD = 'demo';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The journeys' servers (global-setup.ts), one per worker: see {@link serverUrl}. */
    baseUrls: string[];
  }
}

/**
 * The journeys' server of this test file: global-setup starts one per worker, so that files
 * running at the same time share no user's saved language or other data.
 */
export function serverUrl(): string {
  const urls = inject('baseUrls');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  return urls[(worker - 1) % urls.length]!;
}

/** Debian's Chromium (or CHROMIUM_PATH), headless and quiet. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      // Debian's launcher turns GPU rasterization on; without a GPU that rasterizes in a
      // software GL, which cost the journeys about a fifth of their CPU time.
      '--disable-gpu-rasterization',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

let workersBrowser: Promise<Browser> | undefined;

/**
 * The worker's browser: launched by its first test file and shared by the files after it (the
 * project's files share a worker's module graph, isolate: false), as the worker's server is.
 * Each file works in browser contexts of its own, fresh profiles, and closes them when it ends
 * ({@link closeContexts}); Chromium ends with the worker. Launching and closing it for each
 * file cost a second or two of a busy machine's time per file.
 */
export function workerBrowser(): Promise<Browser> {
  workersBrowser ??= launchBrowser().then((browser) => {
    browser.once('disconnected', () => {
      workersBrowser = undefined;
    });
    return browser;
  });
  return workersBrowser;
}

/** Closes the browser contexts a test file left open, so that the next file starts clean. */
export async function closeContexts(browser: Browser | undefined): Promise<void> {
  await Promise.all((browser?.contexts() ?? []).map((context) => context.close()));
}

/** Where a failed journey leaves what its browser showed (see {@link keepWhatFailed}). */
const FAILED_SHOTS = '/tmp/vmer/failed';

/**
 * After a failed test of the file, a screenshot of every page its browser still has open
 * (`FAILED_SHOTS`/`test name`-`n`.png), and each page's address and alerts on stderr: a
 * journey that fails once in many runs then says what the screen showed, not only which wait
 * ran out.
 */
export function keepWhatFailed(browser: () => Browser | undefined): void {
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail') return;
    const pages = (browser()?.contexts() ?? []).flatMap((context) => context.pages());
    const name = task.name.replace(/[^\w-]+/g, '-').slice(0, 80);
    await mkdir(FAILED_SHOTS, { recursive: true });
    for (const [index, page] of pages.entries()) {
      const file = `${FAILED_SHOTS}/${name}-${index + 1}.png`;
      try {
        await page.screenshot({ path: file, fullPage: true, timeout: 10_000 });
        const alerts = await page.getByRole('alert').allTextContents();
        console.error(`failed: ${file} shows ${page.url()}; alerts: ${JSON.stringify(alerts)}`);
      } catch (error) {
        console.error(`failed: no screenshot of ${page.url()} (${String(error)})`);
      }
    }
  });
}

/** The browser of a test file (the worker's, see {@link workerBrowser}); its contexts closed after. */
export function browserSuite(): { browser: Browser } {
  const suite = {} as { browser: Browser };
  beforeAll(async () => {
    suite.browser = await workerBrowser();
  });
  keepWhatFailed(() => suite.browser);
  afterAll(async () => {
    await closeContexts(suite.browser);
  });
  return suite;
}

/** A fresh browser profile (no storage, no cookies) at the given width. */
export function newContext(
  browser: Browser,
  viewport: ViewportName = 'desktop',
): Promise<BrowserContext> {
  return browser.newContext({ viewport: VIEWPORTS[viewport], locale: 'en-GB' });
}

/**
 * Fills the embedded provider's sign-in form and waits until the browser is back in the app,
 * past /login/callback.
 */
export async function signInAtProvider(
  page: Page,
  userName: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  await page.waitForURL(/\/oidc\//);
  await page.locator('#username').fill(userName);
  await page.locator('#password').fill(password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(
    (url) => !url.pathname.startsWith('/oidc') && url.pathname !== '/login/callback',
  );
}

/**
 * Signs in from the landing page and waits for the person's first screen: /home, or for a role
 * without the questionnaire (an administrator) the screen /home moves them on to (O-01).
 */
export async function signIn(
  page: Page,
  baseUrl: string,
  userName: string,
  landing = '/home',
): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await signInAtProvider(page, userName);
  await page.waitForURL(`${baseUrl}${landing}`);
}

/** Whether a request went to the app's API. */
export function isApiRequest(url: string): boolean {
  return new URL(url).pathname.startsWith(`${API_PREFIX}/`);
}

/** The app state, read through the debug getter (set localStorage 'vmer.debug' to '1' first). */
export async function appState<T = Record<string, unknown>>(page: Page): Promise<T> {
  return page.evaluate(() => {
    const getter = (window as unknown as { __vmerState?: () => unknown }).__vmerState;
    if (!getter)
      throw new Error(
        'window.__vmerState is missing: set localStorage vmer.debug to 1 before loading',
      );
    return getter() as never;
  });
}

/** Turns the debug state getter on for every page of the context, from its first load. */
export async function enableStateGetter(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => window.localStorage.setItem('vmer.debug', '1'));
}

/**
 * Serious and critical axe violations, as "rule: target" lines for a readable failure; of the
 * part of the page `include` selects (a dialog…), or of the whole page.
 */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  // Only violations are read: axe then describes one node of each passing or inapplicable
  // rule instead of all of them, which cut its answer from some 340 KB to 55 KB on the home
  // screen and a fifth of each check's time.
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  const results = await (include ? builder.include(include) : builder).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`),
    );
}

/** How {@link look} looks at a screen. */
export interface LookOptions {
  /** An open dialog is checked alone: the page behind it is not new. */
  dialog?: boolean;
  /** The page itself never scrolls sideways: only a table's own region may. */
  noSideScroll?: boolean;
  /** No notification is sliding in or out while the screenshots are taken. */
  quiet?: boolean;
}

/** How long {@link settled} waits for what is moving; a transition lasts under a second. */
const SETTLE_MS = 5_000;

/**
 * Waits for what is moving on the page and will stop (a dialog fading in, a menu growing) to
 * end, so that a screenshot and axe see the screen as it stays: axe measured a dialog's button
 * against the page behind while the dialog was still fading in, and found its colours too
 * faint. Endless animations (a progress bar) are left running. It waits {@link SETTLE_MS} at
 * most and then names what still runs: an animation the browser does not advance (one in a
 * part of the page it skips rendering, say) never finishes, and the wait once held a journey
 * until the test's 15-minute limit.
 */
async function settled(page: Page): Promise<void> {
  const unfinished = await page.evaluate(async (most) => {
    const moving = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    const name = (animation: Animation) => {
      const target = (animation.effect as KeyframeEffect | null)?.target;
      const what =
        (animation as CSSTransition).transitionProperty ??
        (animation as CSSAnimation).animationName ??
        animation.id;
      return `${what} on ${target?.tagName.toLowerCase() ?? '?'}.${String(target?.className ?? '').slice(0, 80)}`;
    };
    const ended = Promise.all(moving.map((animation) => animation.finished.catch(() => undefined)));
    const late = new Promise<string[]>((resolve) =>
      setTimeout(
        () => resolve(moving.filter((animation) => animation.playState === 'running').map(name)),
        most,
      ),
    );
    return Promise.race([ended.then(() => [] as string[]), late]);
  }, SETTLE_MS);
  if (unfinished.length > 0)
    console.warn(`still moving after ${SETTLE_MS} ms: ${unfinished.join('; ')}`);
}

/**
 * Looks at a new screen as a person would: a full-page screenshot at 1366 px and at 390 px
 * (`${file}-1366.png`, `${file}-390.png`), each free of serious or critical axe violations;
 * the page goes back to 1366 px.
 */
export async function look(page: Page, file: string, options: LookOptions = {}): Promise<void> {
  if (options.quiet)
    await page.locator('#notistack-snackbar').waitFor({ state: 'detached', timeout: 15_000 });
  for (const [width, size] of [
    [1366, DESKTOP],
    [390, VIEWPORTS.phone],
  ] as const) {
    await page.setViewportSize(size);
    if (options.noSideScroll)
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
          timeout: 10_000,
        })
        .toBeLessThanOrEqual(0);
    await settled(page);
    await page.screenshot({ path: `${file}-${width}.png`, fullPage: true });
    expect(
      await seriousViolations(page, options.dialog ? '[role="dialog"]' : undefined),
      `${file} at ${width} px`,
    ).toEqual([]);
  }
  await page.setViewportSize(DESKTOP);
}
