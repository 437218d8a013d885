import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { businessMetrics } from './business-metrics.ts';
import { HttpError } from './errors.ts';

export interface MetricsOptions {
  /** The bearer token a scrape must send; null: open, unless `production`. */
  token: string | null;
  production: boolean;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Who may read /metrics: with a token, a caller sending it as a bearer token (compared in
 * constant time); without one, anybody in development and nobody in production, where the
 * figures (routes, traffic, memory) are not for the public.
 */
function metricsGuard(options: MetricsOptions): (request: FastifyRequest) => void {
  const { token, production } = options;
  if (token === null) {
    return () => {
      if (production) throw new HttpError(404, 'not_found');
    };
  }
  const expected = digest(token);
  return (request) => {
    const sent = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (sent === undefined || !timingSafeEqual(digest(sent), expected)) {
      throw new HttpError(401, 'unauthorized', undefined, {
        'www-authenticate': 'Bearer realm="metrics"',
      });
    }
  };
}

/**
 * Prometheus metrics at /metrics: the process defaults, a request duration histogram and the
 * business figures (business-metrics.ts, read from `app.db`, so registered after it), behind
 * METRICS_TOKEN when it is set.
 */
export const metrics = fp(
  async (app: FastifyInstance, options: MetricsOptions) => {
    const guard = metricsGuard(options);
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    app.decorate('businessMetrics', businessMetrics(registry, app.db));
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Duration of HTTP requests in seconds, by route template',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    });

    app.addHook('onResponse', async (request, reply) => {
      // The route template, never the raw URL: ids would explode the label set.
      const route = request.routeOptions.url ?? 'unmatched';
      duration.observe(
        { method: request.method, route, status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });

    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      guard(request);
      return reply
        .type(registry.contentType)
        .header('cache-control', 'no-store')
        .send(await registry.metrics());
    });
  },
  { name: 'metrics' },
);
