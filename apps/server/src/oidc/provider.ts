import { randomBytes } from 'node:crypto';
import type { Language } from '@vmer/domain';
import { CLIENT_SCOPES } from '@vmer/domain/api';
import {
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  type JSONWebKeySet,
  type JWK,
} from 'jose';
import type { Kysely } from 'kysely';
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { findUserBySubject } from '../auth/users-repository.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { languageFromHeader } from '../http/language.ts';
import { databaseAdapter } from './adapter.ts';
import {
  deviceCodePage,
  deviceConfirmPage,
  deviceDonePage,
  errorPage,
  pageBrand,
  signedOutPage,
  signOutPage,
} from './pages.ts';
import { loadOrCreateSecret } from './secrets.ts';

/** The first-party web client, a public client signing in with code + PKCE. */
export const WEB_CLIENT_ID = 'video-mer-web';
/** The device authorization grant's type (RFC 8628). */
const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';
/** The provider's mount path on this server. */
export const OIDC_PATH = '/oidc';

const SESSION_TTL = 12 * 60 * 60;
const DEMO_INTEGRATION = {
  clientId: 'demo-integration',
  secret: 'demo-secret',
  insurers: ['phkl', 'slhk', 'demo'],
};

export interface EmbeddedProvider {
  provider: Provider;
  /** The public signing keys, for verifying access tokens in-process. */
  publicJwks: JSONWebKeySet;
}

/**
 * The embedded OpenID Connect provider (design §1, §3): code + PKCE for the web app
 * with refresh tokens and no consent screen, client credentials for the demo integration,
 * JWT access tokens for the API carrying name, role and insurers. Keys and storage live in
 * the database, so tokens and sessions survive a restart.
 */
