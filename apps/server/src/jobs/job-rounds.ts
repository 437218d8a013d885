import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * A round may start a little before a whole interval has passed since the last one: the
 * servers' checks do not fall on the same instants, and a round due a millisecond later
 * must not wait a whole check period more.
 */
const EARLY_SHARE = 0.05;

const CLAIM = `insert into job_rounds as r (job, started_at) values ($1, clock_timestamp())
  on conflict (job) do update set started_at = excluded.started_at
  where r.started_at <= excluded.started_at - make_interval(secs => cast($2 as double precision) / 1000)
  returning job`;

/**
 * Takes the round of `job` that is due: true when its last round, on any server sharing the
 * database, started an interval of `everyMs` ago or more (or never), and this call moved that
 * time to now; false when another server's round is more recent. One statement, so of servers
 * asking at the same moment one gets true (requirements N-08).
 */
export async function claimRound(
  db: Kysely<Database>,
  job: string,
  everyMs: number,
): Promise<boolean> {
  const result = await db.executeQuery(
    CompiledQuery.raw(CLAIM, [job, Math.round(everyMs * (1 - EARLY_SHARE))]),
  );
  return result.rows.length > 0;
}
