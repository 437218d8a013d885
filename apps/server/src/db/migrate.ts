import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { UNBOUNDED } from './database.ts';
import type { Database } from './schema.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations', import.meta.url));

const MIGRATION_FILE = /^\d{4}_[a-z0-9_]+\.sql$/;
// Any constant: it only has to be the same for every server sharing one database.
const MIGRATION_LOCK = 7_466_371;

/**
 * Applies the numbered SQL files not applied yet, in lexical order, forward only, all in
 * one transaction: either every pending file is applied or none. Replicas starting together
 * wait on an advisory lock, so each file runs once. Returns the names applied now.
 */
export async function migrate(db: Kysely<Database>, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = (await readdir(dir)).filter((name) => MIGRATION_FILE.test(name)).sort();
  return db.transaction().execute(async (trx) => {
    // A migration (an index on a large table) or the wait for another server's may take longer
    // than the statement timeout the requests live under.
    await sql`set local statement_timeout = 0`.execute(trx);
    await sql`${sql.raw(UNBOUNDED)}select pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
    await sql`create table if not exists schema_migrations (
      name text primary key,
      applied_at timestamptz not null default now()
    )`.execute(trx);
    const applied = new Set(
      (await trx.selectFrom('schema_migrations').select('name').execute()).map((row) => row.name),
    );
    const pending = files.filter((name) => !applied.has(name.replace(/\.sql$/, '')));
    for (const file of pending) {
      const script = await readFile(`${dir}/${file}`, 'utf8');
      try {
        await sql.raw(UNBOUNDED + script).execute(trx);
      } catch (error) {
        throw new Error(`Migration ${file} failed: ${(error as Error).message}`, { cause: error });
      }
      await trx
        .insertInto('schema_migrations')
        .values({ name: file.replace(/\.sql$/, '') })
        .execute();
    }
    return pending;
  });
}
