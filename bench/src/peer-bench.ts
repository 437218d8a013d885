/**
 * `npm run bench -- peer` (issue 19, requirements F-07): the product's questionnaire beside
 * SurveyJS on the same 300 questions — a generated catalogue version of 10 conditions × 30
 * (generated-catalogue.ts), the peer's survey made from the same compiled conditions and
 * answered the same way (peer/surveyjs.ts). One Chromium, the same flags and viewport;
 * every run in a fresh browser context (cold HTTP cache), peer and product alternating, the
 * order reversed every other repetition (REPS, default 5). Rows print each side's median / p95
 * and the ratio product ÷ peer, against the goals of issue 19; a row over its goal is not ok,
 * so the bench exits non-zero.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page, Request, Response } from 'playwright-core';
import { API_PREFIX } from '@vmer/domain/api';
import { launchBrowser, signIn } from '../../e2e/src/browser.ts';
import { startServer } from '../../e2e/src/server.ts';
import {
  generatedAnswers,
  publishGenerated,
  saveGeneratedDisclosure,
  shownPerCondition,
  TEN_BY_THIRTY_ALL_TYPES,
} from './generated-catalogue.ts';
import type { Row } from './harness.ts';
import { startPeerServer, peerSearch, type PeerQuery } from './peer/surveyjs.ts';
import { percentile } from './web-bench.ts';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const REPS = Number(process.env.REPS ?? 5);
/** Answers clicked per run, on the paged view. */
const INTERACTIONS = 12;
/** How long every response is held back in the round-trip runs. */
const DELAY_MS = 300;
/** 10 generated conditions × 30 questions, children of every type. */
const SHAPE = TEN_BY_THIRTY_ALL_TYPES;
const VIEWPORT = { width: 1366, height: 900 };
const QUESTIONS = SHAPE.conditions * shownPerCondition(SHAPE);

type Side = 'peer' | 'product';

/** The elements each side shows a question in: on the page, and all at once. */
const QUESTION = {
  peer: { page: '.sd-question', all: '.sd-question' },
  product: {
    page: 'section[aria-labelledby="disclosure-title"] section[data-question]',
    // The product shows every question at once in its print view.
    all: 'article.print-only section[data-question]',
  },
} as const;

interface Watch {
  name: string;
  selector: string;
  min: number;
}

interface WatchState {
  max: number;
  frame?: number;
  painted?: number;
}

interface InPage {
  watches: Record<string, WatchState>;
  armed: boolean;
  latencies: number[];
}

/**
 * Runs in the page before its own scripts, the same on both sides. Every animation frame counts
 * each watched selector's elements; the first frame reaching `min` painted them, and the time
 * is taken in a setTimeout(0) queued from that frame (after its paint), from navigation start.
 * A capturing click listener, armed before each click, times the click to the next frame.
 */