export async function createEmbeddedProvider(
  config: Config,
  db: Kysely<Database>,
): Promise<EmbeddedProvider> {
  const jwks = await loadOrCreateSecret<{ keys: JWK[] }>(db, 'oidc.jwks', async () => ({
    keys: [await newSigningKey()],
  }));
  const cookieKeys = await loadOrCreateSecret<string[]>(db, 'oidc.cookie_keys', async () => [
    randomBytes(32).toString('base64url'),
  ]);
  const { audience, accessTokenTtl } = config.auth;
  const brand = pageBrand(config);
  const secure = config.publicUrl.startsWith('https:');
  const language = (ctx: KoaContextWithOIDC): Language => {
    const uiLocales = ctx.oidc?.params?.ui_locales;
    return languageFromHeader(
      typeof uiLocales === 'string' ? uiLocales.replace(/ /g, ',') : ctx.get('accept-language'),
    );
  };

  const clients: NonNullable<Configuration['clients']>[number][] = [
    {
      client_id: WEB_CLIENT_ID,
      client_name: 'Video MER',
      token_endpoint_auth_method: 'none',
      // The device grant signs in the command-line tools (requirements N-07).
      grant_types: ['authorization_code', 'refresh_token', DEVICE_CODE_GRANT],
      response_types: ['code'],
      redirect_uris: [`${config.publicUrl}/login/callback`],
      post_logout_redirect_uris: [`${config.publicUrl}/logout/callback`],
    },
  ];
  if (!config.production) {
    clients.push({
      client_id: DEMO_INTEGRATION.clientId,
      client_secret: DEMO_INTEGRATION.secret,
      grant_types: ['client_credentials'],
      response_types: [],
      redirect_uris: [],
    });
  }

  const configuration: Configuration = {
    adapter: databaseAdapter(db),
    clients,
    jwks: jwks as Configuration['jwks'],
    cookies: {
      keys: cookieKeys,
      long: { signed: true, httpOnly: true, sameSite: 'lax', secure },
      short: { signed: true, httpOnly: true, sameSite: 'lax', secure },
    },
    scopes: ['openid', 'profile', 'offline_access'],
    claims: { openid: ['sub'], profile: ['name', 'preferred_username'] },
    // The web app reads the name from the ID token: its access token is for the API only.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    ttl: {
      AccessToken: accessTokenTtl,
      ClientCredentials: accessTokenTtl,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Session: SESSION_TTL,
      Grant: SESSION_TTL,
      RefreshToken: SESSION_TTL,
    },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      // Device authorization (RFC 8628) for the command-line tools, on the provider's own pages.
      deviceFlow: {
        enabled: true,
        userCodeInputSource: (ctx, form, _out, error) => {
          ctx.type = 'html';
          ctx.body = deviceCodePage(
            language(ctx),
            brand,
            form,
            error === undefined
              ? undefined
              : error.name === 'AbortedError'
                ? 'aborted'
                : 'wrongCode',
          );
        },
        userCodeConfirmSource: (ctx, form, _client, _deviceInfo, userCode) => {
          ctx.type = 'html';
          ctx.body = deviceConfirmPage(language(ctx), brand, form, userCode);
        },
        successSource: (ctx) => {
          ctx.type = 'html';
          ctx.body = deviceDonePage(language(ctx), brand);
        },
      },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        // The browser asks for no resource: every token is for this API.
        defaultResource: () => audience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource, client) => {
          if (resource !== audience) throw new errors.InvalidTarget();
          return {
            // Only the integration client may ask for disclosure requests and read the ones it
            // requested; people act through their role.
            scope:
              client.clientId === DEMO_INTEGRATION.clientId
                ? Object.values(CLIENT_SCOPES).join(' ')
                : '',
            audience,
            accessTokenTTL: accessTokenTtl,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.type = 'html';
          ctx.body = signOutPage(
            language(ctx),
            brand,
            form,
            ctx.oidc.client?.clientId === WEB_CLIENT_ID,
          );
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.type = 'html';
          ctx.body = signedOutPage(language(ctx), brand);
        },
      },
    },
    interactions: {
      url: (_ctx, interaction) => `${config.basePath}${OIDC_PATH}/interaction/${interaction.uid}`,
    },
    // First-party app: sign-in grants its scopes without a consent screen, offline_access included.
    loadExistingGrant: async (ctx) => {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      const existing = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      if (client.clientId !== WEB_CLIENT_ID) return existing;
      const grant =
        existing ??
        new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid profile offline_access');
      grant.addOIDCClaims(['sub', 'name', 'preferred_username']);
      grant.addResourceScope(audience, '');
      await grant.save();
      return grant;
    },
    issueRefreshToken: async (_ctx, client, code) =>
      client.clientId === WEB_CLIENT_ID &&
      client.grantTypeAllowed('refresh_token') &&
      code.scopes.has('openid'),
    findAccount: async (_ctx, subject) => {
      const user = await findUserBySubject(db, subject);
      // A deleted or deactivated user can neither sign in nor renew a session.
      if (!user?.password_hash || !user.active || (config.production && user.demo))
        return undefined;
      return {
        accountId: user.subject,
        claims: () => ({
          sub: user.subject,
          name: user.display_name,
          preferred_username: user.user_name,
        }),
      };
    },
    extraTokenClaims: async (_ctx, token) => {
      if (token.kind === 'ClientCredentials') {
        return token.clientId === DEMO_INTEGRATION.clientId
          ? { insurers: DEMO_INTEGRATION.insurers }
          : undefined;
      }
      if (!('accountId' in token) || !token.accountId) return undefined;
      const user = await findUserBySubject(db, token.accountId);
      if (!user) return undefined;
      return {
        name: user.display_name,
        preferred_username: user.user_name,
        role: user.role,
        insurers: user.insurers,
      };
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = errorPage(language(ctx), brand, out.error, out.error_description);
    },
  };

  const provider = new Provider(config.auth.issuer, configuration);
  // Koa believes X-Forwarded-* when proxy is on; with a hop count it reads only that many
  // addresses from the right of X-Forwarded-For, like Fastify.
  provider.proxy = config.trustProxy !== false;
  if (typeof config.trustProxy === 'number') provider.maxIpsCount = config.trustProxy;
  // The provider builds its addresses (discovery, redirects to its own pages) from the request's
  // origin: it is PUBLIC_URL's, never what a Host or X-Forwarded-Host header claims.
  const publicOrigin = new URL(config.publicUrl);
  provider.use(async (ctx, next) => {
    Object.defineProperties(ctx.request, {
      host: { value: publicOrigin.host },
      hostname: { value: publicOrigin.hostname },
      protocol: { value: publicOrigin.protocol.slice(0, -1) },
    });
    await next();
  });
  return {
    provider,
    publicJwks: {
      keys: jwks.keys.map(({ kty, kid, alg, use, n, e, crv, x, y }) => ({
        kty,
        kid,
        alg,
        use,
        n,
        e,
        crv,
        x,
        y,
      })),
    },
  };
}

async function newSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: 'RS256', use: 'sig' };
}
