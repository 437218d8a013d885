import { readFileSync } from 'node:fs';
import { languageSchema, type Language } from '@vmer/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { errors, type default as Provider } from 'oidc-provider';
import { verifyPassword } from '../auth/password.ts';
import { findLocalUser } from '../auth/users-repository.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { languageFromHeader } from '../http/language.ts';
import { errorPage, pageBrand, signInPage, type SignInError } from './pages.ts';
import { OIDC_PATH, WEB_CLIENT_ID } from './provider.ts';

const ASSETS = {
  'sign-in.css': {
    type: 'text/css; charset=utf-8',
    body: readFileSync(new URL('./assets/sign-in.css', import.meta.url)),
  },
  'sign-out.js': {
    type: 'text/javascript; charset=utf-8',
    body: readFileSync(new URL('./assets/sign-out.js', import.meta.url)),
  },
};
// Compared against when the user name is unknown, so that the answer takes as long as a wrong password.
const UNKNOWN_USER_HASH =
  'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

export interface OidcRoutesOptions {
  provider: Provider;
  config: Config;
  db: Kysely<Database>;
}

type FormBody = Record<string, string | undefined>;

/**
 * Mounts the embedded provider at /oidc, with its sign-in pages: the interaction routes
 * (our HTML), the stylesheet, and every other /oidc path handed to oidc-provider.
 */
export async function oidcRoutes(
  app: FastifyInstance,
  { provider, config, db }: OidcRoutesOptions,
): Promise<void> {
  const brand = pageBrand(config);
  // Failed sign-ins per address and minute: successes are not counted, so the people behind
  // one office address do not lock each other out. Shared by every replica (app.counters).
  const signInFailures = (request: FastifyRequest) => `sign-in:${request.ip}`;

  app.get<{ Params: { name: string } }>(`${OIDC_PATH}/assets/:name`, async (request, reply) => {
    const asset = ASSETS[request.params.name as keyof typeof ASSETS];
    if (!asset) return reply.callNotFound();
    return reply.type(asset.type).header('cache-control', 'public, max-age=3600').send(asset.body);
  });

  await app.register(async (forms) => {
    forms.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 8 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    const pageLanguage = (request: FastifyRequest, uiLocales: unknown): Language => {
      const chosen = languageSchema.safeParse(
        (request.query as FormBody).lang ?? (request.body as FormBody | undefined)?.lang,
      );
      if (chosen.success) return chosen.data;
      return languageFromHeader(
        typeof uiLocales === 'string'
          ? uiLocales.replace(/ /g, ',')
          : request.headers['accept-language'],
      );
    };

    const renderSignIn = (
      reply: FastifyReply,
      status: number,
      options: { uid: string; language: Language; userName?: string; error?: SignInError },
    ) =>
      reply
        .code(status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          signInPage({
            language: options.language,
            brand,
            action: `${config.basePath}${OIDC_PATH}/interaction/${encodeURIComponent(options.uid)}/login`,
            userName: options.userName,
            error: options.error,
          }),
        );

    const interactionGone = (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
      if (!(error instanceof errors.SessionNotFound)) throw error;
      return reply
        .code(400)
        .type('text/html; charset=utf-8')
        .send(errorPage(pageLanguage(request, undefined), brand, 'session_expired', 'expired'));
    };

    forms.get<{ Params: { uid: string } }>(
      `${OIDC_PATH}/interaction/:uid`,
      async (request, reply) => {
        let details;
        try {
          details = await provider.interactionDetails(request.raw, reply.raw);
        } catch (error) {
          // Back after signing in comes here, to a finished interaction, with the provider's
          // session cookie: the app knows the user is signed in, so it answers rather than a
          // stale "Sign-in problem". Without that cookie the interaction simply expired.
          if (error instanceof errors.SessionNotFound && request.cookies._session)
            return reply.code(303).redirect('/');
          return interactionGone(request, reply, error);
        }
        if (details.prompt.name === 'login') {
          return renderSignIn(reply, 200, {
            uid: details.uid,
            language: pageLanguage(request, details.params.ui_locales),
          });
        }
        // No consent screen: the first-party app's grant is made in loadExistingGrant; any other client is refused.
        reply.hijack();
        const result =
          details.params.client_id === WEB_CLIENT_ID
            ? { consent: {} }
            : {
                error: 'access_denied',
                error_description: 'This client cannot ask for consent here.',
              };
        await provider.interactionFinished(request.raw, reply.raw, result, {
          mergeWithLastSubmission: true,
        });
        return reply;
      },
    );

    forms.post<{ Params: { uid: string }; Body: FormBody | undefined }>(
      `${OIDC_PATH}/interaction/:uid/login`,
      async (request, reply) => {
        let details;
        try {
          details = await provider.interactionDetails(request.raw, reply.raw);
        } catch (error) {
          return interactionGone(request, reply, error);
        }
        const language = pageLanguage(request, details.params.ui_locales);
        const userName = (request.body?.username ?? '').trim();
        const password = request.body?.password ?? '';
        const page = { uid: details.uid, language, userName };

        // Every attempt is counted ahead, so that a burst of concurrent guesses cannot slip
        // past the limit, and a successful one is taken back below.
        const limited = config.signInRateLimit > 0;
        if (limited) {
          const attempts = await app.counters.hit(signInFailures(request), 60_000);
          if (attempts.current > config.signInRateLimit) {
            await app.counters.undo(signInFailures(request), 60_000);
            reply.header('retry-after', String(Math.max(1, Math.ceil(attempts.ttl / 1000))));
            return renderSignIn(reply, 429, { ...page, error: 'tooMany' });
          }
        }
        if (!userName || !password) return renderSignIn(reply, 400, { ...page, error: 'missing' });

        const user = userName.length <= 100 ? await findLocalUser(db, userName) : undefined;
        const matches = await verifyPassword(password, user?.password_hash ?? UNKNOWN_USER_HASH);
        if (!user || !matches || !user.active || (config.production && user.demo)) {
          request.log.info({ outcome: 'refused' }, 'sign-in refused');
          return renderSignIn(reply, 401, { ...page, error: 'incorrect' });
        }
        request.log.info({ subject: user.subject }, 'signed in');
        if (limited) await app.counters.undo(signInFailures(request), 60_000);
        reply.hijack();
        await provider.interactionFinished(
          request.raw,
          reply.raw,
          { login: { accountId: user.subject } },
          { mergeWithLastSubmission: false },
        );
        return reply;
      },
    );
  });

  await app.register(async (mounted) => {
    // oidc-provider reads its own request bodies.
    mounted.removeAllContentTypeParsers();
    mounted.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const callback = provider.callback();
    const handOver = (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      // oidc-provider reads its mount path, which its addresses start with, off the original URL.
      raw.originalUrl = `${config.basePath}${raw.url ?? ''}`;
      raw.url = (raw.url ?? '/').slice(OIDC_PATH.length) || '/';
      callback(raw, reply.raw);
    };
    mounted.all(OIDC_PATH, { config: { rateLimit: false } }, handOver);
    mounted.all(`${OIDC_PATH}/*`, { config: { rateLimit: false } }, handOver);
  });
}