function instrument(watches: Watch[]): void {
  const state: InPage = { watches: {}, armed: false, latencies: [] };
  (window as unknown as { __bench: InPage }).__bench = state;
  const frame = () => {
    let open = false;
    for (const watch of watches) {
      const seen = (state.watches[watch.name] ??= { max: 0 });
      if (seen.frame !== undefined) continue;
      const count = document.querySelectorAll(watch.selector).length;
      seen.max = Math.max(seen.max, count);
      if (count >= watch.min) {
        seen.frame = performance.now();
        setTimeout(() => {
          seen.painted = performance.now();
        }, 0);
      } else open = true;
    }
    if (open && performance.now() < 60_000) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  addEventListener(
    'click',
    () => {
      if (!state.armed) return;
      state.armed = false;
      const start = performance.now();
      requestAnimationFrame(() =>
        setTimeout(() => state.latencies.push(performance.now() - start), 0),
      );
    },
    true,
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Milliseconds from navigation start to the frame that painted `name`'s elements. */
async function painted(page: Page, name: string): Promise<number> {
  try {
    await page.waitForFunction(
      (watched) =>
        (window as unknown as { __bench: InPage }).__bench.watches[watched]?.painted !== undefined,
      name,
      { timeout: 60_000, polling: 50 },
    );
  } catch (error) {
    const seen = await page
      .evaluate(
        (watched) => (window as unknown as { __bench: InPage }).__bench.watches[watched],
        name,
      )
      .catch(() => undefined);
    throw new Error(`"${name}" was never painted (${seen?.max ?? 0} elements at most)`, {
      cause: error,
    });
  }
  return page.evaluate(
    (watched) => (window as unknown as { __bench: InPage }).__bench.watches[watched]!.painted!,
    name,
  );
}

interface Logged {
  request: Request;
  failed: boolean;
}

interface NetRow {
  path: string;
  type: string;
  api: boolean;
  start: number;
  end: number | null;
  beforePaint: boolean;
}

/** The requests of a page, in ms from its navigation start, and which ended before `paint`. */
async function netRows(page: Page, log: readonly Logged[], paint: number): Promise<NetRow[]> {
  const origin = await page.evaluate(() => performance.timeOrigin);
  return log
    .map(({ request, failed }) => {
      const timing = request.timing();
      const start = timing.startTime - origin;
      const end = !failed && timing.responseEnd >= 0 ? start + timing.responseEnd : null;
      const type = request.resourceType();
      return {
        path: new URL(request.url()).pathname,
        type,
        api:
          new URL(request.url()).pathname.startsWith(`${API_PREFIX}/`) ||
          type === 'fetch' ||
          type === 'xhr',
        start,
        end,
        beforePaint: end !== null && end <= paint,
      };
    })
    .sort((a, b) => a.start - b.start);
}

/**
 * The longest chain of requests before first paint each starting after the previous one ended:
 * how many round trips the page waited through, one after another.
 */
function roundTrips(rows: readonly NetRow[], api: boolean): number {
  const before = rows.filter((row) => row.beforePaint && (!api || row.api));
  const depth = new Map<NetRow, number>();
  for (const row of before) {
    let best = 0;
    for (const earlier of before)
      if (earlier !== row && earlier.end! <= row.start + 0.5)
        best = Math.max(best, depth.get(earlier) ?? 0);
    depth.set(row, best + 1);
  }
  return Math.max(0, ...depth.values());
}

/** The gzipped size of every script the page loaded (gzip -6 of the bodies, both sides alike). */
async function scriptGzipBytes(responses: readonly Response[]): Promise<number> {
  let total = 0;
  for (const response of responses) {
    if (response.request().resourceType() !== 'script') continue;
    total += gzipSync(await response.body()).length;
  }
  return total;
}

/** The page's JavaScript heap after a garbage collection, in MB. */
async function heapMB(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return usedSize / 1024 / 1024;
}

/**
 * PEER_PROFILE=<dir>: the page's heap after its first cold open (garbage collected), written as
 * <dir>/<side>-open.heapsnapshot for Chromium's DevTools: what the heap row's megabytes are.
 */
async function writeHeapSnapshot(page: Page, side: Side): Promise<void> {
  const dir = process.env.PEER_PROFILE;
  if (!dir) return;
  const cdp = await page.context().newCDPSession(page);
  const chunks: string[] = [];
  cdp.on('HeapProfiler.addHeapSnapshotChunk', ({ chunk }) => chunks.push(chunk));
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  await cdp.detach();
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${side}-open.heapsnapshot`), chunks.join(''));
}

/**
 * PEER_PROFILE=<dir>: what the product's first cold open built, printed: React's components by
 * count (the fibers of its tree, by component name; the names are readable in a build made with
 * `--minify false`) and the page's style sheets and CSS rules. What each component of the first
 * screen costs in fibers and in styles to work out.
 */
async function printCensus(page: Page): Promise<void> {
  if (!process.env.PEER_PROFILE) return;
  const census = await page.evaluate(() => {
    interface Fiber {
      type: string | { displayName?: string; name?: string; render?: { name?: string } } | null;
      tag: number;
      child: Fiber | null;
      sibling: Fiber | null;
    }
    const root = document.getElementById('root') as unknown as Record<string, unknown>;
    const container = Object.keys(root).find((key) => key.startsWith('__reactContainer'));
    const counts = new Map<string, number>();
    const pending: Fiber[] = [];
    let fiber = container
      ? (root[container] as { stateNode: { current: Fiber } }).stateNode.current
      : undefined;
    for (; fiber; fiber = fiber.child ?? fiber.sibling ?? pending.pop()) {
      if (fiber.child && fiber.sibling) pending.push(fiber.sibling);
      const { type } = fiber;
      const name =
        typeof type === 'string'
          ? `<${type}>`
          : (type?.displayName ?? type?.name ?? type?.render?.name ?? `(tag ${fiber.tag})`);
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    const sheets = [...document.styleSheets];
    return {
      fibers: [...counts.values()].reduce((sum, n) => sum + n, 0),
      top: [...counts].sort((a, b) => b[1] - a[1]).slice(0, 20),
      sheets: sheets.length,
      rules: sheets.reduce((sum, sheet) => {
        try {
          return sum + sheet.cssRules.length;
        } catch {
          return sum; // a sheet of another origin, unreadable
        }
      }, 0),
    };
  });
  const top = census.top.map(([name, n]) => `${String(n).padStart(6)}  ${name}`).join('\n');
  console.error(
    `peer: product, open: ${census.fibers} fibers, ${census.sheets} style sheets, ${census.rules} CSS rules; components by count:\n${top}`,
  );
}

/**
 * Clicks `count` radio or checkbox options of the questions shown, one at a time (never a radio
 * already chosen), each timed from the click to the next frame. An option that a re-render
 * replaced before the click landed is looked up again (at most `count` times in all).
 */
async function answer(page: Page, selector: string, count: number): Promise<number[]> {
  const before = await page.evaluate(
    () => (window as unknown as { __bench: InPage }).__bench.latencies.length,
  );
  let done = 0;
  let missed = 0;
  for (let i = 0; done < count; i++) {
    const handle = await page.evaluateHandle(
      ({ selector, i }) => {
        const labels = [...document.querySelectorAll(selector)]
          .flatMap((question) => [...question.querySelectorAll('label')])
          .filter((label) => {
            const input = label.querySelector<HTMLInputElement>(
              'input[type=radio],input[type=checkbox]',
            );
            return input && !input.disabled && !(input.type === 'radio' && input.checked);
          });
        return labels.length > 0 ? labels[(i * 3) % labels.length]! : null;
      },
      { selector, i },
    );
    const label = handle.asElement();
    if (!label) throw new Error(`no option left to click under "${selector}"`);
    await page.evaluate(() => {
      (window as unknown as { __bench: InPage }).__bench.armed = true;
    });
    try {
      await label.click({ timeout: 5000 });
    } catch (error) {
      await page.evaluate(() => {
        (window as unknown as { __bench: InPage }).__bench.armed = false;
      });
      if (++missed > count) throw error;
      continue;
    }
    done++;
    await page.waitForFunction(
      (n) => (window as unknown as { __bench: InPage }).__bench.latencies.length >= n,
      before + done,
      { timeout: 5000, polling: 20 },
    );
  }
  return page.evaluate(
    (n) => (window as unknown as { __bench: InPage }).__bench.latencies.slice(n),
    before,
  );
}

/** What one repetition measured on one side. */
interface Sample {
  firstPaint: number[];
  firstPaintHeld: number[];
  allPaint: number[];
  freshLatency: number[];
  answeredLatency: number[];
  requests: number[];
  apiBeforePaint: number[];
  apiRoundTrips: number[];
  apiRoundTripsHeld: number[];
  jsGzipKB: number[];
  heapMB: number[];
}

const emptySample = (): Sample => ({
  firstPaint: [],
  firstPaintHeld: [],
  allPaint: [],
  freshLatency: [],
  answeredLatency: [],
  requests: [],
  apiBeforePaint: [],
  apiRoundTrips: [],
  apiRoundTripsHeld: [],
  jsGzipKB: [],
  heapMB: [],
});

/** The URLs of the four pages each side opens. */
interface Urls {
  /** Fully answered, paged. */
  full: string;
  /** Unanswered, paged. */
  fresh: string;
  /** Fully answered, every question at once. */
  all: string;
}

interface Bench {
  browser: Browser;
  /** The product's signed-in browser storage, reused by every product context. */
  storage: Awaited<ReturnType<BrowserContext['storageState']>>;
  urls: Record<Side, Urls>;
}

async function open(
  bench: Bench,
  side: Side,
  watches: Watch[],
  print = false,
): Promise<{ context: BrowserContext; page: Page; log: Logged[]; responses: Response[] }> {
  const context = await bench.browser.newContext({
    viewport: VIEWPORT,
    locale: 'en-GB',
    ...(side === 'product' ? { storageState: bench.storage } : {}),
  });
  await context.addInitScript(instrument, watches);
  const page = await context.newPage();
  if (print) await page.emulateMedia({ media: 'print' });
  const log: Logged[] = [];
  const responses: Response[] = [];
  page.on('requestfinished', (request) => log.push({ request, failed: false }));
  page.on('requestfailed', (request) => log.push({ request, failed: true }));
  page.on('response', (response) => responses.push(response));
  return { context, page, log, responses };
}

/** PEER_NETLOG=1: the requests of one side's first cold open, to see what a first paint waits for. */
function printNetLog(side: Side, paint: number, rows: readonly NetRow[]): void {
  const ms = (value: number | null) => (value === null ? '—' : value.toFixed(0)).padStart(6);
  console.error(`peer: ${side}, first page painted at ${paint.toFixed(0)} ms; requests:`);
  for (const row of rows)
    console.error(
      `${ms(row.start)} ${ms(row.end)} ${row.beforePaint ? '*' : ' '} ${row.type.padEnd(10)} ${row.path}`,
    );
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * PEER_PROFILE=<dir>: the page's CPU profile of one side's first cold open up to its first
 * paint, and of the answers given on it, written as <dir>/<side>-open.cpuprofile and
 * <side>-answers.cpuprofile (Chromium's DevTools opens them), with the self time per script
 * printed: where the time goes. Beside each, <side>-<what>.heapprofile samples every allocation
 * made meanwhile, the garbage collected included, and its total is printed: what makes the
 * garbage collector run (DevTools' Memory panel opens it).
 */
async function profiled<T>(
  page: Page,
  side: Side,
  what: 'open' | 'answers' | null,
  run: () => Promise<T>,
): Promise<T> {
  const dir = process.env.PEER_PROFILE;
  if (!dir || !what) return run();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.startSampling', {
    samplingInterval: 512,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  const result = await run();
  const allocations = (await cdp.send('HeapProfiler.stopSampling')).profile;
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
  await cdp.detach();
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${side}-${what}.cpuprofile`), JSON.stringify(profile));
  writeFileSync(join(dir, `${side}-${what}.heapprofile`), JSON.stringify(allocations));
  const allocated = (node: typeof allocations.head): number =>
    node.children.reduce((sum, child) => sum + allocated(child), node.selfSize);
  console.error(
    `peer: ${side}, ${what}: ${(allocated(allocations.head) / 1e6).toFixed(1)} MB allocated (sampled)`,
  );
  const byNode = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const scripts = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const frame = byNode.get(id);
    const ms = (profile.timeDeltas[index] ?? 0) / 1000;
    if (!frame) return;
    const script = frame.url ? new URL(frame.url).pathname : `(${frame.functionName || 'native'})`;
    scripts.set(script, (scripts.get(script) ?? 0) + ms);
  });
  const bySelfTime = [...scripts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 15)
    .map(([name, ms]) => `${ms.toFixed(1).padStart(8)} ms  ${name}`)
    .join('\n');
  console.error(`peer: ${side}, ${what}: self time by script:\n${bySelfTime}`);
  return result;
}

