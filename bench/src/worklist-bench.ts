/**
 * Requirements W-23: the first page of the worklist stays fast at 1,000,000 disclosures across
 * three insurers, p95 under 50 ms on PostgreSQL, for any filter combination. The app runs in a
 * process of its own against a database kept for this benchmark (`vmer_bench_worklist`, made
 * and seeded with one INSERT … SELECT the first time, reused after), and three filter
 * combinations' first pages are timed through HTTP beside the health call.
 */
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { apiPath, endpoints } from '@vmer/domain/api';
import { signIn } from '../../apps/server/src/cli/sign-in.ts';
import { databaseUrl } from '../../apps/server/test/scratch-database.ts';
import { freePort } from '../../e2e/src/server.ts';
import { formatUs, measureAsync, type Row } from './harness.ts';
import { start, waitFor } from './lifecycle-bench.ts';

const SERVER_MAIN = fileURLToPath(new URL('../../apps/server/src/main.ts', import.meta.url));
const POSTGRES_URL =
  process.env.DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const DATABASE = 'vmer_bench_worklist';
const ROWS = 1_000_000;
const RUNS = 100;
const TARGET_P95_US = 50_000;

/**
 * A million disclosures over phkl, slhk and demo: every status (5% new, 30% saved, 10%
 * submitted, 45% validated, 10% rejected), one a minute over about two years, five products
 * over two channels, 200 creators (uw1 among them), a quarter needing review, two of 97
 * conditions each and a rare one on one row in 10,000, a fifth of the submitted ones claimed.
 */
const SEED = `
insert into disclosures (id, request_id, insurer_code, channel, product_code, application_number,
  status, created_by, updated_by, created_at, updated_at, created_by_subject, submitted_by,
  submitted_at, decisions, needs_review, condition_uuids, condition_names, reviewed_by,
  claimed_by, claimed_by_name, claimed_at, reject_reason)
select gen_random_uuid(), gen_random_uuid(),
  (array['phkl', 'slhk', 'demo'])[1 + i % 3],
  (array['agency', 'bank'])[1 + (i / 3) % 2],
  (array['WL01', 'WL02', 'CI01', 'MED1', 'SAV1'])[1 + (i / 7) % 5],
  'APP' || lpad(i::text, 8, '0'),
  s.status,
  'user' || (i % 200), 'user' || (i % 200),
  c.created, c.created + (i % 97) * interval '1 hour',
  case when i % 200 = 0 then 'uw1' else 'bench-' || (i % 200) end,
  case when s.status >= 3 then 'bench-' || ((i + 1) % 200) end,
  case when s.status >= 3 then c.created + (i % 89) * interval '1 hour' end,
  case when i % 4 = 0 then '{"LIFE":"D","CI":"EX1,EX3"}'::jsonb else '{"LIFE":"0","CI":"25"}'::jsonb end,
  i % 4 = 0,
  array['cond-' || (i % 60), 'cond-' || ((i * 7) % 97)]
    || case when i % 10000 = 0 then array['cond-rare'] else array[]::text[] end,
  array['Condition ' || (i % 60), 'Condition ' || ((i * 7) % 97)],
  case when s.status in (4, 5) then 'bench-' || ((i + 2) % 200) end,
  case when s.status = 3 and i % 5 = 0 then 'bench-' || ((i + 3) % 200) end,
  case when s.status = 3 and i % 5 = 0 then 'Bench ' || ((i + 3) % 200) end,
  case when s.status = 3 and i % 5 = 0 then now() - (i % 180) * interval '1 minute' end,
  case when s.status = 5 then 'needs more detail' end
from generate_series(1, ${ROWS}) as i
cross join lateral (select case when i % 20 = 0 then 1 when i % 20 < 7 then 2
  when i % 20 < 9 then 3 when i % 20 < 18 then 4 else 5 end as status) s
cross join lateral (select least(now() - interval '2 hours',
  now() - i * interval '1 minute' + (i % 13) * interval '1 minute') as created) c`;

/** The benchmark's database on the PostgreSQL server, made if missing; undefined without one. */
async function benchDatabase(): Promise<string | undefined> {
  const admin = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
    const found = await admin.query('select 1 from pg_database where datname = $1', [DATABASE]);
    if (found.rowCount === 0) await admin.query(`create database ${DATABASE}`);
  } catch {
    return undefined;
  } finally {
    await admin.end().catch(() => undefined);
  }
  return databaseUrl(POSTGRES_URL, DATABASE);
}

/** Seeds the million rows unless they are there (the app has migrated the database). */
async function seed(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>('select count(*) as n from disclosures');
    if (Number(rows[0]!.n) >= ROWS) return;
    // Migration 0310's trigger writes each row's conditions to disclosure_conditions as well.
    await client.query(SEED);
    // As autovacuum would leave them: statistics, and a visibility map for index-only scans.
    await client.query('vacuum analyze disclosures, disclosure_conditions');
  } finally {
    await client.end();
  }
}

/** p50 and p95 of sequential GETs of a path, after a warm-up. */
async function timeGets(url: string, token: string): Promise<{ p50: number; p95: number }> {
  const get = async () => {
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
  };
  const at = await measureAsync(get, RUNS, 10);
  return { p50: at(0.5), p95: at(0.95) };
}

/** The worklist benchmark's rows: three filter combinations' first pages, as uw1 (phkl, slhk). */
export async function worklistRows(): Promise<Row[]> {
  const today = new Date();
  const daysAgo = (days: number) =>
    new Date(today.getTime() - days * 86_400_000).toISOString().slice(0, 10);
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
  const url = await benchDatabase();
  if (!url) {
    return pages.map(([page]) => ({
      benchmark: name(page),
      result: 'skipped: no PostgreSQL at DATABASE_URL',
      baseline: '',
      ratio: '',
      target: '',
      ok: null,
    }));
  }
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  const app = start(SERVER_MAIN, {
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: appUrl,
    DATABASE_URL: url,
    API_RATE_LIMIT: '0',
    SIGN_IN_RATE_LIMIT: '0',
    LOG_LEVEL: 'silent',
  });
  try {
    await waitFor(`${appUrl}${apiPath(endpoints.ready)}`, app);
    await seed(url);
    const token = await signIn({ url: appUrl, user: 'uw1', password: 'demo' });
    const health = await timeGets(`${appUrl}${apiPath(endpoints.health)}`, token);
    const rows: Row[] = [];
    for (const [page, query] of pages) {
      const timed = await timeGets(`${appUrl}${apiPath(endpoints.worklist)}?${query}`, token);
      rows.push({
        benchmark: name(page),
        result: `p50 ${formatUs(timed.p50)}, p95 ${formatUs(timed.p95)}`,
        baseline: `health call p50 ${formatUs(health.p50)}, p95 ${formatUs(health.p95)}`,
        ratio: `×${(timed.p50 / health.p50).toFixed(1)}`,
        target: `p95 < ${formatUs(TARGET_P95_US)}`,
        ok: timed.p95 < TARGET_P95_US,
      });
    }
    return rows;
  } finally {
    app.kill('SIGTERM');
    await new Promise((resolve) =>
      app.exitCode !== null ? resolve(null) : app.once('exit', resolve),
    );
  }
}
