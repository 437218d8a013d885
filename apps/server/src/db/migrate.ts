import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { UNBOUNDED } from './database.ts';
import type { Database } from './schema.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations', import.meta.url));

const MIGRATION_FILE = /^\d{4}_[a-z0-9_]+\.sql$/;
// Any constant: it only has to be the same for every server sharing one database.
const MIGRATION_LOCK = 7_466_371;

/** A migration file differs from the one applied: start-up stops, saying which (requirements N-12). */
export class MigrationChangedError extends Error {
  constructor(file: string) {
    super(
      `Migration ${file} was changed after it was applied (its SHA-256 differs from the one ` +
        'recorded): restore the file as it was released. Nothing was migrated.',
    );
    this.name = 'MigrationChangedError';
  }
}

/** A file's SHA-256, its line ends read as LF: a checkout that writes CRLF changes nothing. */
const checksumOf = (script: string) =>
  createHash('sha256').update(script.replace(/\r\n/g, '\n')).digest('hex');

/**
 * Applies the numbered SQL files not applied yet, in lexical order, forward only, all in
 * one transaction: either every pending file is applied or none. Replicas starting together
 * wait on an advisory lock, so each file runs once. Each file's SHA-256 is recorded as it is
 * applied, and an applied file that has changed since stops everything (MigrationChangedError):
 * the database would no longer be what the files say. Returns the names applied now.
 */
export async function migrate(db: Kysely<Database>, dir = MIGRATIONS_DIR): Promise<string[]> {
  const names = (await readdir(dir)).filter((name) => MIGRATION_FILE.test(name)).sort();
  const files = await Promise.all(
    names.map(async (file) => {
      const script = await readFile(`${dir}/${file}`, 'utf8');
      return { file, name: file.replace(/\.sql$/, ''), script, checksum: checksumOf(script) };
    }),
  );
  return db.transaction().execute(async (trx) => {
    // A migration (an index on a large table) or the wait for another server's may take longer
    // than the statement timeout the requests live under.
    await sql`set local statement_timeout = 0`.execute(trx);
    await sql`${sql.raw(UNBOUNDED)}select pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
    await sql`create table if not exists schema_migrations (
      name text primary key,
      applied_at timestamptz not null default now()
    )`.execute(trx);
    // Recorded from this version on; a file applied before it gets its sum at the next start.
    await sql`alter table schema_migrations add column if not exists checksum text`.execute(trx);
    const applied = new Map(
      (await trx.selectFrom('schema_migrations').select(['name', 'checksum']).execute()).map(
        (row) => [row.name, row.checksum],
      ),
    );
    for (const { file, name, checksum } of files) {
      if (!applied.has(name)) continue;
      const recorded = applied.get(name);
      if (recorded === null) {
        await trx
          .updateTable('schema_migrations')
          .set({ checksum })
          .where('name', '=', name)
          .execute();
      } else if (recorded !== checksum) {
        throw new MigrationChangedError(file);
      }
    }
    const pending = files.filter(({ name }) => !applied.has(name));
    for (const { file, name, script, checksum } of pending) {
      try {
        await sql.raw(UNBOUNDED + script).execute(trx);
      } catch (error) {
        throw new Error(`Migration ${file} failed: ${(error as Error).message}`, { cause: error });
      }
      await trx.insertInto('schema_migrations').values({ name, checksum }).execute();
    }
    return pending.map(({ file }) => file);
  });
}