/** A cold open of the fully answered disclosure: first paint, requests, JS, heap, answers. */
async function runOpen(bench: Bench, side: Side, into: Sample, first = false): Promise<void> {
  const selector = QUESTION[side].page;
  const { context, page, log, responses } = await open(bench, side, [
    { name: 'first', selector, min: 1 },
  ]);
  try {
    // The first open (not counted) is the one PEER_NETLOG prints and PEER_PROFILE profiles.
    const paint = await profiled(page, side, first ? 'open' : null, async () => {
      await page.goto(bench.urls[side].full);
      return painted(page, 'first');
    });
    await sleep(1500);
    const rows = await netRows(page, log, paint);
    if (first && process.env.PEER_NETLOG === '1') printNetLog(side, paint, rows);
    into.firstPaint.push(paint);
    into.requests.push(rows.length);
    into.apiBeforePaint.push(rows.filter((row) => row.beforePaint && row.api).length);
    into.apiRoundTrips.push(roundTrips(rows, true));
    into.jsGzipKB.push((await scriptGzipBytes(responses)) / 1024);
    into.heapMB.push(await heapMB(page));
    if (first) await writeHeapSnapshot(page, side);
    if (first && side === 'product') await printCensus(page);
    into.answeredLatency.push(
      ...(await profiled(page, side, first ? 'answers' : null, () =>
        answer(page, selector, INTERACTIONS),
      )),
    );
  } finally {
    await context.close();
  }
}

