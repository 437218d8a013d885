import { CompiledQuery, type Kysely } from 'kysely';
import { PREPARED } from '../db/database.ts';
import type { Database } from '../db/schema.ts';

/** The hits counted on a key in its current window, and the milliseconds left in it. */
export interface Count {
  current: number;
  ttl: number;
}

/**
 * Hit counters, each key's window starting at its first hit: the one place every rate limit (API calls, sign-in failures,
 * refused tokens, account requests) keeps its counts.
 */
export interface Counters {
  /** Counts one hit on `key` in its window of `windowMs` and answers the count with it. */
  hit(key: string, windowMs: number): Promise<Count>;
  /** The count so far, without counting. */
  peek(key: string, windowMs: number): Promise<Count>;
  /** Takes back one hit of the current window (an attempt counted ahead that succeeded). */
  undo(key: string, windowMs: number): Promise<void>;
  /** Forgets the windows that are over. */
  prune(): Promise<void>;
}

/** Keys remembered at most by one process's counters; the oldest windows go first. */
const MEMORY_KEYS = 50_000;

/** Counters in this process: for the embedded database, which serves one process anyway. */
export function memoryCounters(maxKeys = MEMORY_KEYS): Counters {
  const windows = new Map<string, { start: number; hits: number }>();
  const current = (key: string, windowMs: number, now: number) => {
    const window = windows.get(key);
    return window && window.start + windowMs > now ? window : undefined;
  };
  return {
    async hit(key, windowMs) {
      const now = Date.now();
      const window = current(key, windowMs, now) ?? { start: now, hits: 0 };
      window.hits += 1;
      // Re-inserted, so the map's order is the order of last use.
      windows.delete(key);
      windows.set(key, window);
      if (windows.size > maxKeys) windows.delete(windows.keys().next().value as string);
      return { current: window.hits, ttl: window.start + windowMs - now };
    },
    async peek(key, windowMs) {
      const now = Date.now();
      const window = current(key, windowMs, now);
      return window
        ? { current: window.hits, ttl: window.start + windowMs - now }
        : { current: 0, ttl: 0 };
    },
    async undo(key, windowMs) {
      const window = current(key, windowMs, Date.now());
      if (window && window.hits > 0) window.hits -= 1;
    },
    async prune() {
      // Bounded by maxKeys already.
    },
  };
}

// Times come from the database's clock, so servers whose clocks differ still agree.
const NOW_MS = 'cast(floor(extract(epoch from clock_timestamp()) * 1000) as bigint)';

const HIT = `${PREPARED}
  with clock as (select ${NOW_MS} as now)
  insert into rate_limit_counters as c (key, window_start, hits)
  select $1, clock.now, 1 from clock
  on conflict (key) do update set
    hits = case when c.window_start + cast($2 as bigint) > excluded.window_start then c.hits + 1 else 1 end,
    window_start = case when c.window_start + cast($2 as bigint) > excluded.window_start
      then c.window_start else excluded.window_start end
  returning hits, window_start + cast($2 as bigint) - (select now from clock) as ttl`;

const PEEK = `${PREPARED}
  with clock as (select ${NOW_MS} as now)
  select hits, window_start + cast($2 as bigint) - clock.now as ttl
  from rate_limit_counters, clock
  where key = $1 and window_start + cast($2 as bigint) > clock.now`;

const UNDO = `${PREPARED}
  update rate_limit_counters set hits = hits - 1
  where key = $1 and hits > 0 and window_start + cast($2 as bigint) > ${NOW_MS}`;

/** Windows older than this are deleted by prune(): longer than any limit's window. */
const PRUNE_AFTER_MS = 2 * 60 * 60 * 1000;

/**
 * Counters in the database's rate_limit_counters table: one upsert per hit, so every server
 * on one PostgreSQL shares each budget.
 */
export function databaseCounters(db: Kysely<Database>): Counters {
  const run = async (text: string, key: string, windowMs: number): Promise<Count> => {
    const result = await db.executeQuery<{ hits: number; ttl: number }>(
      CompiledQuery.raw(text, [key, Math.round(windowMs)]),
    );
    const row = result.rows[0];
    return row ? { current: Number(row.hits), ttl: Number(row.ttl) } : { current: 0, ttl: 0 };
  };
  return {
    hit: (key, windowMs) => run(HIT, key, windowMs),
    peek: (key, windowMs) => run(PEEK, key, windowMs),
    async undo(key, windowMs) {
      await run(UNDO, key, windowMs);
    },
    async prune() {
      await db.executeQuery(
        CompiledQuery.raw(
          `delete from rate_limit_counters where window_start < ${NOW_MS} - cast($1 as bigint)`,
          [PRUNE_AFTER_MS],
        ),
      );
    },
  };
}

type Callback = (error: Error | null, result?: Count) => void;

/**
 * The store class @fastify/rate-limit builds its limits on, backed by `counters`: the plugin's
 * own store counts per process only.
 */
export function rateLimitStore(counters: Counters) {
  return class CountersStore {
    incr(key: string, callback: Callback, timeWindow: number): void {
      counters.hit(key, timeWindow).then((count) => callback(null, count), callback);
    }

    read(key: string, callback: Callback, timeWindow: number): void {
      counters.peek(key, timeWindow).then((count) => callback(null, count), callback);
    }

    child(): CountersStore {
      return new CountersStore();
    }
  };
}
