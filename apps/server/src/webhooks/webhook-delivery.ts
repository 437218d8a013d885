import { apiPath, endpoints } from '@vmer/domain/api';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { Webhook } from 'standardwebhooks';
import type { WebhookSettings } from '../config.ts';
import type { Database } from '../db/schema.ts';

/** Deliveries a worker takes in one round, each to its own endpoint and disclosure in parallel. */
const BATCH = 20;
/** The longest wait between two attempts of one delivery. */
const MAX_BACKOFF_MS = 60 * 60 * 1000;
/** The most characters of an error kept in the delivery log. */
const ERROR_MAX = 200;

interface Claimed {
  id: string;
  attempts: number;
  window_started_at: Date;
  message_id: string;
  type: string;
  data: Record<string, unknown>;
  occurred_at: Date;
  url: string;
  insurer_code: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_until: Date | null;
}

/** What one attempt came to. */
export interface AttemptOutcome {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/**
 * The delay before the next attempt after `failures` failed ones: the base doubled at each
 * failure, at most an hour, and "full jitter" over its upper half, so endpoints that failed
 * together are not all retried in the same instant.
 */
export function backoffMs(failures: number, baseMs: number, random = Math.random): number {
  const ceiling = Math.min(MAX_BACKOFF_MS, baseMs * 2 ** Math.min(failures - 1, 30));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/**
 * The body of an event (Standard Webhooks' `type`, `timestamp`, `data`): the disclosure's ids,
 * its status, version and decisions as the change wrote them, and links to read more through
 * the API with the caller's own token. No names, answers or documents (design §13).
 */
function payloadOf(event: Pick<Claimed, 'type' | 'data' | 'occurred_at'>, publicUrl: string) {
  const requestId = String(event.data.requestId);
  const id = String(event.data.disclosureId);
  return JSON.stringify({
    type: event.type,
    timestamp: new Date(event.occurred_at).toISOString(),
    data: {
      ...event.data,
      links: {
        disclosure: `${publicUrl}${apiPath(endpoints.disclosureView, { requestId })}`,
        audit: `${publicUrl}${apiPath(endpoints.disclosureAudit, { id })}`,
        questionnaire: `${publicUrl}/questionnaire/${encodeURIComponent(requestId)}`,
      },
    },
  });
}

/** What a failed request is called in the delivery log: never a URL, a header or a body. */
function errorText(error: unknown, timedOut: boolean): string {
  if (timedOut) return 'timeout';
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  const code = typeof cause?.code === 'string' ? cause.code : undefined;
  return (code ?? (error instanceof Error ? error.name : 'error')).slice(0, ERROR_MAX);
}

/**
 * The webhook delivery worker (design §13, requirements N-03, N-04). Each round takes the
 * due deliveries — per endpoint and disclosure only the oldest pending one, so events arrive
 * in order — marks them leased (`FOR UPDATE SKIP LOCKED`: replicas on one PostgreSQL never
 * take the same one) and sends them signed per Standard Webhooks, with a timeout and without
 * following redirects. A 2xx answer delivers; anything else is retried with exponential backoff
 * and jitter until the retry window has passed, and is then dead. A worker that dies mid-send
 * leaves its lease to run out, and the delivery is sent again with the same webhook-id: at
 * least once, and exactly once in effect for a receiver that dedupes by webhook-id.
 */
export function webhookDelivery(deps: {
  db: Kysely<Database>;
  settings: WebhookSettings;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** Called after each attempt (metrics). */
  onAttempt?: (
    outcome: AttemptOutcome & { insurer: string; state: 'delivered' | 'pending' | 'dead' },
  ) => void;
}) {
  const { db, settings, publicUrl, log } = deps;
  const leaseMs = settings.timeoutMs * 2 + 5_000;
  const inFlight = new Set<AbortController>();
  let round: Promise<void> | undefined;
  let stopped = false;

  async function claim(): Promise<Claimed[]> {
    const result = await sql<Claimed>`
      with due as (
        select w.id from webhook_deliveries w
        join webhook_endpoints p on p.id = w.endpoint_id and p.enabled
        where w.state = 'pending' and w.next_attempt_at <= now()
          and (w.leased_until is null or w.leased_until <= now())
          and not exists (select 1 from webhook_deliveries x
            where x.endpoint_id = w.endpoint_id and x.disclosure_id = w.disclosure_id
              and x.state = 'pending' and x.id < w.id)
        order by w.next_attempt_at, w.id
        limit ${BATCH}
        for update of w skip locked
      )
      update webhook_deliveries w
      set leased_until = now() + make_interval(secs => ${leaseMs / 1000}),
        attempts = w.attempts + 1
      from due, webhook_events e, webhook_endpoints p
      where w.id = due.id and e.id = w.event_id and p.id = w.endpoint_id
      returning w.id, w.attempts, w.window_started_at, e.message_id, e.type, e.data,
        e.occurred_at, p.url, p.insurer_code, p.secret, p.previous_secret, p.previous_secret_until`.execute(
      db,
    );
    return result.rows;
  }

  async function send(delivery: Claimed): Promise<AttemptOutcome> {
    const body = payloadOf(delivery, publicUrl);
    const now = new Date();
    const signatures = [new Webhook(delivery.secret).sign(delivery.message_id, now, body)];
    if (
      delivery.previous_secret !== null &&
      delivery.previous_secret_until !== null &&
      new Date(delivery.previous_secret_until) > now
    ) {
      signatures.push(new Webhook(delivery.previous_secret).sign(delivery.message_id, now, body));
    }
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, settings.timeoutMs);
    inFlight.add(controller);
    const started = performance.now();
    try {
      const response = await fetch(delivery.url, {
        method: 'POST',
        redirect: 'manual',
        signal: controller.signal,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Video-MER-Webhooks/1',
          'webhook-id': delivery.message_id,
          'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
          'webhook-signature': signatures.join(' '),
        },
        body,
      });
      await response.body?.cancel().catch(() => undefined);
      const ok = response.status >= 200 && response.status < 300;
      return {
        statusCode: response.status,
        error: ok ? null : response.status < 400 ? 'redirect not followed' : null,
        durationMs: Math.round(performance.now() - started),
      };
    } catch (error) {
      return {
        statusCode: null,
        error: errorText(error, timedOut),
        durationMs: Math.round(performance.now() - started),
      };
    } finally {
      clearTimeout(timer);
      inFlight.delete(controller);
    }
  }

