import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import type { DatabaseHandle } from './database.ts';

/** The advisory lock keys: any constants, the same for every server sharing one database. */
export const LOCKS = {
  /** Migrating and seeding at start-up. */
  startUp: 7_466_372,
  /** The retention sweep. */
  retention: 7_466_373,
  /** Refreshing the dashboard's rollups (a transaction lock, taken without waiting). */
  dashboard: 7_466_374,
} as const;

/** How often a server waiting for a lock another server holds asks again. */
const RETRY_MS = 200;

/**
 * Runs `work` while holding a PostgreSQL session advisory lock, so that of several servers
 * sharing one database one at a time runs it. `wait: false` gives up at once (answers
 * undefined) when another server holds the lock. The lock is asked for again and again rather
 * than waited on in one statement, which the statement timeout would cut. On the embedded
 * database, which serves one process, `work` just runs.
 */
export async function underAdvisoryLock<T>(
  database: DatabaseHandle,
  key: number,
  options: { wait: boolean },
  work: () => Promise<T>,
): Promise<T | undefined> {
  if (database.kind !== 'postgres') return work();
  return database.db.connection().execute(async (session) => {
    for (;;) {
      const { rows } = await sql<{
        locked: boolean;
      }>`select pg_try_advisory_lock(${key}) as locked`.execute(session);
      if (rows[0]?.locked) break;
      if (!options.wait) return undefined;
      await sleep(RETRY_MS);
    }
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(session);
    }
  });
}
