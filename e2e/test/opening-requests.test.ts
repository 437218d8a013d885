import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { HELD_VERSIONS_KEY } from '../../apps/web/src/lib/early-opening.ts';
import { isApiRequest } from '../src/browser.ts';
import { chunkFile } from '../src/web-build.ts';
import {
  journeySuite,
  PHKL_PRODUCT,
  screenState,
  submittedDisclosure,
} from '../src/questionnaire.ts';

const suite = journeySuite();

/** Ten conditions every applicant may have, offered by phkl's agency product. */
const TEN = [
  'allergic-rhinitis',
  'anaemia',
  'anxiety',
  'arrhythmia',
  'asthma',
  'back-pain-disc-prolapse',
  'cataract',
  'colon-polyps',
  'fractures',
  'gallstones',
];
/** Another ten: five of the first disclosure's and five of its own. */
const OTHER_TEN = [...TEN.slice(5), 'depression', 'eczema', 'epilepsy', 'fatty-liver', 'gout'];

/**
 * The most dependent API requests one after another on the way to the first page of
 * questions: the longest chain of requests each started after the one before it had finished
 * (the one it could have been waiting for). Requests started at once are one wave.
 */
const MAX_WAVES = 1;
/** The API requests a cold open may make before its first page of questions shows. */
const MAX_BEFORE_FIRST_PAGE = 2;

/** An API request seen by the browser, its start and end numbered in the order they happened. */
interface Seen {
  method: string;
  /** Path and query without the `datatimestamp` cache-buster (requirements A-06). */
  url: string;
  started: number;
  ended: number;
}

/** Every API request of the page from now on, with its start and end in event order. */
function recordApi(page: Page): Seen[] {
  const seen: Seen[] = [];
  const open = new Map<object, Seen>();
  let tick = 0;
  const end = (request: object) => {
    const entry = open.get(request);
    if (entry) entry.ended = ++tick;
    open.delete(request);
  };
  page.on('request', (request) => {
    if (!isApiRequest(request.url())) return;
    const url = new URL(request.url());
    url.searchParams.delete('datatimestamp');
    const entry = {
      method: request.method(),
      url: url.pathname + url.search,
      started: ++tick,
      ended: Number.POSITIVE_INFINITY,
    };
    seen.push(entry);
    open.set(request, entry);
  });
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  return seen;
}

/**
 * Requests the first page does not wait for: the menu's worklist badge and the analytics
 * record. They start beside the page's own; on a loaded machine one may end just before a
 * question call starts and would look like a link of the page's chain.
 */
const BESIDE_THE_PAGE = [
  /^\/api\/impairment\/video_mer\/disclosures\/counts/,
  /^\/api\/analytics\//,
];

/** The page's own requests ({@link BESIDE_THE_PAGE} left out). */
const pageOwn = (seen: readonly Seen[]) =>
  seen.filter((r) => !BESIDE_THE_PAGE.some((beside) => beside.test(r.url)));

/** The requests beside the page start only once the page's own have ended (F-01). */
const besideAfterPage = (seen: readonly Seen[]) => {
  const lastEnd = Math.max(0, ...pageOwn(seen).map((r) => r.ended));
  return seen.filter((r) => !pageOwn(seen).includes(r) && r.started < lastEnd).map((r) => r.url);
};

/**
 * The longest chain of the page's requests where each started after the previous one had
 * ended ({@link BESIDE_THE_PAGE} left out).
 */
function waves(seen: readonly Seen[]): number {
  const depth = new Map<Seen, number>();
  const page = seen.filter((r) => !BESIDE_THE_PAGE.some((beside) => beside.test(r.url)));
  for (const request of [...page].sort((a, b) => a.started - b.started)) {
    const before = page.filter((other) => other.ended < request.started);
    depth.set(request, 1 + Math.max(0, ...before.map((other) => depth.get(other) ?? 0)));
  }
  return Math.max(0, ...depth.values());
}

/** The URLs requested more than once. */
const repeated = (seen: readonly Seen[]) => {
  const count = new Map<string, number>();
  for (const { method, url } of seen)
    count.set(`${method} ${url}`, (count.get(`${method} ${url}`) ?? 0) + 1);
  return [...count].filter(([, times]) => times > 1).map(([url, times]) => `${url} ×${times}`);
};

const describeRequests = (seen: readonly Seen[]) =>
  seen.map((r) => `${r.started}-${r.ended} ${r.method} ${r.url}`).join('\n');

/**
 * Waits until every request seen has ended: the screen's effects of the render that showed the
 * questions have started theirs by then.
 */
