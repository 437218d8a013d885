/**
 * Requirements W-23: the first page of the worklist stays fast at 1,000,000 disclosures across
 * three insurers, p95 under 50 ms on PostgreSQL, for any filter combination. The app runs in a
 * process of its own against a database kept for this benchmark (`vmer_bench_worklist`, made
 * and seeded with one INSERT … SELECT the first time, reused after), and three filter
 * combinations' first pages are timed through HTTP beside the health call.
 */
import { apiPath, endpoints } from '@vmer/domain/api';
import { signIn } from '../../apps/server/src/cli/sign-in.ts';
import {
  benchDatabase,
  daysAgo,
  seedDisclosures,
  skipped,
  timedRow,
  timeGets,
  withBenchServer,
  withClient,
} from './bench-database.ts';
import type { Row } from './harness.ts';

const DATABASE = 'vmer_bench_worklist';
const ROWS = 1_000_000;
const RUNS = 100;
const TARGET_P95_US = 50_000;

/** Seeds the million rows unless they are there (the app has migrated the database). */
async function seed(url: string): Promise<void> {
  await withClient(url, async (client) => {
    if (!(await seedDisclosures(client, ROWS))) return;
    // As autovacuum would leave them: statistics, and a visibility map for index-only scans.
    await client.query('vacuum analyze disclosures, disclosure_conditions');
  });
}

/** The worklist benchmark's rows: three filter combinations' first pages, as uw1 (phkl, slhk). */
export async function worklistRows(): Promise<Row[]> {
  const pages = [
    ['all, last changed first', ''],
    [
      'awaiting my review, oldest submission first',
      'view=awaitingMyReview&sort=submittedAt&order=asc',
    ],
    [
      'saved or submitted, needs review, a condition, created in the last 180 days',
      `status=2,3&needsReview=true&condition=cond-7&createdFrom=${daysAgo(180)}&createdTo=${daysAgo(0)}`,
    ],
  ] as const;
  const name = (page: string) => `worklist first page at 1,000,000 disclosures: ${page}`;
  const url = await benchDatabase(DATABASE);
  if (!url) return skipped(pages.map(([page]) => name(page)));
  return withBenchServer(url, { NODE_ENV: 'development' }, async (appUrl) => {
    await seed(url);
    const token = await signIn({ url: appUrl, user: 'uw1', password: 'demo' });
    const health = await timeGets(`${appUrl}${apiPath(endpoints.health)}`, token, RUNS);
    const rows: Row[] = [];
    for (const [page, query] of pages) {
      const timed = await timeGets(`${appUrl}${apiPath(endpoints.worklist)}?${query}`, token, RUNS);
      rows.push(timedRow(name(page), timed, health, TARGET_P95_US));
    }
    return rows;
  });
}