  async function settle(delivery: Claimed, outcome: AttemptOutcome): Promise<void> {
    const delivered =
      outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
    const next = new Date(Date.now() + backoffMs(delivery.attempts, settings.backoffBaseMs));
    const windowEnd = new Date(delivery.window_started_at).getTime() + settings.retryWindowMs;
    const state = delivered ? 'delivered' : next.getTime() > windowEnd ? 'dead' : 'pending';
    await db.transaction().execute(async (trx) => {
      // The endpoint may have been deleted meanwhile, and its log with it.
      await sql`insert into webhook_attempts (delivery_id, status_code, error, duration_ms)
        select id, ${outcome.statusCode}, ${outcome.error}, ${outcome.durationMs}
        from webhook_deliveries where id = ${delivery.id}`.execute(trx);
      await trx
        .updateTable('webhook_deliveries')
        .set({
          state,
          leased_until: null,
          last_attempt_at: new Date(),
          last_status: outcome.statusCode,
          last_error: outcome.error,
          ...(state === 'pending' ? { next_attempt_at: next } : {}),
          ...(state === 'delivered' ? { delivered_at: new Date() } : {}),
        })
        .where('id', '=', delivery.id)
        .execute();
    });
    if (state === 'dead') log.warn({ delivery: delivery.id }, 'webhook delivery dead-lettered');
    deps.onAttempt?.({ ...outcome, insurer: delivery.insurer_code, state });
  }

  async function deliverDue(): Promise<void> {
    for (;;) {
      if (stopped) return;
      const due = await claim();
      if (due.length === 0) return;
      await Promise.all(
        due.map(async (delivery) => {
          const outcome = await send(delivery);
          if (!stopped) await settle(delivery, outcome);
        }),
      );
    }
  }

  return {
    /** One round: every due delivery, until none is due. Rounds never overlap. */
    run(): Promise<void> {
      round ??= deliverDue().finally(() => {
        round = undefined;
      });
      return round;
    },
    /** Stops sending: requests under way are cut (their leases run out) and the round ends. */
    async stop(): Promise<void> {
      stopped = true;
      for (const controller of inFlight) controller.abort();
      await round?.catch(() => undefined);
    },
  };
}