const allEnded = (seen: readonly Seen[]) =>
  expect.poll(() => seen.filter((r) => r.ended === Number.POSITIVE_INFINITY).length).toBe(0);

/** A saved draft of interviewer1 with these conditions: its request id. */
const draft = (applicationNumber: string, conditions: string[]) =>
  submittedDisclosure(suite.baseUrl, {
    userName: 'interviewer1',
    applicationNumber,
    product: PHKL_PRODUCT,
    conditions,
    save: true,
  });

/** The catalogue versions the browser lists as kept, for whoever is signed in. */
const keptVersions = (page: Page) =>
  page.evaluate(
    (prefix) =>
      Object.keys(localStorage)
        .filter((key) => key.startsWith(prefix))
        .flatMap((key) => JSON.parse(localStorage.getItem(key) ?? '[]') as string[]),
    HELD_VERSIONS_KEY,
  );

/** Waits until the first page of the disclosure shows its questions. */
const firstPageShown = (page: Page) =>
  page.locator('[data-question]').first().waitFor({ state: 'visible' });

describe('opening a disclosure (requirements §17)', () => {
  it('F-01 a 10-condition disclosure opens with at most two API requests in one wave, none of them asked twice', async () => {
    const requestId = await draft('OPEN10', TEN);
    const page = await suite.signedIn('interviewer1');
    const seen = recordApi(page);
    // A cold open: the page loaded afresh from the link, signed in.
    await page.goto(`${suite.baseUrl}/questionnaire/${requestId}`);
    await firstPageShown(page);
    const shown = [...seen];
    await allEnded(seen);
    console.info(
      `F-01 ${shown.length} API requests, ${waves(shown)} waves before the first page:\n${describeRequests(seen)}`,
    );
    // The opening brings the conditions' questions (A-13 answers each of them the same way).
    expect(pageOwn(shown).length).toBeLessThanOrEqual(MAX_BEFORE_FIRST_PAGE);
    expect(besideAfterPage(shown)).toEqual([]);
    expect(shown.filter((r) => r.url.startsWith('/api/question/'))).toEqual([]);
    expect(repeated(seen)).toEqual([]);
    expect(waves(shown)).toBeLessThanOrEqual(MAX_WAVES);
    await page.context().close();
  });

  it('F-01 the opening call goes out with the page, while every script file of the app is still on its way', async () => {
    const requestId = await draft('OPENF', TEN.slice(0, 2));
    const page = await suite.signedIn('interviewer1');
    const seen = recordApi(page);
    const opening = `/disclosure/${requestId}/open`;
    let openingSent!: () => void;
    const sent = new Promise<string>((resolve) => (openingSent = () => resolve('sent')));
    page.on('request', (request) => {
      if (request.url().includes(opening)) openingSent();
    });
    // Every script file is held until the opening call has gone out: the script written into
    // the page sends it. Were a script file to send it, the files would wait out the 10 s instead.
    const held: string[] = [];
    await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
      held.push(
        await Promise.race([
          sent,
          new Promise<string>((resolve) => setTimeout(() => resolve('not sent'), 10_000)),
        ]),
      );
      await route.continue();
    });
    await page.goto(`${suite.baseUrl}/questionnaire/${requestId}`);
    await firstPageShown(page);
    await allEnded(seen);
    expect(held.length).toBeGreaterThan(1);
    expect(held.filter((outcome) => outcome !== 'sent')).toEqual([]);
    // The app took its answer: nothing of it is asked again.
    expect(seen.filter((r) => r.url.includes(opening))).toHaveLength(1);
    expect(pageOwn(seen).map((r) => r.url)).toEqual([expect.stringContaining(opening)]);
    await page.context().close();
  });

  it('F-01 the sign-in library is not loaded while the token has minutes left: the first screen and its first answers have the page to themselves', async () => {
    const requestId = await draft('OPENL', TEN.slice(0, 2));
    const page = await suite.signedIn('interviewer1');
    const library: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/oidc-[^/]+\.js$/.test(request.url())) library.push(request.url());
    });
    await page.goto(`${suite.baseUrl}/questionnaire/${requestId}`);
    await firstPageShown(page);
    // It was loaded some 3 s after the page knew it was signed in, at the next idle moment.
    await page.waitForTimeout(6_000);
    expect(library).toEqual([]);
    await page.context().close();
  });

  it('F-02 a second disclosure on the same catalogue version asks only for the questions not yet fetched', async () => {
    const [first, second] = [await draft('OPENA', TEN), await draft('OPENB', OTHER_TEN)];
    const page = await suite.signedIn('interviewer1');
    const all = recordApi(page);
    await page.goto(`${suite.baseUrl}/questionnaire/${first}`);
    await firstPageShown(page);
    await allEnded(all);
    const seen = recordApi(page);
    // An in-app move to the other disclosure (as the worklist's links make), in the same tab.
    await page.evaluate((path) => {
      window.history.pushState({}, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, `/questionnaire/${second}`);
    await expect.poll(async () => (await screenState(page)).session.requestId).toBe(second);
    await firstPageShown(page);
    await allEnded(seen);
    const questions = seen
      .filter((r) => r.url.startsWith('/api/question/'))
      .map((r) => new URL(r.url, suite.baseUrl).pathname.split('/').pop());
    console.info(`F-02 second opening:\n${describeRequests(seen)}`);
    expect(questions.sort()).toEqual(OTHER_TEN.slice(5).sort());
    // Nor the version's summary again.
    expect(seen.filter((r) => r.url.startsWith('/api/questionnaire/get'))).toEqual([]);
    await page.context().close();
  });

  it('F-02 a cold open of a disclosure on a version this browser keeps leaves its catalogue parts out', async () => {
    const [first, second] = [await draft('OPEND', TEN), await draft('OPENE', TEN.slice(0, 3))];
    const page = await suite.signedIn('interviewer1');
    await page.goto(`${suite.baseUrl}/questionnaire/${first}`);
    await firstPageShown(page);
    // The version's parts are kept a moment after they are shown (IndexedDB, then the list the
    // page's first script reads): a reload before that has nothing kept to leave out.
    await expect.poll(() => keptVersions(page)).not.toEqual([]);
    const seen = recordApi(page);
    // The browser loaded afresh at the other disclosure: its version's parts are kept (IndexedDB).
    await page.goto(`${suite.baseUrl}/questionnaire/${second}`);
    await firstPageShown(page);
    const shown = [...seen];
    await allEnded(seen);
    console.info(`F-02 cold open on a kept version:\n${describeRequests(seen)}`);
    const opening = shown.filter((r) => r.url.includes(`/disclosure/${second}/open`));
    expect(opening).toHaveLength(1);
    expect(new URL(opening[0]!.url, suite.baseUrl).searchParams.get('known')).toMatch(/^\d+/);
    expect(pageOwn(shown).length).toBeLessThanOrEqual(MAX_BEFORE_FIRST_PAGE);
    expect(besideAfterPage(shown)).toEqual([]);
    expect(
      seen.filter((r) => /^\/api\/(question\/|questionnaire\/get|disease\/)/.test(r.url)),
    ).toEqual([]);
    await page.context().close();
  });

  it('F-03 the questionnaire route’s chunks are preloaded with the HTML, before any API request', async () => {
    // The frame's and the route's chunk groups (`screenChunks` in apps/web/vite.config.ts).
    const routeChunks = await Promise.all(['frame', 'questionnaire'].map(chunkFile));
    const requestId = await draft('OPENC', TEN.slice(0, 1));
    const page = await suite.signedIn('interviewer1');
    const order: string[] = [];
    const record = (request: Request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith(`/disclosure/${requestId}/open`)) return;
      if (isApiRequest(request.url())) order.push('api');
      else if (routeChunks.includes(url.pathname)) order.push(url.pathname);
    };
    page.on('request', record);
    await page.goto(`${suite.baseUrl}/questionnaire/${requestId}`);
    await firstPageShown(page);
    const preloaded = await page.evaluate(() =>
      [...document.querySelectorAll('link[rel="modulepreload"]')].map(
        (link) => new URL((link as HTMLLinkElement).href).pathname,
      ),
    );
    expect(preloaded).toEqual(expect.arrayContaining(routeChunks));
    // Both chunks were asked for before the first API request but the disclosure's opening,
    // which the page's first script sends beside them.
    const firstApi = order.indexOf('api');
    const beforeApi = firstApi < 0 ? order : order.slice(0, firstApi);
    expect(routeChunks.filter((chunk) => !beforeApi.includes(chunk))).toEqual([]);
    // The sign-in page does not preload them: it keeps within its own budget (design §7).
    const landing = await suite.browser.newPage();
    await landing.goto(`${suite.baseUrl}/`);
    await landing.getByRole('button', { name: 'Sign In' }).waitFor();
    const onLanding = await landing.evaluate(() =>
      [...document.querySelectorAll('link[rel="modulepreload"]')].map(
        (link) => new URL((link as HTMLLinkElement).href).pathname,
      ),
    );
    expect(onLanding.filter((path) => routeChunks.includes(path))).toEqual([]);
    await landing.close();
    await page.context().close();
  });
});
