import fp from 'fastify-plugin';
import { webhookDelivery } from './webhook-delivery.ts';

/** The outcome /metrics counts for each state an attempt leaves its delivery in. */
const OUTCOMES = { delivered: 'delivered', pending: 'failed', dead: 'dead_lettered' } as const;

/**
 * Sends the webhook deliveries (design §13) from the moment the app is ready: a round every
 * WEBHOOK_POLL_MS (a failed round is logged and the next one comes). Closing the app stops the
 * worker before the database closes; a request under way is cut and sent again later.
 */
export const webhookWorker = fp(
  async (app) => {
    const worker = webhookDelivery({
      db: app.db,
      settings: app.config.webhooks,
      publicUrl: app.config.publicUrl,
      log: app.log,
      // Each attempt counts on /metrics by insurer and outcome (requirements N-19).
      onAttempt: ({ insurer, state }) =>
        app.businessMetrics.webhookDelivery(insurer, OUTCOMES[state]),
    });
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      const round = () => {
        worker
          .run()
          .catch((error: unknown) => app.log.warn({ err: error }, 'sending webhooks failed'));
      };
      timer = setInterval(round, app.config.webhooks.pollMs);
      timer.unref();
      round();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await worker.stop();
    });
  },
  { name: 'webhook-worker' },
);
