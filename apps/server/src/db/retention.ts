import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from './schema.ts';

/**
 * The tables that only grow with use and hold nothing a disclosure needs later: the logging
 * calls of requirements §7 (tracking events, condition searches, conclusions), the questionnaire
 * instances (one per condition-list call, read back within the session that made it) and the
 * webhook events with their deliveries and attempts (the delivery log). Disclosures and their
 * audit trail are never swept.
 */
export const RETAINED_TABLES = [
  'analytics_events',
  'search_events',
  'conclusions',
  'questionnaire_instances',
  'webhook_events',
] as const;
export type RetainedTable = (typeof RETAINED_TABLES)[number];

const olderThan = (column: string, days: number) =>
  sql`${sql.ref(column)} < now() - make_interval(days => ${days})`;

/** Which rows of each table are past their retention; every time column named is indexed. */
const PAST_RETENTION: Record<RetainedTable, (days: number) => RawBuilder<unknown>> = {
  analytics_events: (days) => olderThan('created_at', days),
  search_events: (days) => olderThan('created_at', days),
  conclusions: (days) => olderThan('created_at', days),
  questionnaire_instances: (days) => olderThan('created_at', days),
  // An event goes (its deliveries and attempts with it) only once none is still to be sent.
  webhook_events: (days) =>
    sql`${olderThan('occurred_at', days)} and not exists (
      select 1 from webhook_deliveries d
      where d.event_id = webhook_events.id and d.state = 'pending')`,
};

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
      // ctid picks a batch without a sort.
      const result = await sql`
        delete from ${sql.table(table)}
        where ctid in (
          select ctid from ${sql.table(table)}
          where ${PAST_RETENTION[table](days)}
          limit ${BATCH}
        )`.execute(db);
      const count = Number(result.numAffectedRows ?? 0);
      removed[table] += count;
      if (count < BATCH) break;
    }
  }
  return removed;
}
