import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import { API_PREFIX } from '@vmer/domain/api';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createLocalJWKSet } from 'jose';
import type { Kysely } from 'kysely';
import { authenticate } from './auth/authenticate.ts';
import { seedDemoUsers } from './auth/demo-users.ts';
import { UserDirectory } from './auth/user-directory.ts';
import { createTokenVerifier } from './auth/verify-token.ts';
import type { Config } from './config.ts';
import { openDatabase, type DatabaseHandle, type PGliteStart } from './db/database.ts';
import { openAnnouncements, type Announcements } from './db/announcements.ts';
import { LOCKS, underAdvisoryLock } from './db/advisory-lock.ts';
import { migrate } from './db/migrate.ts';
import type { Database } from './db/schema.ts';
import { registerDocs } from './http/docs.ts';
import {
  bindCallerToLog,
  echoRequestId,
  requestLogging,
  type LogStream,
} from './http/request-log.ts';
import { installNulGuard } from './http/nul-guard.ts';
import { installErrorHandler, sendError } from './http/error-handler.ts';
import { instanceCookie } from './http/instance.ts';
import { metrics } from './http/metrics.ts';
import { registerSecurity } from './http/security.ts';
import { registerTracing } from './http/tracing.ts';
import { registerWebApp, withoutBasePath } from './http/web-app.ts';
import { authConfigOf } from './routes/platform/auth-config.ts';
import { backgroundJobs } from './jobs/jobs-plugin.ts';
import { createEmbeddedProvider } from './oidc/provider.ts';
import { oidcRoutes } from './oidc/routes.ts';
import { repositories } from './repositories.ts';
import { apiRoutes } from './routes/api.ts';
import { webhookWorker } from './webhooks/webhook-plugin.ts';
import {
  embeddedProviderProbe,
  externalIssuerProbe,
  type IdentityProviderProbe,
} from './routes/platform/identity-provider-probe.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** The query builder over the database (PGlite or PostgreSQL). */
    db: Kysely<Database>;
    database: DatabaseHandle;
    /** Changes other replicas keep in memory, told to them (design §13, requirements N-08). */
    announcements: Announcements;
    users: UserDirectory;
    /** Whether the identity provider answers (for /api/ready). */
    identityProvider: IdentityProviderProbe;
  }
}

export interface BuildOptions {
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: LogStream;
  /** How an in-memory PGlite database starts (tests: from one migrated copy). */
  pgliteStart?: PGliteStart;
}

/** 2 MiB: a disclosure document is at most 1 MiB (design §5), with room for its envelope. */
export const BODY_LIMIT = 2 * 1024 * 1024;

/**
 * Builds the whole server (design §9.5): external plugins (security headers, rate
 * limit, cookies, docs, metrics), then the app's own (database, sign-in, authentication),
 * then the routes, the web app and the background jobs. Opens and migrates the database; `app.close()` closes it.
 */
export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    // Request ids, the request line, redaction (requirements N-13, N-14).
    ...requestLogging(config.logLevel, options.logStream),
    bodyLimit: BODY_LIMIT,
    // A hop count as proxy-addr reads it: the nearest `n` addresses are proxies (Fastify takes
    // a number too, but its types do not say so).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    routerOptions: { maxParamLength: 200 },
    // Under a sub-path, a proxy may pass the path on or cut it off: both reach the same routes.
    ...(config.basePath === '' ? {} : { rewriteUrl: withoutBasePath(config.basePath) }),
    // A path Fastify cannot route (bad percent-escape, over-long parameter) answers through the
    // error handler too, in the envelope and the caller's language, without echoing the URL.
    // Hooks do not run for these, so the request id is set here (requirements N-13).
    frameworkErrors: (error, request, reply) => {
      reply.header('x-request-id', request.id);
      return sendError(error, request, reply);
    },
  });
  echoRequestId(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = await openDatabase(
    config.database,
    (error) => app.log.error({ err: error }, 'database connection lost'),
    options.pgliteStart,
  );
  try {
    // Replicas starting together on an empty database migrate and seed one after the other.
    await underAdvisoryLock(database, LOCKS.startUp, { wait: true }, async () => {
      await migrate(database.db);
      if (config.auth.embedded && !config.production) await seedDemoUsers(database.db);
    });

    app.decorate('config', config);
    app.decorate('database', database);
    app.decorate('db', database.db);
    app.decorate('repositories', repositories(database.db));
    app.decorate('users', new UserDirectory(database.db, { embedded: config.auth.embedded }));
    app.decorate('jobs', []);
    app.addHook('onClose', async () => database.close());
    const announcements = await openAnnouncements(config.database, app.log);
    app.decorate('announcements', announcements);
    app.addHook('onClose', async () => announcements.close());

    installErrorHandler(app);
    installNulGuard(app);
    await registerTracing(app, config.tracing);
    await app.register(cookie);
    await registerSecurity(app, config);
    // Answers over 1 KB (the app's scripts, the questionnaire data) go out compressed: brotli at
    // a quality that costs little CPU per answer, gzip for older clients. Request bodies are
    // never decompressed, so a small compressed body cannot expand past the body limit.
    await app.register(compress, {
      encodings: ['br', 'gzip'],
      globalDecompression: false,
      brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
    });
    await app.register(instanceCookie, { secure: config.publicUrl.startsWith('https:') });
    await app.register(metrics, { token: config.metricsToken, production: config.production });
    await registerDocs(app, config);

    // The client's cache-buster (requirements §7, A-06) means nothing here: drop it before validation.
    app.addHook('onRequest', async (request) => {
      const query = request.query as Record<string, unknown> | undefined;
      if (query && 'datatimestamp' in query) delete query.datatimestamp;
    });

    let verify;
    if (config.auth.embedded) {
      app.log.warn(
        'The embedded sign-in provider is running at /oidc with its own users: it is meant for one machine and tests. ' +
          'Production uses OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_AUDIENCE of the company identity provider.',
      );
      const embedded = await createEmbeddedProvider(config, database.db);
      // Same checks as for an external issuer, against the provider's own keys without an HTTP round trip.
      verify = createTokenVerifier({
        issuer: config.auth.issuer,
        audience: config.auth.audience,
        keys: createLocalJWKSet(embedded.publicJwks),
        strictType: true,
      });
      await oidcRoutes(app, { provider: embedded.provider, config, db: database.db });
      app.decorate('identityProvider', embeddedProviderProbe);
    } else {
      verify = createTokenVerifier({
        issuer: config.auth.issuer,
        audience: config.auth.audience,
        strictType: false,
      });
      app.decorate('identityProvider', externalIssuerProbe(config.auth.issuer));
    }

    await app.register(authenticate, {
      verify,
      users: app.users,
      realm: config.publicUrl,
      claims: config.auth.claims,
    });
    bindCallerToLog(app);
    await app.register(apiRoutes, { prefix: API_PREFIX });
    await registerWebApp(app, config.webDist, config.basePath, authConfigOf(config));
    await app.register(backgroundJobs);
    await app.register(webhookWorker);
    await app.ready();
  } catch (error) {
    await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw error;
  }
  return app;
}
