import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LOCKS, underAdvisoryLock } from '../db/advisory-lock.ts';
import { sweepRetained } from '../db/retention.ts';
import { sweepExpired } from '../oidc/adapter.ts';
import { claimRound } from './job-rounds.ts';

/** Work the server repeats on a schedule while it runs. */
export interface Job {
  /** Names its rounds in job_rounds, which every server on the database shares. */
  name: string;
  /** Said in the log line when a round fails. */
  failure: string;
  everyMs: number;
  /** A first round as soon as the server is ready, not one interval later. */
  atStart?: boolean;
  run: () => Promise<void>;
}

/** How often rows past LOG_RETENTION_DAYS are removed. */
const RETENTION_INTERVAL_MS = 60 * 60 * 1000;
/** How often expired sign-in storage (sessions, codes, grants) is deleted. */
const SIGN_IN_SWEEP_INTERVAL_MS = 10 * 60 * 1000;
/** How often the rate-limit counters of finished windows are deleted. */
const COUNTER_PRUNE_INTERVAL_MS = 10 * 60 * 1000;
/** How long a first answer is kept for retries under its Idempotency-Key. */
const IDEMPOTENCY_KEY_HOURS = 24;
const IDEMPOTENCY_SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/**
 * How many marks a dashboard refresh's transaction takes (the refresh comes every
 * DASHBOARD_REFRESH_MS): few enough that each day is read by its index (seconds a round at a
 * million disclosures), never a whole table, which could outlast the statement timeout.
 */
const DASHBOARD_REFRESH_BATCH = 50;

function jobsOf(app: FastifyInstance): Job[] {
  const { config, database } = app;
  const jobs: Job[] = [
    {
      name: 'rate-limit-prune',
      failure: 'pruning rate-limit counters failed',
      everyMs: COUNTER_PRUNE_INTERVAL_MS,
      run: () => app.counters.prune(),
    },
    {
      name: 'idempotency-sweep',
      failure: 'sweeping idempotency keys failed',
      everyMs: IDEMPOTENCY_SWEEP_INTERVAL_MS,
      run: async () => {
        await app.repositories.idempotency.sweep(IDEMPOTENCY_KEY_HOURS);
      },
    },
    {
      name: 'dashboard-refresh',
      failure: 'refreshing the dashboard failed',
      everyMs: config.dashboardRefreshMs,
      // At start: the rollups a migration left to build are built before the first minute.
      atStart: true,
      // One server at a time: the refresh takes a transaction lock, the others skip the round.
      run: () => app.repositories.dashboard.refreshAll(DASHBOARD_REFRESH_BATCH),
    },
  ];
  if (config.auth.embedded) {
    jobs.push({
      name: 'sign-in-sweep',
      failure: 'sweeping sign-in storage failed',
      everyMs: SIGN_IN_SWEEP_INTERVAL_MS,
      run: async () => {
        await sweepExpired(app.db);
      },
    });
  }
  if (config.logRetentionDays > 0) {
    const days = config.logRetentionDays;
    jobs.push({
      name: 'retention-sweep',
      failure: 'the retention sweep failed',
      everyMs: RETENTION_INTERVAL_MS,
      // At start, then on schedule: a server restarted more often than the interval still
      // sweeps. One server at a time; the others skip the round.
      atStart: true,
      run: async () => {
        const removed = await underAdvisoryLock(database, LOCKS.retention, { wait: false }, () =>
          sweepRetained(database.db, days),
        );
        if (removed && Object.values(removed).some((count) => count > 0)) {
          app.log.info({ removed, days }, 'rows past their retention removed');
        }
      },
    });
  }
  return [...jobs, ...app.jobs];
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Jobs that route plugins add (they hold the services the jobs need), run with the others
     * from the moment the app is ready.
     */
    jobs: Job[];
  }
}

/** How often a job's round is asked for, as a share of its interval. */
const CHECKS_PER_INTERVAL = 10;

/**
 * Every background job of the server in one place: each runs on its own interval from the
 * moment the app is ready (a failed round is logged and the next one comes), and stops when
 * the app closes. The timers never keep the process alive on their own.
 *
 * Of the servers sharing a database, one runs each round (requirements N-08): every server
 * asks every tenth of an interval whether a round is due, and the one whose claimRound moves
 * the job's last start on runs it. A job that runs at start runs there on every server
 * that starts, and its next round comes an interval later on whichever server takes it.
 */
export const backgroundJobs = fp(
  async (app) => {
    const timers: NodeJS.Timeout[] = [];
    app.addHook('onReady', async () => {
      for (const job of jobsOf(app)) {
        // A start's round runs whatever the other servers did (a restarted server catches up
        // at once); the rounds after it run on one server each.
        const round = (atStart = false) => {
          claimRound(app.db, job.name, atStart ? 0 : job.everyMs)
            .then((due) => {
              if (!due) return;
              app.log.debug({ job: job.name }, 'background job round');
              return job.run();
            })
            .catch((error: unknown) => app.log.warn({ err: error }, job.failure));
        };
        if (job.atStart) round(true);
        const timer = setInterval(round, job.everyMs / CHECKS_PER_INTERVAL);
        timer.unref();
        timers.push(timer);
      }
    });
    app.addHook('onClose', async () => {
      for (const timer of timers) clearInterval(timer);
    });
  },
  { name: 'background-jobs' },
);