/** A cold open showing every question at once (the product's print view, the peer's one page). */
async function runAll(bench: Bench, side: Side, into: Sample): Promise<void> {
  const { context, page } = await open(
    bench,
    side,
    [{ name: 'all', selector: QUESTION[side].all, min: QUESTIONS }],
    side === 'product',
  );
  try {
    await page.goto(bench.urls[side].all);
    into.allPaint.push(await painted(page, 'all'));
  } finally {
    await context.close();
  }
}

/** Answers on the unanswered disclosure, paged. */
async function runFresh(bench: Bench, side: Side, into: Sample): Promise<void> {
  const selector = QUESTION[side].page;
  const { context, page } = await open(bench, side, [{ name: 'first', selector, min: 1 }]);
  try {
    await page.goto(bench.urls[side].fresh);
    await painted(page, 'first');
    await sleep(1000);
    into.freshLatency.push(...(await answer(page, selector, INTERACTIONS)));
  } finally {
    await context.close();
  }
}

/**
 * A cold open with every response held back DELAY_MS: first paint as on a distant network, and
 * the API round trips before it, which a fast local server could otherwise overlap.
 */
async function runHeld(bench: Bench, side: Side, into: Sample): Promise<void> {
  const { context, page, log } = await open(bench, side, [
    { name: 'first', selector: QUESTION[side].page, min: 1 },
  ]);
  try {
    await context.route('**/*', async (route) => {
      try {
        const response = await route.fetch();
        await sleep(DELAY_MS);
        await route.fulfill({ response });
      } catch {
        await route.abort().catch(() => undefined);
      }
    });
    await page.goto(bench.urls[side].full, { timeout: 60_000 });
    const paint = await painted(page, 'first');
    await sleep(500);
    into.firstPaintHeld.push(paint);
    into.apiRoundTripsHeld.push(roundTrips(await netRows(page, log, paint), true));
  } finally {
    await context.close();
  }
}

