import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../src/auth/demo-users.ts';
import { hashPassword } from '../../src/auth/password.ts';
import { LOCKS, underAdvisoryLock } from '../../src/db/advisory-lock.ts';
import { openDatabase } from '../../src/db/database.ts';
import { api, buildTestApp, createPostgresDatabase, DATABASES, type TestApp } from '../helpers.ts';

describe.runIf(DATABASES.includes('postgres'))('replicas starting together', () => {
  it('T-43 two servers started at once on one empty PostgreSQL database both come up, with one set of demo users and one catalogue', async () => {
    for (let round = 1; round <= 3; round += 1) {
      const database = await createPostgresDatabase();
      const started: TestApp[] = [];
      try {
        const results = await Promise.allSettled(
          [1, 2].map(() =>
            buildTestApp({ env: { DATABASE_URL: database.url } }).then((t) => started.push(t)),
          ),
        );
        expect(
          results.map((result) => (result.status === 'rejected' ? String(result.reason) : 'up')),
        ).toEqual(['up', 'up']);
        for (const t of started) expect((await api(t.baseUrl, '/api/ready')).status).toBe(200);
        const db = started[0]!.app.db;
        const users = await db
          .selectFrom('users')
          .select('user_name')
          .where('demo', '=', true)
          .execute();
        expect(users.map((user) => user.user_name).sort()).toEqual(
          DEMO_USERS.map((user) => user.userName).sort(),
        );
        expect(await db.selectFrom('catalog_versions').select('version').execute()).toHaveLength(1);
      } finally {
        for (const t of started) await t.close();
        await database.drop();
      }
    }
  });
});

describe.each(DATABASES)('start-up on %s', (database) => {
  /** A database of its own that outlives one server: a PostgreSQL database, or a PGlite directory. */
  async function lastingDatabase(): Promise<{
    env: Record<string, string>;
    drop(): Promise<void>;
  }> {
    if (database === 'postgres') {
      const created = await createPostgresDatabase();
      return { env: { DATABASE_URL: created.url }, drop: () => created.drop() };
    }
    const dir = await mkdtemp(join(tmpdir(), 'vmer-start-'));
    return { env: { DATA_DIR: dir }, drop: () => rm(dir, { recursive: true, force: true }) };
  }

  it('T-43 a demo user whose name another local user already has (in another case) is skipped, and the server starts', async () => {
    const store = await lastingDatabase();
    try {
      const first = await buildTestApp({ env: store.env });
      await first.app.db.deleteFrom('users').where('subject', '=', 'uw1').execute();
      await first.app.db
        .insertInto('users')
        .values({
          subject: 'staff-0001',
          user_name: 'UW1',
          display_name: 'Una Staff',
          role: 'underwriter',
          insurers: ['phkl'],
          password_hash: await hashPassword('not-demo'),
        })
        .execute();
      await first.close();

      const second = await buildTestApp({ env: store.env });
      try {
        expect((await api(second.baseUrl, '/api/ready')).status).toBe(200);
        const rows = await second.app.db
          .selectFrom('users')
          .select(['subject', 'user_name'])
          .orderBy('subject')
          .execute();
        // Every demo user but uw1 (demo users' subjects are their names), and the staff UW1.
        const expected = [
          ...DEMO_USERS.filter((user) => user.userName !== 'uw1').map((user) => ({
            subject: user.userName,
            user_name: user.userName,
          })),
          { subject: 'staff-0001', user_name: 'UW1' },
        ].sort((a, b) => (a.subject < b.subject ? -1 : 1));
        expect(rows).toEqual(expected);
      } finally {
        await second.close();
      }
    } finally {
      await store.drop();
    }
  });

  it('T-46 rows past LOG_RETENTION_DAYS are swept when the server starts, not an hour later', async () => {
    const store = await lastingDatabase();
    try {
      const first = await buildTestApp({ env: store.env });
      await sql`insert into analytics_events (insurer_code, subject, activity, from_page, created_at)
        values ('phkl', 's', 'open', 'home', now() - interval '400 days'),
               ('phkl', 's', 'open', 'home', now())`.execute(first.app.db);
      await first.close();

      const second = await buildTestApp({ env: { ...store.env, LOG_RETENTION_DAYS: '365' } });
      try {
        const ages = async () =>
          (
            await sql<{ old: boolean }>`select created_at < now() - interval '365 days' as old
              from analytics_events`.execute(second.app.db)
          ).rows.map((row) => row.old);
        await expect.poll(ages, { timeout: 10_000 }).toEqual([false]);
      } finally {
        await second.close();
      }
    } finally {
      await store.drop();
    }
  });
});

describe.runIf(DATABASES.includes('postgres'))('the retention sweep among replicas', () => {
  it('T-46 while another server holds the retention lock, a sweep round is skipped; once released, it runs', async () => {
    const database = await createPostgresDatabase();
    const holder = await openDatabase({ kind: 'postgres', url: database.url });
    const other = await openDatabase({ kind: 'postgres', url: database.url });
    try {
      let swept = 0;
      const sweep = () =>
        underAdvisoryLock(other, LOCKS.retention, { wait: false }, async () => (swept += 1));
      await underAdvisoryLock(holder, LOCKS.retention, { wait: false }, async () => {
        expect(await sweep()).toBeUndefined();
      });
      expect(swept).toBe(0);
      expect(await sweep()).toBe(1);
    } finally {
      await other.close();
      await holder.close();
      await database.drop();
    }
  });
});
