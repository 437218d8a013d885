import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.ts';
import { HttpError } from './errors.ts';

/** Paths that monitoring calls often; never rate limited. */
const UNLIMITED = new Set(['/api/health', '/api/ready']);

/**
 * Security headers on every answer (pages, static files, API, provider pages) and the API
 * rate limit (DESIGN.md §7). The CSP allows no inline script anywhere.
 */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const https = config.publicUrl.startsWith('https:');
  const issuerOrigin = config.auth.embedded ? [] : [new URL(config.auth.issuer).origin];
  // Built once: the Fastify wrapper of helmet built it again for every request, a tenth of
  // an API call's CPU time.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'connect-src': ["'self'", ...issuerOrigin],
        'img-src': ["'self'", 'data:'],
        'frame-ancestors': ["'none'"],
        'form-action': ["'self'", ...issuerOrigin],
        // Upgrading on plain-http deployments (localhost) would break every asset.
        'upgrade-insecure-requests': https ? [] : null,
      },
    },
    frameguard: { action: 'deny' },
    hsts: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
  });
  // helmet throws a bad setting at start-up and calls back with no error.
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, () => done()),
  );

  await app.register(rateLimit, {
    global: config.apiRateLimit > 0,
    max: config.apiRateLimit || 1,
    timeWindow: 60_000,
    // Runs after authentication: each signed-in caller has a budget, anonymous callers one per address.
    keyGenerator: (request) => (request.user ? `user:${request.user.subject}` : `ip:${request.ip}`),
    allowList: (request) => !request.url.startsWith('/api/') || UNLIMITED.has(request.url.split('?')[0] ?? ''),
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, 'too_many_requests', undefined, { 'retry-after': String(Math.ceil(context.ttl / 1000)) }),
  });
}
