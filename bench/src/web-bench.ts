/**
 * The web app's weight and speed (issue 7, design §7): the gzipped JavaScript the first
 * page loads and the questionnaire route adds beyond the shell, read from the built app's
 * Vite manifest; and, in Chromium against the real server, how long answering a question on
 * a page of 30 takes to show its decision, beside a trivial input measured the same way.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Locator, Page } from 'playwright-core';
import type { Impairment } from '@vmer/domain';
import { apiPath, endpoints, type Endpoint } from '@vmer/domain/api';
import { signIn as signInApi } from '../../apps/server/src/cli/sign-in.ts';
import {
  checkSourceTexts,
  readSourceDir,
  SHIPPED_CATALOG_DIR,
} from '../../apps/server/src/catalog/source-files.ts';
import { answersFor, documentFor, PROFILE } from '../../apps/server/test/disclosures/fixtures.ts';
import { launchBrowser, newContext, signIn } from '../../e2e/src/browser.ts';
import { startServer } from '../../e2e/src/server.ts';
import { formatRatio, formatUs } from './harness.ts';
import type { Row } from './harness.ts';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DIST = join(REPO_ROOT, 'apps/web/dist');
const BUNDLE_TARGET_BYTES = 250 * 1024;
const LATENCY_TARGET_MS = 100;
const INTERACTIONS = 75;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  name?: string;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The chunk keys `key` loads before it runs: itself and its static imports, transitively. A
 * module that a chunk group took in has no key of its own (its group's chunk is loaded by the
 * keys that import it), so a missing key adds nothing.
 */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

