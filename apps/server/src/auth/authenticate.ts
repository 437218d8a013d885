import type { Language, Role } from '@vmer/domain';
import { SCREEN_ROLES, type Screen } from '@vmer/domain/screens';
import { API_DOCS_PATH, API_PREFIX } from '@vmer/domain/api';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { JWTPayload } from 'jose';
import { HttpError } from '../http/errors.ts';
import { identityFromClaims, type ClaimSettings } from './claims.ts';
import { cachedVerifier } from './token-cache.ts';
import { rowLanguage, type UserDirectory } from './user-directory.ts';
import type { TokenIdentity } from './users-repository.ts';
import { InvalidTokenError, KeysUnavailableError, type TokenVerifier } from './verify-token.ts';

/** The signed-in caller, set by the auth hook on every route that is not public. */
export interface AuthUser {
  /** The OpenID Connect subject. */
  subject: string;
  /** The sign-in name (`preferred_username`, else e-mail, else subject). */
  userName: string;
  /** The person's name as the issuer gives it. */
  displayName: string;
  role: Role;
  /** Insurer codes the caller may work for; every tenant query filters by them. */
  insurers: string[];
  language: Language;
}

/** A calling system with a client-credentials token (no person behind it). */
export interface AuthClient {
  clientId: string;
  scopes: string[];
  /** Insurer codes the client may act for (its token's `insurers` claim). */
  insurers: string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The signed-in person. Set on every route that is not `config: { public: true }`, except
     * when a route's `clientScope` let a calling system in: then `client` is set instead.
     */
    user: AuthUser;
    client: AuthClient | undefined;
  }
  interface FastifyContextConfig {
    /** The route answers without a bearer token (health, ready, auth config). */
    public?: boolean;
    /** The route also takes client-credentials tokens holding this scope (sets request.client). */
    clientScope?: string;
  }
}

export interface AuthenticateOptions {
  verify: TokenVerifier;
  users: UserDirectory;
  realm: string;
  /** Which claims carry the user name, roles and insurers, and what groups grant (N-06). */
  claims: ClaimSettings;
}

const BEARER = /^Bearer ([A-Za-z0-9\-_.~+/]+=*)$/;
/** Verified tokens remembered at once: about a kilobyte each. */
const TOKEN_CACHE_MAX = 10_000;

/**
 * Authentication as a hook, not as lines in handlers (design §9.5): every /api route
 * needs a valid bearer access token unless its config says `public: true`.
 */
export const authenticate = fp(
  async (app: FastifyInstance, options: AuthenticateOptions) => {
    app.decorateRequest('user', undefined as unknown as AuthUser);
    app.decorateRequest('client', undefined);
    const verify = cachedVerifier(options.verify, { max: TOKEN_CACHE_MAX });
    // The identity a token's claims give, read once per claims object: the verifier's cache
    // answers a token's later requests with the same (frozen) object.
    const identities = new WeakMap<JWTPayload, TokenIdentity>();
    const identityOf = (payload: JWTPayload & { sub: string }): TokenIdentity => {
      let identity = identities.get(payload);
      if (identity === undefined) {
        identity = identityFromClaims(payload, options.claims);
        identities.set(payload, identity);
      }
      return identity;
    };
    const challenge = (error?: string) =>
      error
        ? `Bearer realm="${options.realm}", error="${error}"`
        : `Bearer realm="${options.realm}"`;

    app.addHook('onRequest', async (request: FastifyRequest) => {
      const route = request.routeOptions;
      if (
        !route.url?.startsWith(`${API_PREFIX}/`) ||
        route.config.public ||
        route.url.startsWith(API_DOCS_PATH)
      )
        return;

      const match = BEARER.exec(request.headers.authorization ?? '');
      if (!match?.[1])
        throw new HttpError(401, 'unauthorized', undefined, { 'www-authenticate': challenge() });
      let payload;
      try {
        payload = await verify(match[1]);
      } catch (error) {
        if (error instanceof InvalidTokenError) {
          request.log.info({ reason: error.message }, 'access token refused');
          throw new HttpError(401, 'unauthorized', undefined, {
            'www-authenticate': challenge('invalid_token'),
          });
        }
        if (error instanceof KeysUnavailableError) {
          request.log.error({ err: error }, 'issuer keys unavailable');
          throw new HttpError(503, 'service_unavailable');
        }
        throw error;
      }
      if (isClientToken(payload)) {
        const scopes = typeof payload.scope === 'string' ? payload.scope.split(' ') : [];
        if (!route.config.clientScope || !scopes.includes(route.config.clientScope))
          throw new HttpError(403, 'forbidden');
        request.client = {
          clientId: payload.client_id as string,
          scopes,
          insurers: identityFromClaims(payload, options.claims).insurers ?? [],
        };
        return;
      }
      // Role and insurers are the users table's: a token's claims never raise them.
      const row = await options.users.resolve(identityOf(payload));
      if (!row) {
        request.log.info({ reason: 'user deleted or deactivated' }, 'access token refused');
        throw new HttpError(401, 'unauthorized', undefined, {
          'www-authenticate': challenge('invalid_token'),
        });
      }
      const role = row.role as Role | null;
      if (!role) throw new HttpError(403, 'no_role');
      request.user = {
        subject: row.subject,
        userName: row.user_name,
        displayName: row.display_name,
        role,
        insurers: row.insurers,
        language: rowLanguage(row),
      };
    });
  },
  { name: 'authenticate' },
);

/** Client-credentials tokens name the client as subject (RFC 9068 §2.2); Entra ID marks them idtyp=app. */
function isClientToken(payload: JWTPayload): boolean {
  return (
    (typeof payload.client_id === 'string' && payload.sub === payload.client_id) ||
    payload.idtyp === 'app'
  );
}

/**
 * A preHandler refusing callers whose role may not use the screen these routes serve (403):
 * the roles are the domain's SCREEN_ROLES, which the web app's menu and route guard read too.
 * @example app.get('/x', { preHandler: requireScreen('users') }, handler)
 */
export function requireScreen(screen: Screen): preHandlerAsyncHookHandler {
  const roles: readonly Role[] = SCREEN_ROLES[screen];
  return async (request) => {
    if (!request.user || !roles.includes(request.user.role)) throw new HttpError(403, 'forbidden');
  };
}