/**
 * Builds the web app for production (unless BENCH_NO_BUILD=1) and refuses a development build:
 * React's development runtime measures several times slower.
 */
function productionBuild(): void {
  if (process.env.BENCH_NO_BUILD !== '1') {
    const { NODE_ENV: _mode, ...env } = process.env;
    execFileSync('npm', ['run', 'build', '-w', '@vmer/web'], {
      cwd: REPO_ROOT,
      env,
      stdio: 'ignore',
    });
  }
  // The server serves WEB_DIST when it is set (a build kept aside for an A/B run).
  const assets = join(process.env.WEB_DIST ?? join(REPO_ROOT, 'apps/web/dist'), 'assets');
  const development = readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .some((file) =>
      readFileSync(join(assets, file), 'utf8').includes('Download the React DevTools'),
    );
  if (development) throw new Error(`${assets} holds a development build of React`);
}

const stats = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), n: sorted.length };
};

const number = (value: number, digits: number) =>
  Number.isFinite(value) ? value.toFixed(digits) : 'n/a';

interface RowSpec {
  benchmark: string;
  key: keyof Sample;
  unit: string;
  digits: number;
  /** The goal: a ratio product ÷ peer, or a bound on the product's own value. */
  goal:
    | { ratio: number; of: 'median' | 'p95' | 'both'; strict: boolean }
    | { most: number; of: 'median' }
    | null;
}