function gzippedBytes(manifest: Manifest, keys: Iterable<string>): number {
  let total = 0;
  for (const key of keys) {
    total += gzipSync(readFileSync(join(DIST, manifest[key]!.file))).length;
  }
  return total;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * At most this many scripts on a cold open of a disclosure (issue 19: 15 requests in all, the
 * HTML, the preload script and the API requests before the first page included).
 */
const COLD_OPEN_SCRIPTS = 10;

/**
 * Gzipped JavaScript of `/` and of a disclosure's cold open, read from the build's manifest
 * (design §7): what the sign-in page runs, and what `/questionnaire/{id}` runs before its
 * first page, shell included: the entry, the signed-in frame and the questionnaire route with
 * every chunk they import; and how many scripts that is, the preload script included.
 */
export function bundleRows(): Row[] {
  const manifestPath = join(DIST, '.vite/manifest.json');
  if (!existsSync(manifestPath)) {
    execFileSync('npm', ['run', 'build', '-w', '@vmer/web'], { cwd: REPO_ROOT, stdio: 'inherit' });
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) throw new Error('the manifest names no entry chunk');
  // `/` runs the entry and the landing page it loads at once.
  const signIn = staticClosure(
    manifest,
    'src/app/routes/landing.tsx',
    staticClosure(manifest, entry),
  );
  // The baseline: the sign-in page's largest chunk (the vendor chunk of React, Redux, the
  // router and Material UI's core), which every page loads.
  const [largest] = [...signIn]
    .map((key) => ({ key, bytes: gzippedBytes(manifest, [key]) }))
    .sort((a, b) => b.bytes - a.bytes);
  // The signed-in frame and the questionnaire route are chunk groups of the build
  // (`screenChunks` in apps/web/vite.config.ts), named in the manifest by their group's name.
  const group = (name: string) => {
    const key = Object.keys(manifest).find((candidate) => manifest[candidate]!.name === name);
    if (!key) throw new Error(`the manifest names no chunk ${name}`);
    return key;
  };
  const coldOpen = new Set<string>();
  for (const key of [entry, group('frame'), group('questionnaire')]) {
    staticClosure(manifest, key, coldOpen);
  }
  const row = (benchmark: string, bytes: number): Row => ({
    benchmark,
    result: kb(bytes),
    baseline: `largest chunk, ${manifest[largest!.key]!.file} ${kb(largest!.bytes)}`,
    ratio: formatRatio(bytes, largest!.bytes),
    target: `< ${kb(BUNDLE_TARGET_BYTES)}`,
    ok: bytes < BUNDLE_TARGET_BYTES,
  });
  // The page's first script is written into the HTML: no file of its own.
  const scripts = coldOpen.size;
  return [
    row('initial JavaScript of / (gzip)', gzippedBytes(manifest, signIn)),
    row('cold open of a disclosure, shell included (gzip)', gzippedBytes(manifest, coldOpen)),
    {
      benchmark: 'scripts of a cold open of a disclosure',
      result: String(scripts),
      baseline: 'the sign-in page: ' + String(signIn.size),
      ratio: formatRatio(scripts, signIn.size),
      target: `≤ ${COLD_OPEN_SCRIPTS}`,
      ok: scripts <= COLD_OPEN_SCRIPTS,
    },
  ];
}

const BENCH_UUID = 'bench-thirty-questions';
const TOP_LEVEL = 5;
const CHILDREN = 5;
const decision = (life: number) => `{ LIFE: "${life}", CI: "0", MED: "0" }`;

/**
 * A condition whose one page shows 30 questions: 5 top-level radios (the most a page holds,
 * requirements §9) whose Yes opens 5 radio children each. The sample catalogue's fullest page has 9.
 */
function thirtyQuestionCondition(): string {
  const lines = [
    `uuid: ${BENCH_UUID}`,
    'name: { en: Bench condition, cn_traditional: 基準病症 }',
    'gender: Both',
    'category: other',
    'groups:',
    '  - uuid: bench-g',
    '    header: { en: History, cn_traditional: 病歷 }',
    'questions:',
  ];
  for (let t = 1; t <= TOP_LEVEL; t++) {
    lines.push(
      `  - uuid: bench-${t}`,
      '    type: R',
      '    group: bench-g',
      `    question: { en: "Bench question ${t}", cn_traditional: "基準問題 ${t}" }`,
      '    options:',
      `      - uuid: bench-${t}-no`,
      '        label: { en: "No", cn_traditional: "否" }',
      `        decision: ${decision(0)}`,
      `      - uuid: bench-${t}-yes`,
      '        label: { en: "Yes", cn_traditional: "是" }',
      '        questions:',
    );
    for (let c = 1; c <= CHILDREN; c++) {
      lines.push(
        `          - uuid: bench-${t}-${c}`,
        '            type: R',
        `            question: { en: "Bench question ${t}.${c}", cn_traditional: "基準問題 ${t}.${c}" }`,
        '            options:',
        `              - uuid: bench-${t}-${c}-no`,
        '                label: { en: "No", cn_traditional: "否" }',
        `                decision: ${decision(0)}`,
        `              - uuid: bench-${t}-${c}-yes`,
        '                label: { en: "Yes", cn_traditional: "是" }',
        `                decision: ${decision(25)}`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

export async function apiCall<T>(
  baseUrl: string,
  endpoint: Endpoint,
  token: string,
  body: unknown,
): Promise<T> {
  const path = apiPath(endpoint);
  const response = await fetch(`${baseUrl}${path}`, {
    method: endpoint.method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { code: number; body: T };
  if (answer.code !== 200) throw new Error(`${path} answered ${JSON.stringify(answer)}`);
  return answer.body;
}

/**
 * Publishes the shipped catalogue plus the 30-question condition as the active version and
 * saves a disclosure of it for interviewer1, every Yes chosen so that all 30 questions show.
 */
async function disclosureOfThirty(baseUrl: string): Promise<string> {
  const files = {
    ...(await readSourceDir(SHIPPED_CATALOG_DIR)),
    [`impairments/${BENCH_UUID}.yaml`]: thirtyQuestionCondition(),
  };
  const checked = checkSourceTexts(files);
  const impairment = checked.catalog?.impairments.find((i) => i.uuid === BENCH_UUID);
  if (!impairment)
    throw new Error(`the bench condition is refused: ${JSON.stringify(checked.problems)}`);
  const admin = await signInApi({ url: baseUrl, user: 'admin1', password: 'demo' });
  const imported = await apiCall<{ version: { version: string } }>(
    baseUrl,
    endpoints.catalogUpload,
    admin,
    { files, notes: 'bench: a page of 30 questions', activate: true },
  );
  const interviewer = await signInApi({ url: baseUrl, user: 'interviewer1', password: 'demo' });
  const doc = documentFor(imported.version.version, [
    { impairment: impairment as Impairment, answers: answersFor(impairment, 'opening') },
  ]);
  const saved = await apiCall<{ requestId: string }>(
    baseUrl,
    endpoints.disclosureSave,
    interviewer,
    {
      applicationNumber: 'BENCH30',
      age: PROFILE.age,
      gender: PROFILE.gender,
      rsmScore: PROFILE.rsmScore,
      disclosureJson: JSON.stringify(doc),
      insurerCode: 'phkl',
      channel: 'agency',
      productCode: 'WL01',
    },
  );
  return saved.requestId;
}

const TIMING_LIMIT_MS = 5000;

/**
 * Arms the page to time the next user input: from the dispatch of the event that completes the
 * gesture (pointerup of a click, keydown of a key; a capturing listener on the document, ahead
 * of React's) to the first animation frame in which `watched` shows the change (its text
 * differs from now, or, for an input, its value is `expected`). Not the input event itself: a
 * radio's input event follows the click React already handled. Not the events' time stamps:
 * Chromium stamps a key in the browser process but a click only at dispatch.
 * `window.__latency` resolves in milliseconds, NaN when nothing showed within 5 s.
 */
export async function armTiming(page: Page, watched: Locator, expected?: string): Promise<void> {
  const element = await watched.elementHandle();
  await page.evaluate(
    ({ element, expected, limit }) => {
      const before = element!.textContent;
      (window as unknown as { __latency: Promise<number> }).__latency = new Promise((resolve) => {
        const started = () => {
          document.removeEventListener('pointerup', started, true);
          document.removeEventListener('keydown', started, true);
          const start = performance.now();
          const shown = () =>
            expected === undefined
              ? element!.textContent !== before
              : (element as HTMLInputElement).value === expected;
          const check = () => {
            const elapsed = performance.now() - start;
            if (shown()) resolve(elapsed);
            else if (elapsed > limit) resolve(Number.NaN);
            else requestAnimationFrame(check);
          };
          requestAnimationFrame(check);
        };
        document.addEventListener('pointerup', started, true);
        document.addEventListener('keydown', started, true);
      });
    },
    { element, expected, limit: TIMING_LIMIT_MS },
  );
}

export async function readTiming(page: Page): Promise<number> {
  const ms = await page.evaluate(
    () => (window as unknown as { __latency: Promise<number> }).__latency,
  );
  if (Number.isNaN(ms)) throw new Error(`the screen did not change within ${TIMING_LIMIT_MS} ms`);
  return ms;
}

export function percentile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

/** Answering one of 30 questions until its decision shows, against typing one character. */
export async function interactionRows(): Promise<Row[]> {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const requestId = await disclosureOfThirty(server.baseUrl);
    const page = await (await newContext(browser)).newPage();
    await signIn(page, server.baseUrl, 'interviewer1');
    await page.goto(`${server.baseUrl}/questionnaire/${requestId}`);
    const regionOf = (name: string) =>
      page.getByRole('region', { name: new RegExp(`${name.replace('.', '\\.')}$`) });
    await regionOf(`Bench question ${TOP_LEVEL}.${CHILDREN}`).waitFor();
    const shown = await page.getByRole('region', { name: /Bench question [\d.]+$/ }).count();
    if (shown !== TOP_LEVEL * (CHILDREN + 1))
      throw new Error(`the bench page shows ${shown} questions, not 30`);

    const decisions = page.getByRole('region', { name: 'Decisions', exact: true });
    const answering: number[] = [];
    for (let i = 0; i < INTERACTIONS; i++) {
      const child = i % (TOP_LEVEL * CHILDREN);
      const name = `Bench question ${Math.floor(child / CHILDREN) + 1}.${(child % CHILDREN) + 1}`;
      // Every pass turns each child to the other answer, so the debit total changes each time.
      const option = Math.floor(i / (TOP_LEVEL * CHILDREN)) % 2 === 0 ? 'Yes' : 'No';
      await armTiming(page, decisions);
      await regionOf(name).getByRole('radio', { name: option }).click();
      answering.push(await readTiming(page));
    }

    const field = page.getByRole('textbox', { name: /^Application number/ });
    const typing: number[] = [];
    await field.fill('');
    let typed = '';
    for (let i = 0; i < INTERACTIONS; i++) {
      if (typed.length >= 20) {
        await field.fill('');
        typed = '';
      }
      typed += String(i % 10);
      await armTiming(page, field, typed);
      await field.press(String(i % 10));
      typing.push(await readTiming(page));
    }

    answering.sort((a, b) => a - b);
    typing.sort((a, b) => a - b);
    const p95 = percentile(answering, 0.95);
    const baselineP95 = percentile(typing, 0.95);
    return [
      {
        benchmark: `answer a question on a page of 30, to its decision shown (${INTERACTIONS}×)`,
        result: `p50 ${formatUs(percentile(answering, 0.5) * 1000)}, p95 ${formatUs(p95 * 1000)}`,
        baseline: `a character typed in Application number: p50 ${formatUs(percentile(typing, 0.5) * 1000)}, p95 ${formatUs(baselineP95 * 1000)}`,
        ratio: formatRatio(p95, baselineP95),
        target: `p95 < ${LATENCY_TARGET_MS} ms`,
        ok: p95 < LATENCY_TARGET_MS,
      },
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}
