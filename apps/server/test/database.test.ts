import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREPARED } from '../src/db/database.ts';
import { migrate, MigrationChangedError } from '../src/db/migrate.ts';
import { outageProxy } from './outage-proxy.ts';
import {
  api,
  buildTestApp,
  createPostgresDatabase,
  DATABASES,
  tokenFor,
  suiteApp,
  type TestApp,
  putLanguage,
} from './helpers.ts';

describe.each(DATABASES)('database on %s', (database) => {
  const t = suiteApp(database);

  it('migrations ran at start-up, in order, each once', async () => {
    const applied = await t.app.db
      .selectFrom('schema_migrations')
      .select('name')
      .orderBy('name')
      .execute();
    const names = applied.map((row) => row.name);
    expect(names[0]).toBe('0001_platform');
    expect(names).toEqual([...names].sort());
    expect(await migrate(t.app.db)).toEqual([]);
  });

  it('pending migration files apply forward in lexical order; a failing one applies nothing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vmer-migrations-'));
    try {
      await writeFile(join(dir, '9002_second.sql'), 'insert into probe (step) values (2);');
      await writeFile(
        join(dir, '9001_first.sql'),
        'create table probe (step int not null);\ninsert into probe (step) values (1);',
      );
      await writeFile(join(dir, 'notes.txt'), 'not a migration');
      expect(await migrate(t.app.db, dir)).toEqual(['9001_first.sql', '9002_second.sql']);
      await writeFile(
        join(dir, '9003_broken.sql'),
        'insert into probe (step) values (3);\ninsert into no_such_table values (1);',
      );
      await expect(migrate(t.app.db, dir)).rejects.toThrow(/Migration 9003_broken.sql failed/);
      const steps = await sql<{ step: number }>`select step from probe order by step`.execute(
        t.app.db,
      );
      expect(steps.rows.map((row) => row.step)).toEqual([1, 2]);
      await sql`drop table probe`.execute(t.app.db);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('N-12 each applied migration keeps its SHA-256: a file changed after it was applied stops migrating, with its name, and applies nothing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vmer-migrations-'));
    const first = 'create table sums_probe (step int not null);\n';
    try {
      await writeFile(join(dir, '9101_first.sql'), first);
      expect(await migrate(t.app.db, dir)).toEqual(['9101_first.sql']);
      const recorded = await t.app.db
        .selectFrom('schema_migrations')
        .select('checksum')
        .where('name', '=', '9101_first')
        .executeTakeFirstOrThrow();
      expect(recorded.checksum).toMatch(/^[0-9a-f]{64}$/);

      // The same file written with CRLF line ends is the same migration.
      await writeFile(join(dir, '9101_first.sql'), first.replace(/\n/g, '\r\n'));
      expect(await migrate(t.app.db, dir)).toEqual([]);

      await writeFile(join(dir, '9101_first.sql'), first.replace('not null', 'null'));
      await writeFile(join(dir, '9102_second.sql'), 'insert into sums_probe (step) values (2);');
      const changed = migrate(t.app.db, dir);
      await expect(changed).rejects.toBeInstanceOf(MigrationChangedError);
      await expect(changed).rejects.toThrow(
        'Migration 9101_first.sql was changed after it was applied',
      );
      const steps = await sql<{ n: number }>`select count(*)::int as n from sums_probe`.execute(
        t.app.db,
      );
      expect(steps.rows[0]?.n).toBe(0);

      // A database migrated before sums were kept gets them at the next start.
      await writeFile(join(dir, '9101_first.sql'), first);
      await t.app.db
        .updateTable('schema_migrations')
        .set({ checksum: null })
        .where('name', '=', '9101_first')
        .execute();
      expect(await migrate(t.app.db, dir)).toEqual(['9102_second.sql']);
      const backfilled = await t.app.db
        .selectFrom('schema_migrations')
        .select('checksum')
        .where('name', '=', '9101_first')
        .executeTakeFirstOrThrow();
      expect(backfilled.checksum).toBe(recorded.checksum);
    } finally {
      await sql`drop table if exists sums_probe`.execute(t.app.db);
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('concurrent transactions do not see or undo each other', async () => {
    await sql`create table concurrent_probe (name text primary key)`.execute(t.app.db);
    const slow = (name: string, fail: boolean) =>
      t.app.db.transaction().execute(async (trx) => {
        await trx.insertInto('platform_secrets').values({ name, value: '1' }).execute();
        await sql`insert into concurrent_probe values (${name})`.execute(trx);
        await new Promise((resolve) => setTimeout(resolve, 20));
        if (fail) throw new Error('rolled back');
      });
    const outcomes = await Promise.allSettled([
      slow('tx-a', false),
      slow('tx-b', true),
      slow('tx-c', false),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const rows = await sql<{
      name: string;
    }>`select name from concurrent_probe order by name`.execute(t.app.db);
    expect(rows.rows.map((row) => row.name)).toEqual(['tx-a', 'tx-c']);
    await sql`drop table concurrent_probe`.execute(t.app.db);
  });

  it('both databases answer the same JavaScript types (bigint as number, date as text, jsonb parsed, text[] as array)', async () => {
    const result = await sql<{ n: number; d: string; j: { a: number }; a: string[]; ts: Date }>`
      select count(*) as n, date '2024-02-29' as d, '{"a":1}'::jsonb as j, array['phkl','slhk'] as a, now() as ts`.execute(
      t.app.db,
    );
    expect(result.rows[0]).toMatchObject({
      n: 1,
      d: '2024-02-29',
      j: { a: 1 },
      a: ['phkl', 'slhk'],
    });
    expect(result.rows[0]?.ts).toBeInstanceOf(Date);
  });
});

describe.runIf(DATABASES.includes('postgres'))('prepared statements on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ database: 'postgres' });
  });
  afterAll(async () => t?.close());

  it('a statement marked PREPARED is prepared once on its connection and answers as before; others are not prepared', async () => {
    const prepared = await t.app.db.transaction().execute(async (trx) => {
      const answers = [];
      for (const n of [1, 2])
        answers.push(
          (await sql<{ n: number }>`${sql.raw(PREPARED)}select ${n}::int as n`.execute(trx)).rows,
        );
      await sql`select ${3}::int as n`.execute(trx);
      const statements = await sql<{
        statement: string;
      }>`select statement from pg_prepared_statements`.execute(trx);
      return { answers, statements: statements.rows.map((row) => row.statement) };
    });
    expect(prepared.answers).toEqual([[{ n: 1 }], [{ n: 2 }]]);
    expect(prepared.statements).toEqual([`${PREPARED}select $1::int as n`]);
  });
});

describe.runIf(DATABASES.includes('postgres'))('a PostgreSQL outage', () => {
  it('answers 503 on ready and on writes while the database is away, and recovers by itself', async () => {
    const database = await createPostgresDatabase();
    const proxy = await outageProxy(new URL(database.url));
    const t = await buildTestApp({ env: { DATABASE_URL: proxy.url } });
    try {
      const token = await tokenFor(t.baseUrl, 'uw1');
      expect((await api(t.baseUrl, '/api/ready')).status).toBe(200);

      await proxy.cut();
      const ready = await api(t.baseUrl, '/api/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({
        code: 503,
        message: 'The service is temporarily unavailable. Please try again shortly.',
      });
      expect((await api(t.baseUrl, '/api/health')).status).toBe(200);
      const write = await putLanguage(t.baseUrl, token, 'cn_traditional');
      expect(write.status).toBe(503);
      expect(write.body.code).toBe(503);

      await proxy.restore();
      expect((await api(t.baseUrl, '/api/ready')).status).toBe(200);
      const after = await putLanguage(t.baseUrl, token, 'en');
      expect(after.status).toBe(200);
    } finally {
      await t.close();
      await proxy.cut();
      await database.drop();
    }
  });
});
