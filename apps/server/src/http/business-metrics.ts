import { DISCLOSURE_STATUS } from '@vmer/domain';
import type { Kysely } from 'kysely';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Database } from '../db/schema.ts';

/** What happened to one webhook delivery attempt (requirements N-03, N-19). */
type WebhookOutcome = 'delivered' | 'failed' | 'dead_lettered';

/**
 * The business figures on /metrics (requirements N-19), as `app.businessMetrics`: e.g. the
 * webhook deliverer calls `app.businessMetrics.webhookDelivery('phkl', 'failed')`. Every label
 * is a code (insurer, status, indicator, decision category, outcome), never personal data.
 */
export interface BusinessMetrics {
  /** A disclosure was submitted with these decision categories per indicator ({LIFE: "decline"}). */
  decisionsSubmitted(insurer: string, categories: Readonly<Record<string, string>>): void;
  /** One webhook delivery attempt ended so. */
  webhookDelivery(insurer: string, outcome: WebhookOutcome): void;
  /** A condition search found nothing (search log type 3). */
  searchMiss(insurer: string): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    businessMetrics: BusinessMetrics;
  }
}

/** Status names by number, as the label says them. */
const STATUS_NAMES = new Map<number, string>(
  Object.entries(DISCLOSURE_STATUS).map(([name, status]) => [status, name.toLowerCase()]),
);

/**
 * Registers the business metrics: stock figures as gauges read from the database at scrape
 * time (one grouped count over the index on insurer and status), events as counters kept by
 * the process from its start.
 */
export function businessMetrics(registry: Registry, db: Kysely<Database>): BusinessMetrics {
  new Gauge({
    name: 'vmer_disclosures',
    help: 'Disclosures by insurer and status, counted in the database at scrape time',
    labelNames: ['insurer', 'status'],
    registers: [registry],
    async collect() {
      const rows = await db
        .selectFrom('disclosures')
        .select(['insurer_code', 'status', (eb) => eb.fn.countAll<string>().as('n')])
        .groupBy(['insurer_code', 'status'])
        .execute();
      this.reset();
      for (const row of rows) {
        this.set(
          { insurer: row.insurer_code, status: STATUS_NAMES.get(row.status) ?? String(row.status) },
          Number(row.n),
        );
      }
    },
  });
  const decisions = new Counter({
    name: 'vmer_decisions_total',
    help: 'Decisions of submitted disclosures by insurer, indicator and decision category',
    labelNames: ['insurer', 'indicator', 'category'],
    registers: [registry],
  });
  const deliveries = new Counter({
    name: 'vmer_webhook_deliveries_total',
    help: 'Webhook delivery attempts by insurer and outcome (delivered, failed, dead_lettered)',
    labelNames: ['insurer', 'outcome'],
    registers: [registry],
  });
  const searchMisses = new Counter({
    name: 'vmer_search_misses_total',
    help: 'Condition searches that found nothing, by insurer',
    labelNames: ['insurer'],
    registers: [registry],
  });
  return {
    decisionsSubmitted(insurer, categories) {
      for (const [indicator, category] of Object.entries(categories)) {
        decisions.inc({ insurer, indicator, category });
      }
    },
    webhookDelivery: (insurer, outcome) => deliveries.inc({ insurer, outcome }),
    searchMiss: (insurer) => searchMisses.inc({ insurer }),
  };
}