const ROWS: RowSpec[] = [
  {
    benchmark: 'open → first page painted, cold',
    key: 'firstPaint',
    unit: 'ms',
    digits: 0,
    goal: { ratio: 1, of: 'median', strict: true },
  },
  {
    benchmark: `open → first page painted, every response ${DELAY_MS} ms away`,
    key: 'firstPaintHeld',
    unit: 'ms',
    digits: 0,
    goal: { ratio: 1, of: 'median', strict: true },
  },
  {
    benchmark: `open → all ${QUESTIONS} questions painted (product: print view)`,
    key: 'allPaint',
    unit: 'ms',
    digits: 0,
    goal: { ratio: 0.7, of: 'median', strict: true },
  },
  {
    benchmark: 'answer → next frame, unanswered, paged',
    key: 'freshLatency',
    unit: 'ms',
    digits: 1,
    goal: { ratio: 1, of: 'p95', strict: false },
  },
  {
    benchmark: 'answer → next frame, fully answered, paged',
    key: 'answeredLatency',
    unit: 'ms',
    digits: 1,
    goal: { ratio: 1, of: 'both', strict: false },
  },
  {
    benchmark: 'requests on a cold open (to paint + 1.5 s)',
    key: 'requests',
    unit: '',
    digits: 0,
    goal: { most: 15, of: 'median' },
  },
  {
    benchmark: 'API requests before first paint',
    key: 'apiBeforePaint',
    unit: '',
    digits: 0,
    goal: { most: 2, of: 'median' },
  },
  {
    benchmark: `sequential API round trips before first paint, responses ${DELAY_MS} ms away`,
    key: 'apiRoundTripsHeld',
    unit: '',
    digits: 0,
    goal: { most: 1, of: 'median' },
  },
  {
    benchmark: 'sequential API round trips before first paint, local',
    key: 'apiRoundTrips',
    unit: '',
    digits: 0,
    goal: null,
  },
  {
    benchmark: 'JavaScript of a cold open (gzip)',
    key: 'jsGzipKB',
    unit: 'KB',
    digits: 1,
    goal: { most: 250, of: 'median' },
  },
  {
    benchmark: 'JavaScript heap after open, after GC',
    key: 'heapMB',
    unit: 'MB',
    digits: 1,
    goal: { ratio: 1, of: 'median', strict: false },
  },
];

function row(spec: RowSpec, peer: Sample, product: Sample): Row {
  const ours = stats(product[spec.key]);
  const theirs = stats(peer[spec.key]);
  const show = (s: ReturnType<typeof stats>) =>
    `${number(s.median, spec.digits)} / ${number(s.p95, spec.digits)}${spec.unit ? ` ${spec.unit}` : ''} (n ${s.n})`;
  const ratio = { median: ours.median / theirs.median, p95: ours.p95 / theirs.p95 };
  const { goal } = spec;
  let target = '';
  let ok: boolean | null = null;
  if (goal && 'ratio' in goal) {
    const within = (value: number) => (goal.strict ? value < goal.ratio : value <= goal.ratio);
    const checked = goal.of === 'both' ? [ratio.median, ratio.p95] : [ratio[goal.of]];
    target = `${goal.of === 'both' ? 'median and p95' : goal.of} ${goal.strict ? '<' : '≤'} ×${goal.ratio} of SurveyJS`;
    ok = checked.every(within);
  } else if (goal) {
    target = `≤ ${goal.most}${spec.unit ? ` ${spec.unit}` : ''}`;
    ok = ours.median <= goal.most;
  }
  return {
    benchmark: `peer: ${spec.benchmark}`,
    result: `median / p95 ${show(ours)}`,
    baseline: `SurveyJS ${show(theirs)}`,
    ratio: `×${number(ratio.median, 2)} (p95 ×${number(ratio.p95, 2)})`,
    target,
    ok,
  };
}

