import { CompiledQuery, type Kysely } from 'kysely';
import { PREPARED } from '../db/database.ts';
import type { Database } from '../db/schema.ts';

/** The hits counted on a key in its current window, and the milliseconds left in it. */
export interface Count {
  current: number;
  ttl: number;
}

/**
 * Hit counters, each key's window starting at its first hit: the one place every rate limit
 * (API calls, sign-in failures, refused tokens, account requests) keeps its counts.
 */
export interface Counters {
  /** Counts `hits` (one unless said) on `key` in its window of `windowMs`; answers the count with them. */
  hit(key: string, windowMs: number, hits?: number): Promise<Count>;
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
    async hit(key, windowMs, hits = 1) {
      const now = Date.now();
      const window = current(key, windowMs, now) ?? { start: now, hits: 0 };
      window.hits += hits;
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
  select $1, clock.now, cast($3 as integer) from clock
  on conflict (key) do update set
    hits = case when c.window_start + cast($2 as bigint) > excluded.window_start
      then c.hits + excluded.hits else excluded.hits end,
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
  const run = async (text: string, parameters: unknown[]): Promise<Count> => {
    const result = await db.executeQuery<{ hits: number; ttl: number }>(
      CompiledQuery.raw(text, parameters),
    );
    const row = result.rows[0];
    return row ? { current: Number(row.hits), ttl: Number(row.ttl) } : { current: 0, ttl: 0 };
  };
  return {
    hit: (key, windowMs, hits = 1) => run(HIT, [key, Math.round(windowMs), hits]),
    peek: (key, windowMs) => run(PEEK, [key, Math.round(windowMs)]),
    async undo(key, windowMs) {
      await run(UNDO, [key, Math.round(windowMs)]);
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

/** A budget of `max` is reserved in this many parts at most (see rateLimitStore). */
const LEASES_PER_WINDOW = 50;
/** Keys whose reserved hits one process remembers at most. */
const LEASE_KEYS = 10_000;

interface Lease {
  /** The shared count before this reservation. */
  base: number;
  size: number;
  spent: number;
  endsAt: number;
}

/**
 * The store class @fastify/rate-limit builds its limits on, backed by `counters`: the plugin's
 * own store counts per process only.
 *
 * With `shared` counters (in the database) a budget of `max` is not counted one database
 * round trip per request: a process reserves max/50 hits at once (one for budgets under 100)
 * and spends them locally. Nobody passes the budget: a hit beyond it answers 429 wherever its
 * reservation lies. Hits a process reserved and did not spend are lost to the others, so with
 * n replicas a caller may get up to n × max/50 fewer than max.
 */
export function rateLimitStore(counters: Counters, options: { shared: boolean }) {
  const leases = new Map<string, Lease>();
  const pending = new Map<string, Promise<unknown>>();

  const spend = (key: string, now: number): Count | undefined => {
    const lease = leases.get(key);
    if (!lease || lease.endsAt <= now || lease.spent >= lease.size) return undefined;
    lease.spent += 1;
    return { current: lease.base + lease.spent, ttl: lease.endsAt - now };
  };

  const reserve = async (key: string, timeWindow: number, max: number): Promise<Count> => {
    // One reservation per key at a time: concurrent requests wait for it and spend from it.
    for (;;) {
      const inFlight = pending.get(key);
      if (!inFlight) break;
      await inFlight.catch(() => undefined);
      const spent = spend(key, Date.now());
      if (spent) return spent;
    }
    const size = options.shared ? Math.max(1, Math.floor(max / LEASES_PER_WINDOW)) : 1;
    const reservation = counters.hit(key, timeWindow, size);
    pending.set(key, reservation);
    try {
      const { current, ttl } = await reservation;
      leases.delete(key);
      leases.set(key, { base: current - size, size, spent: 1, endsAt: Date.now() + ttl });
      if (leases.size > LEASE_KEYS) leases.delete(leases.keys().next().value as string);
      return { current: current - size + 1, ttl };
    } finally {
      pending.delete(key);
    }
  };

  return class CountersStore {
    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      const spent = spend(key, Date.now());
      if (spent) {
        callback(null, spent);
        return;
      }
      reserve(key, timeWindow, max).then((count) => callback(null, count), callback);
    }

    read(key: string, callback: Callback, timeWindow: number): void {
      counters.peek(key, timeWindow).then((count) => callback(null, count), callback);
    }

    child(): CountersStore {
      return new CountersStore();
    }
  };
}
