/**
 * What the benchmarks at a million disclosures share (worklist W-23, dashboard O-15): a
 * database of their own on the PostgreSQL server, kept between runs and seeded once with one
 * INSERT … SELECT; the app in a process of its own against it; and sequential timed GETs.
 */
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { apiPath, endpoints } from '@vmer/domain/api';
import { databaseUrl } from '../../apps/server/test/scratch-database.ts';
import { freePort } from '../../e2e/src/server.ts';
import { formatUs, measureAsync, type Row } from './harness.ts';
import { start, waitFor } from './lifecycle-bench.ts';

const SERVER_MAIN = fileURLToPath(new URL('../../apps/server/src/main.ts', import.meta.url));
const POSTGRES_URL =
  process.env.DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';

/**
 * `rows` disclosures over phkl, slhk and demo: every status (5% new, 30% saved, 10%
 * submitted, 45% validated, 10% rejected), one a minute back from now (about two years at a
 * million), five products over two channels, 200 creators (uw1 among them), a quarter needing
 * review (a decline and exclusions, the others debits), two of 97 conditions each (their own
 * decisions by category too) and a rare one on one row in 10,000, a fifth of the submitted
 * ones claimed. Migration 0310's trigger writes each row's conditions to disclosure_conditions.
 */
const disclosuresSeed = (rows: number) => `
insert into disclosures (id, request_id, insurer_code, channel, product_code, application_number,
  status, created_by, updated_by, created_at, updated_at, created_by_subject, submitted_by,
  submitted_at, decisions, decision_categories, condition_categories, needs_review,
  condition_uuids, condition_names, reviewed_by, claimed_by, claimed_by_name, claimed_at,
  reject_reason)
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
  case when i % 4 = 0 then '{"LIFE":"decline","CI":"exclusion"}'::jsonb
    else '{"LIFE":"standard","CI":"debits"}'::jsonb end,
  jsonb_build_object('cond-' || (i % 60),
    case when i % 4 = 0 then '[0,0,1,0,0,1]' else '[1,1,0,0,0,0]' end::jsonb,
    'cond-' || ((i * 7) % 97), case when i % 11 = 0 then '[0,0,0,1,1,0]' else '[1,1,0,0,0,0]' end::jsonb),
  i % 4 = 0,
  array['cond-' || (i % 60), 'cond-' || ((i * 7) % 97)]
    || case when i % 10000 = 0 then array['cond-rare'] else array[]::text[] end,
  array['Condition ' || (i % 60), 'Condition ' || ((i * 7) % 97)],
  case when s.status in (4, 5) then 'bench-' || ((i + 2) % 200) end,
  case when s.status = 3 and i % 5 = 0 then 'bench-' || ((i + 3) % 200) end,
  case when s.status = 3 and i % 5 = 0 then 'Bench ' || ((i + 3) % 200) end,
  case when s.status = 3 and i % 5 = 0 then now() - (i % 180) * interval '1 minute' end,
  case when s.status = 5 then 'needs more detail' end
from generate_series(1, ${rows}) as i
cross join lateral (select case when i % 20 = 0 then 1 when i % 20 < 7 then 2
  when i % 20 < 9 then 3 when i % 20 < 18 then 4 else 5 end as status) s
cross join lateral (select least(now() - interval '2 hours',
  now() - i * interval '1 minute' + (i % 13) * interval '1 minute') as created) c`;

/** The benchmark's database on the PostgreSQL server, made if missing; undefined without one. */
export async function benchDatabase(name: string): Promise<string | undefined> {
  const admin = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await admin.query(`create database ${name}`);
  } catch {
    return undefined;
  } finally {
    await admin.end().catch(() => undefined);
  }
  return databaseUrl(POSTGRES_URL, name);
}

/**
 * Seeds `rows` disclosures unless the (migrated) database holds them already, and answers
 * whether it did.
 */
export async function seedDisclosures(client: pg.Client, rows: number): Promise<boolean> {
  const found = await client.query<{ n: string }>('select count(*) as n from disclosures');
  if (Number(found.rows[0]!.n) >= rows) return false;
  await client.query(disclosuresSeed(rows));
  return true;
}

/** The rows of a benchmark that could not run for want of a PostgreSQL server. */
export function skipped(benchmarks: readonly string[]): Row[] {
  return benchmarks.map((benchmark) => ({
    benchmark,
    result: 'skipped: no PostgreSQL at DATABASE_URL',
    baseline: '',
    ratio: '',
    target: '',
    ok: null,
  }));
}

/**
 * Runs `work` with the app started in a process of its own against the database at `url`
 * (migrated by the app as it starts), and stops it after. `env` adds settings (NODE_ENV).
 */
export async function withBenchServer<T>(
  url: string,
  env: Record<string, string>,
  work: (appUrl: string) => Promise<T>,
): Promise<T> {
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  const app = start(SERVER_MAIN, {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: appUrl,
    DATABASE_URL: url,
    API_RATE_LIMIT: '0',
    SIGN_IN_RATE_LIMIT: '0',
    LOG_LEVEL: 'silent',
    ...env,
  });
  try {
    await waitFor(`${appUrl}${apiPath(endpoints.ready)}`, app);
    return await work(appUrl);
  } finally {
    app.kill('SIGTERM');
    await new Promise((resolve) =>
      app.exitCode !== null ? resolve(null) : app.once('exit', resolve),
    );
  }
}

/** p50 and p95 (microseconds) of `runs` sequential GETs of a URL as a token's holder, after a warm-up. */
export async function timeGets(
  url: string,
  token: string,
  runs: number,
): Promise<{ p50: number; p95: number }> {
  const get = async () => {
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
  };
  const at = await measureAsync(get, runs, 10);
  return { p50: at(0.5), p95: at(0.95) };
}

/** `timeGets`' answer. */
type Timed = Awaited<ReturnType<typeof timeGets>>;

/** A benchmark's row: its GETs' timings against the health call's, and whether p95 met the target. */
export function timedRow(benchmark: string, timed: Timed, health: Timed, targetP95Us: number): Row {
  return {
    benchmark,
    result: `p50 ${formatUs(timed.p50)}, p95 ${formatUs(timed.p95)}`,
    baseline: `health call p50 ${formatUs(health.p50)}, p95 ${formatUs(health.p95)}`,
    ratio: `×${(timed.p50 / health.p50).toFixed(1)}`,
    target: `p95 < ${formatUs(targetP95Us)}`,
    ok: timed.p95 < targetP95Us,
  };
}

/** Runs `work` with a client of the database at `url`, closed after. */
export async function withClient<T>(
  url: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The day `days` days before today, as YYYY-MM-DD (UTC). */
export const daysAgo = (days: number) =>
  new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