const RUNS = { open: runOpen, all: runAll, fresh: runFresh, held: runHeld } as const;

/**
 * PEER_RUNS=open,held (any of open, all, fresh, held): only those runs and their rows, for
 * working on one row; every run by default.
 */
function chosenRuns(): ((bench: Bench, side: Side, into: Sample) => Promise<void>)[] {
  const names = (process.env.PEER_RUNS ?? Object.keys(RUNS).join(','))
    .split(',')
    .map((name) => name.trim());
  const unknown = names.filter((name) => !(name in RUNS));
  if (unknown.length > 0)
    throw new Error(
      `PEER_RUNS: unknown ${unknown.join(', ')}; runs are ${Object.keys(RUNS).join(', ')}`,
    );
  return names.map((name) => RUNS[name as keyof typeof RUNS]);
}

/** The side-by-side rows: product against SurveyJS on the same generated 300 questions. */
export async function peerRows(): Promise<Row[]> {
  productionBuild();
  const server = await startServer({ API_RATE_LIMIT: '0', OIDC_ACCESS_TOKEN_TTL: '86400' });
  let peerServer: Awaited<ReturnType<typeof startPeerServer>> | undefined;
  let browser: Browser | undefined;
  try {
    const generated = await publishGenerated(server.baseUrl, SHAPE);
    const fullId = await saveGeneratedDisclosure(server.baseUrl, generated, 'BENCHPEERFULL');
    // A draft needs one condition with a decision: the last is answered, the first nine
    // (every page the answers visit) are not.
    const freshId = await saveGeneratedDisclosure(
      server.baseUrl,
      generated,
      'BENCHPEERFRESH',
      SHAPE.conditions - 1,
    );
    peerServer = await startPeerServer(
      generated.impairments.map((impairment) => ({
        impairment,
        answers: generatedAnswers(impairment),
      })),
    );
    browser = await launchBrowser();
    const signInContext = await browser.newContext({ viewport: VIEWPORT, locale: 'en-GB' });
    await signIn(await signInContext.newPage(), server.baseUrl, 'interviewer1');
    const storage = await signInContext.storageState();
    await signInContext.close();

    const peerUrl = (query: PeerQuery) => `${peerServer!.baseUrl}/${peerSearch(query)}`;
    const bench: Bench = {
      browser,
      storage,
      urls: {
        peer: {
          full: peerUrl({ full: true }),
          fresh: peerUrl({}),
          all: peerUrl({ one: true, full: true }),
        },
        product: {
          full: `${server.baseUrl}/questionnaire/${fullId}`,
          fresh: `${server.baseUrl}/questionnaire/${freshId}`,
          all: `${server.baseUrl}/questionnaire/${fullId}`,
        },
      },
    };
    // Not counted: one open each, so both servers have run their code paths once.
    for (const side of ['peer', 'product'] as const)
      await runOpen(bench, side, emptySample(), true);

    const samples: Record<Side, Sample> = { peer: emptySample(), product: emptySample() };
    for (let rep = 0; rep < REPS; rep++) {
      const order: Side[] = rep % 2 === 0 ? ['peer', 'product'] : ['product', 'peer'];
      for (const run of chosenRuns())
        for (const side of order) await run(bench, side, samples[side]);
      console.error(`peer: repetition ${rep + 1} of ${REPS} done`);
    }
    // A row none of the chosen runs measured is left out rather than printed empty.
    return ROWS.filter((spec) => samples.product[spec.key].length > 0).map((spec) =>
      row(spec, samples.peer, samples.product),
    );
  } finally {
    await browser?.close();
    await peerServer?.stop();
    await server.stop();
  }
}
