/**
 * One-scroll mode's speed (I-24): in Chromium against the real server, on a disclosure of 10
 * generated conditions × 30 questions (300 on screen), how long answering a question takes to
 * show its decision in the one-scroll view, beside the paged view answering on the same
 * disclosure, measured the same way (web-bench.ts's armTiming).
 */
import type { Page } from 'playwright-core';
import { launchBrowser, newContext, signIn } from '../../e2e/src/browser.ts';
import { startServer } from '../../e2e/src/server.ts';
import {
  generatedName,
  generatedQuestion,
  publishGenerated,
  saveGeneratedDisclosure,
  shownPerCondition,
  TEN_BY_THIRTY,
} from './generated-catalogue.ts';
import { formatRatio, formatUs, type Row } from './harness.ts';
import { armTiming, percentile, readTiming } from './web-bench.ts';

const TARGET_MS = 50;
const INTERACTIONS = 75;
const SHAPE = TEN_BY_THIRTY;
const QUESTIONS = SHAPE.conditions * shownPerCondition(SHAPE);
const CHILDREN = SHAPE.topLevel * SHAPE.children;

/** A question's region, by the end of its name (its number comes first). */
const regionOf = (page: Page, text: string) =>
  page.getByRole('region', { name: new RegExp(`${text.replaceAll('.', '\\.')}$`) });

/**
 * Answers `INTERACTIONS` child questions and times each to its decision shown. `where(i)`
 * names condition and child of answer i and brings it on screen (not timed); each answer turns
 * its question to the other option (`answered` counts them, across calls), so the decisions
 * change each time.
 */
async function timeAnswers(
  page: Page,
  answered: Map<string, number>,
  where: (i: number) => Promise<{ condition: number; child: number }>,
): Promise<number[]> {
  const decisions = page.getByRole('region', { name: 'Decisions', exact: true });
  const times: number[] = [];
  for (let i = 0; i < INTERACTIONS; i++) {
    const { condition, child } = await where(i);
    const name = generatedQuestion(
      condition,
      Math.floor(child / SHAPE.children) + 1,
      (child % SHAPE.children) + 1,
    );
    const count = answered.get(name) ?? 0;
    answered.set(name, count + 1);
    const radio = regionOf(page, name).getByRole('radio', { name: count % 2 === 0 ? 'Yes' : 'No' });
    await radio.scrollIntoViewIfNeeded();
    await armTiming(page, decisions);
    await radio.click();
    times.push(await readTiming(page));
  }
  return times.sort((a, b) => a - b);
}

/** Resolves once the page has painted twice and been idle a moment: a jump has settled. */
const settled = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 50))),
      ),
  );

const summary = (sorted: readonly number[]) =>
  `p50 ${formatUs(percentile(sorted, 0.5) * 1000)}, p95 ${formatUs(percentile(sorted, 0.95) * 1000)}`;

/** Answer → paint in the one-scroll view of 300 questions, against the paged view. */
export async function oneScrollRows(): Promise<Row[]> {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const generated = await publishGenerated(server.baseUrl, SHAPE);
    const requestId = await saveGeneratedDisclosure(server.baseUrl, generated, 'BENCHSCROLL');
    const page = await (await newContext(browser)).newPage();
    await signIn(page, server.baseUrl, 'interviewer1');
    await page.goto(`${server.baseUrl}/questionnaire/${requestId}`);
    const lastChild = generatedQuestion(1, SHAPE.topLevel, SHAPE.children);
    await regionOf(page, lastChild).waitFor();

    // The baseline: the paged view, answering on the first condition's page of 30.
    const answered = new Map<string, number>();
    const paged = await timeAnswers(page, answered, async (i) => ({
      condition: 1,
      child: i % CHILDREN,
    }));

    await page.getByRole('switch', { name: 'Show all questions on one page' }).check();
    const index = page.getByRole('navigation', { name: 'Conditions' });
    await index.waitFor();
    const list = page.getByRole('region', { name: 'All questions, by condition' });
    const mounted = await list.locator('[data-question]').count();
    if (mounted >= QUESTIONS)
      throw new Error(`the one-scroll view mounted all ${mounted} questions: it is not virtual`);
    // Each answer in turn on another condition, reached through the index (not timed).
    const oneScroll = await timeAnswers(page, answered, async (i) => {
      const condition = (i % SHAPE.conditions) + 1;
      await index.getByRole('button', { name: generatedName(condition), exact: true }).click();
      // The children of the condition's first question, in view once its heading is.
      const child = Math.floor(i / SHAPE.conditions) % SHAPE.children;
      await regionOf(page, generatedQuestion(condition, 1)).waitFor();
      await settled(page);
      return { condition, child };
    });

    const p95 = percentile(oneScroll, 0.95);
    const baselineP95 = percentile(paged, 0.95);
    return [
      {
        benchmark: `one-scroll view: answer → paint, ${QUESTIONS} questions (${INTERACTIONS}×, ${mounted} mounted)`,
        result: summary(oneScroll),
        baseline: `the paged view, same disclosure, page of 30: ${summary(paged)}`,
        ratio: formatRatio(p95, baselineP95),
        target: `p95 < ${TARGET_MS} ms`,
        ok: p95 < TARGET_MS,
      },
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}
