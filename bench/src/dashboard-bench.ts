/**
 * Requirements O-15: the whole dashboard answers within 300 ms (p95) at 1,000,000 disclosures
 * and 5,000,000 logged search and analytics rows on PostgreSQL. The app runs in production
 * mode in a process of its own against a database kept for this benchmark
 * (`vmer_bench_dashboard`, seeded with INSERT … SELECT over generate_series the first time and
 * its rollups built then, reused after); GET /api/dashboard is timed over HTTP, as a caller
 * sees it, for four filter combinations beside the health call.
 */
import { apiPath, endpoints } from '@vmer/domain/api';
import { seedDemoUsers } from '../../apps/server/src/auth/demo-users.ts';
import { signIn } from '../../apps/server/src/cli/sign-in.ts';
import { dashboardRepository } from '../../apps/server/src/dashboard/dashboard-repository.ts';
import { openDatabase } from '../../apps/server/src/db/database.ts';
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

const DATABASE = 'vmer_bench_dashboard';
const DISCLOSURES = 1_000_000;
/** Search-log rows and tracking events, half each: 5,000,000 logged rows. */
const LOGGED = 2_500_000;
const RUNS = 100;
const TARGET_P95_US = 300_000;

/**
 * What the dashboard reads besides disclosures: a validation or a rejection (six reasons
 * written several ways) of each reviewed disclosure, hours after its submission; an override
 * of one validated disclosure in twenty over three catalogue versions; and the logs, one row
 * every 24 seconds over about two years, a fifth of the searches finding nothing (500 terms,
 * some far more often than others).
 */
const EXTRAS = [
  `insert into disclosure_audit (disclosure_id, insurer_code, actor, operation, from_status,
     to_status, reason, at)
   select id, insurer_code, 'bench', case status when 4 then 'validate' else 'reject' end, 3,
     status,
     case when status = 5 then (array['Needs more detail', ' needs more detail ',
       'Missing medical report', 'Wrong product', 'Applicant unreachable', 'Duplicate'])
       [1 + abs(hashtext(id::text)) % 6] end,
     submitted_at + (abs(hashtext(id::text)) % 50) * interval '1 hour'
       + (abs(hashtext(request_id::text)) % 3600) * interval '1 second'
   from disclosures where status in (4, 5)`,
  `insert into disclosure_overrides (disclosure_id, impairment_uuid, indicator, insurer_code,
     catalog_version, engine_decision, decision, reason, by_subject, by_name, at)
   select id, condition_uuids[1], 'LIFE', insurer_code, (1 + abs(hashtext(id::text)) % 3)::text,
     '0', 'D', 'medical_evidence', 'bench', 'Bench', submitted_at + interval '1 hour'
   from disclosures where status = 4 and abs(hashtext(id::text)) % 20 = 0`,
  `insert into search_events (insurer_code, subject, keyword, disease, type, created_at)
   select (array['phkl', 'slhk', 'demo'])[1 + i % 3], 'bench',
     case when i % 5 = 0 then 'term ' || ((i / 5) % 97) * ((i / 5) % 13) % 500 else 'asth' end,
     case when i % 5 = 0 then null else 'Asthma' end,
     case when i % 5 = 0 then 3 when i % 5 < 3 then 1 else 2 end,
     now() - i * interval '24 seconds'
   from generate_series(1, ${LOGGED}) as i`,
  `insert into analytics_events (insurer_code, subject, activity, from_page, created_at)
   select (array['phkl', 'slhk', 'demo'])[1 + i % 3], 'bench', 'open', '/questionnaire',
     now() - i * interval '24 seconds'
   from generate_series(1, ${LOGGED}) as i`,
];

/**
 * Seeds the database unless it holds the disclosures already (the app has migrated it), leaves
 * the tables as autovacuum would (statistics, visibility maps), and builds the rollups from
 * every day the seeding marked, as the refresh job would (which may be doing it already).
 */
async function seed(url: string): Promise<void> {
  await withClient(url, async (client) => {
    const started = Date.now();
    if (await seedDisclosures(client, DISCLOSURES)) {
      for (const statement of EXTRAS) await client.query(statement);
      await client.query('vacuum analyze');
      console.error(`dashboard bench: seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }
    const database = await openDatabase({
      kind: 'postgres',
      url,
      pool: { size: 2, connectTimeoutMs: 5000, statementTimeoutMs: 3_600_000 },
    });
    try {
      // Production mode seeds no demo users and refuses theirs: uw1 and admin1 sign in as others.
      await seedDemoUsers(database.db);
      await client.query("update users set demo = false where user_name in ('uw1', 'admin1')");
      const dirty = async () =>
        Number(
          (await client.query<{ n: string }>('select count(*) as n from dashboard_dirty')).rows[0]!
            .n,
        );
      const building = Date.now();
      if ((await dirty()) > 0) {
        do {
          await dashboardRepository(database.db).refreshAll(100_000);
          await new Promise((resolve) => setTimeout(resolve, 1000));
        } while ((await dirty()) > 0);
        console.error(
          `dashboard bench: rollups built in ${((Date.now() - building) / 1000).toFixed(0)} s`,
        );
      }
    } finally {
      await database.close();
    }
    await client.query('vacuum analyze');
  });
}

/** The dashboard benchmark's rows: four filter combinations of the whole dashboard. */
export async function dashboardRows(): Promise<Row[]> {
  const year = `from=${daysAgo(365)}&to=${daysAgo(0)}`;
  const cases = [
    ['uw1', 'default: the last 90 days of phkl and slhk', ''],
    ['uw1', 'the widest range, 366 days of phkl and slhk', year],
    ['uw1', 'phkl, agency, WL01, 366 days', `insurer=phkl&channel=agency&product=WL01&${year}`],
    ['admin1', 'an administrator: 366 days of phkl, slhk and demo', year],
  ] as const;
  const name = (what: string) =>
    `dashboard at 1,000,000 disclosures and 5,000,000 logged rows: ${what}`;
  const url = await benchDatabase(DATABASE);
  if (!url) return skipped(cases.map(([, what]) => name(what)));
  return withBenchServer(
    url,
    { NODE_ENV: 'production', ALLOW_EMBEDDED_IDP: 'true' },
    async (appUrl) => {
      await seed(url);
      const tokens = {
        uw1: await signIn({ url: appUrl, user: 'uw1', password: 'demo' }),
        admin1: await signIn({ url: appUrl, user: 'admin1', password: 'demo' }),
      };
      const health = await timeGets(`${appUrl}${apiPath(endpoints.health)}`, tokens.uw1, RUNS);
      const rows: Row[] = [];
      for (const [user, what, query] of cases) {
        const timed = await timeGets(
          `${appUrl}${apiPath(endpoints.dashboard)}${query ? `?${query}` : ''}`,
          tokens[user],
          RUNS,
        );
        rows.push(timedRow(name(what), timed, health, TARGET_P95_US));
      }
      return rows;
    },
  );
}
