import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_PREFIX, apiPath, apiRoutes } from '@vmer/domain/api';
import helmet from 'helmet';
import type { Config } from '../config.ts';
import { HttpError } from './errors.ts';
import { pageScriptSources } from './web-app.ts';
import {
  databaseCounters,
  memoryCounters,
  rateLimitStore,
  type Counters,
} from './rate-limit-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The rate limits' hit counters: in PostgreSQL (shared by every replica), or in this process on PGlite. */
    counters: Counters;
  }
}

/** Paths that monitoring calls often; never rate limited. */
const UNLIMITED = new Set([apiPath(apiRoutes.health), apiPath(apiRoutes.ready)]);
const MINUTE = 60_000;
/** Addresses this process saw refused lately, remembered at most. */
const SUSPECTS_MAX = 10_000;

/** The embedded provider's token endpoint, where calling systems present their client secret. */
const TOKEN_PATH = '/oidc/token';

/** The API calls whose refusals for a bad token are limited. */
function credentialChecked(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path.startsWith(`${API_PREFIX}/`) && !UNLIMITED.has(path);
}

/**
 * Security headers on every answer (pages, static files, API, provider pages) and the API
 * rate limit (design §7). The CSP allows no inline script but the built page's own, each by
 * its hash (see {@link pageScriptSources}).
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
        'script-src': ["'self'", ...pageScriptSources(config.webDist)],
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
  // helmet throws a bad setting at start-up and calls back with no error. Its headers here
  // depend on nothing of the request (no function directive, no nonce): they are recorded once
  // and set at every request, instead of running its dozen middlewares at each.
  const headers = recordedHeaders(securityHeaders);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) {
      if (value === null) reply.raw.removeHeader(name);
      else reply.raw.setHeader(name, value);
    }
    done();
  });

  const counters = app.database.kind === 'postgres' ? databaseCounters(app.db) : memoryCounters();
  app.decorate('counters', counters);

  if (config.authFailureRateLimit > 0)
    limitCredentialFailures(app, counters, config.authFailureRateLimit);

  await app.register(rateLimit, {
    store: rateLimitStore(counters, { shared: app.database.kind === 'postgres' }),
    global: config.apiRateLimit > 0,
    max: config.apiRateLimit || 1,
    timeWindow: 60_000,
    // Runs after authentication: each signed-in caller has a budget, anonymous callers one per address.
    keyGenerator: (request) => (request.user ? `user:${request.user.subject}` : `ip:${request.ip}`),
    allowList: (request) =>
      !request.url.startsWith(`${API_PREFIX}/`) || UNLIMITED.has(request.url.split('?')[0] ?? ''),
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, 'too_many_requests', undefined, {
        'retry-after': String(Math.ceil(context.ttl / 1000)),
      }),
  });
}

/** What a header middleware does to every answer: each header set (or, as null, removed), in order. */
function recordedHeaders(
  middleware: (request: never, response: never, next: (error?: unknown) => void) => void,
): [string, string | null][] {
  const headers: [string, string | null][] = [];
  const response = {
    setHeader: (name: string, value: string) => headers.push([name, value]),
    removeHeader: (name: string) => headers.push([name, null]),
  };
  let failure: unknown;
  middleware({} as never, response as never, (error) => (failure = error));
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

/**
 * Refusals for a missing or invalid token (401 on /api) and for wrong client credentials at
 * /oidc/token are counted per address; past `max` a minute, the address gets 429 before its
 * credentials are even checked. Successful calls are not counted.
 *
 * On /api the refusal is counted before it is sent, and the shared count is read only for
 * addresses this process refused within the minute, so a valid caller costs no extra database
 * round trip; with several replicas the limit is overshot by at most one refusal per replica.
 * The token endpoint is few calls: each is counted ahead, so concurrent guesses cannot slip
 * past, and taken back once it did not fail.
 */
function limitCredentialFailures(app: FastifyInstance, counters: Counters, max: number): void {
  const suspects = new Map<string, number>();
  // Marked before the provider's routes cut the request's URL to the provider's own path.
  const tokenRequests = new WeakSet<FastifyRequest>();
  const key = (ip: string) => `auth-failure:${ip}`;
  const tooMany = (ttl: number) =>
    new HttpError(429, 'too_many_requests', undefined, {
      'retry-after': String(Math.max(1, Math.ceil(ttl / 1000))),
    });

  app.addHook('onRequest', async (request) => {
    const path = request.url.split('?')[0] ?? '';
    if (path === TOKEN_PATH) {
      tokenRequests.add(request);
      const count = await counters.hit(key(request.ip), MINUTE);
      if (count.current > max) throw tooMany(count.ttl);
      return;
    }
    const until = suspects.get(request.ip);
    if (until === undefined || !credentialChecked(path)) return;
    if (until < Date.now()) {
      suspects.delete(request.ip);
      return;
    }
    const count = await counters.peek(key(request.ip), MINUTE);
    if (count.current >= max) throw tooMany(count.ttl);
  });

  app.addHook('onSend', async (request, reply) => {
    if (reply.statusCode !== 401 || !credentialChecked(request.url)) return;
    suspects.delete(request.ip);
    suspects.set(request.ip, Date.now() + MINUTE);
    if (suspects.size > SUSPECTS_MAX) suspects.delete(suspects.keys().next().value as string);
    try {
      await counters.hit(key(request.ip), MINUTE);
    } catch (error) {
      request.log.warn({ err: error }, 'counting a refused credential failed');
    }
  });

  app.addHook('onResponse', async (request, reply) => {
    if (!tokenRequests.has(request) || reply.statusCode === 401) return;
    try {
      await counters.undo(key(request.ip), MINUTE);
    } catch (error) {
      request.log.warn({ err: error }, 'uncounting a token request failed');
    }
  });
}
