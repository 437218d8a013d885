import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

/**
 * The tables that only grow with use and hold nothing a disclosure needs later: the logging
 * calls of requirements §7 (tracking events, condition searches, conclusions) and the questionnaire
 * instances (one per condition-list call, read back within the session that made it).
 * Disclosures and their audit trail are never swept.
 */
export const RETAINED_TABLES = [
  'analytics_events',
  'search_events',
  'conclusions',
  'questionnaire_instances',
] as const;
export type RetainedTable = (typeof RETAINED_TABLES)[number];

/** Rows deleted per statement, so a first sweep of a large backlog never holds long locks. */
const BATCH = 5000;

/**
 * Deletes the rows of the retained tables older than `days`, in batches, and says how many
 * went from each table.
 */
export async function sweepRetained(
  db: Kysely<Database>,
  days: number,
): Promise<Record<RetainedTable, number>> {
  const removed = {} as Record<RetainedTable, number>;
  for (const table of RETAINED_TABLES) {
    removed[table] = 0;
    for (;;) {
      // ctid picks a batch without a sort; created_at is indexed on every retained table.
      const result = await sql`
        delete from ${sql.table(table)}
        where ctid in (
          select ctid from ${sql.table(table)}
          where created_at < now() - make_interval(days => ${days})
          limit ${BATCH}
        )`.execute(db);
      const count = Number(result.numAffectedRows ?? 0);
      removed[table] += count;
      if (count < BATCH) break;
    }
  }
  return removed;
}
