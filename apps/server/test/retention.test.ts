import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { RETAINED_TABLES, sweepRetained } from '../src/db/retention.ts';
import { DATABASES, suiteApp, type TestApp } from './helpers.ts';

const count = async (t: TestApp, table: string) =>
  Number(
    (await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(t.app.db))
      .rows[0]!.n,
  );

describe.each(DATABASES)('retention of the logging tables on %s', (database) => {
  // LOG_RETENTION_DAYS=0: the app's own sweep at start-up keeps everything, so that on a busy
  // machine it cannot land after fill() and take the old rows before the sweep under test.
  const t = suiteApp(database, { LOG_RETENTION_DAYS: '0' });
  const ENDPOINT = '00000000-0000-4000-8000-000000000001';

  /** `old` rows 400 days old and `fresh` rows of today in every retained table. */
  async function fill(old: number, fresh: number) {
    const { version } = await t.app.db
      .selectFrom('catalog_versions')
      .select('version')
      .orderBy('version', 'desc')
      .executeTakeFirstOrThrow();
    for (const [rows, age] of [
      [old, '400 days'],
      [fresh, '0 days'],
    ] as const) {
      const at = sql`now() - ${age}::interval`;
      await sql`insert into analytics_events (insurer_code, subject, activity, from_page, created_at)
        select 'phkl', 's', 'open', 'home', ${at} from generate_series(1, ${rows})`.execute(
        t.app.db,
      );
      await sql`insert into search_events (insurer_code, subject, keyword, type, created_at)
        select 'phkl', 's', 'asth', 1, ${at} from generate_series(1, ${rows})`.execute(t.app.db);
      await sql`insert into conclusions (insurer_code, subject, conclusion, created_at)
        select 'phkl', 's', '{}'::jsonb, ${at} from generate_series(1, ${rows})`.execute(t.app.db);
      await sql`insert into questionnaire_instances (id, subject, insurer_code, channel, product_code,
          catalog_version, request, disease_list, created_at)
        select gen_random_uuid(), 's', 'phkl', 'agency', 'WL01', ${version}, '{}'::jsonb, '[]'::jsonb, ${at}
        from generate_series(1, ${rows})`.execute(t.app.db);
      // Webhook events each with one delivery already sent, an attempt logged.
      await sql`with events as (
          insert into webhook_events (message_id, type, disclosure_id, insurer_code, data, occurred_at)
          select 'msg_' || gen_random_uuid(), 'disclosure.submitted', gen_random_uuid(), 'phkl', '{}'::jsonb, ${at}
          from generate_series(1, ${rows}) returning id, disclosure_id),
        deliveries as (
          insert into webhook_deliveries (event_id, endpoint_id, disclosure_id, state)
          select id, ${ENDPOINT}::uuid, disclosure_id, 'delivered' from events returning id)
        insert into webhook_attempts (delivery_id, status_code, duration_ms)
        select id, 204, 5 from deliveries`.execute(t.app.db);
    }
  }

  /** An old event whose delivery is still being retried: kept until it is sent or given up. */
  async function pendingEvent() {
    await sql`with events as (
        insert into webhook_events (message_id, type, disclosure_id, insurer_code, data, occurred_at)
        values ('msg_pending', 'disclosure.submitted', gen_random_uuid(), 'phkl', '{}'::jsonb,
          now() - interval '400 days') returning id, disclosure_id)
      insert into webhook_deliveries (event_id, endpoint_id, disclosure_id)
      select id, ${ENDPOINT}::uuid, disclosure_id from events`.execute(t.app.db);
  }

  it('removes rows older than LOG_RETENTION_DAYS from every logging table, in batches, and keeps the rest', async () => {
    const before = Object.fromEntries(
      await Promise.all(RETAINED_TABLES.map(async (table) => [table, await count(t, table)])),
    );
    await sql`insert into webhook_endpoints (id, insurer_code, url, events, secret, created_by)
      values (${ENDPOINT}::uuid, 'phkl', 'https://example.test/hook', '{disclosure.submitted}',
        'whsec_test', 'admin1')`.execute(t.app.db);
    await fill(3, 2);
    await pendingEvent();
    // More than one batch of old rows in one table.
    await sql`insert into search_events (insurer_code, subject, keyword, type, created_at)
      select 'slhk', 's', 'dia', 2, now() - interval '2 years' from generate_series(1, 5003)`.execute(
      t.app.db,
    );
    // A disclosure and its audit entry as old as the swept rows: never touched.
    await sql`insert into disclosures (id, request_id, insurer_code, channel, product_code,
        application_number, status, created_by, updated_by, created_at, updated_at)
      values (gen_random_uuid(), gen_random_uuid(), 'phkl', 'agency', 'WL01', 'OLD1', 4, 'a', 'a',
        now() - interval '3 years', now() - interval '3 years')`.execute(t.app.db);
    const disclosures = await count(t, 'disclosures');

    expect(await sweepRetained(t.app.db, 365)).toEqual({
      analytics_events: 3,
      search_events: 5006,
      conclusions: 3,
      questionnaire_instances: 3,
      webhook_events: 3,
    });
    // The pending event stays, with its delivery; the swept events' deliveries and attempts go.
    for (const table of RETAINED_TABLES) {
      expect(await count(t, table)).toBe(before[table] + 2 + (table === 'webhook_events' ? 1 : 0));
    }
    expect(await count(t, 'webhook_deliveries')).toBe(3);
    expect(await count(t, 'webhook_attempts')).toBe(2);
    expect(await count(t, 'disclosures')).toBe(disclosures);
    expect(await sweepRetained(t.app.db, 365)).toEqual({
      analytics_events: 0,
      search_events: 0,
      conclusions: 0,
      questionnaire_instances: 0,
      webhook_events: 0,
    });
  });
});

describe('the LOG_RETENTION_DAYS setting', () => {
  it('defaults to a year, takes 0 for keeping everything, and refuses what is not a day count', () => {
    expect(loadConfig({}).logRetentionDays).toBe(365);
    expect(loadConfig({ LOG_RETENTION_DAYS: '0' }).logRetentionDays).toBe(0);
    expect(() => loadConfig({ LOG_RETENTION_DAYS: 'forever' })).toThrow(/LOG_RETENTION_DAYS/);
    expect(() => loadConfig({ LOG_RETENTION_DAYS: '-1' })).toThrow(/LOG_RETENTION_DAYS/);
  });
});
