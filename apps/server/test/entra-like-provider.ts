/**
 * A second OpenID Connect provider, run as its own Node process by the tests (requirements
 * N-06, N-07): it issues access tokens shaped like Microsoft Entra ID's (v2: `oid`, `tid`,
 * `preferred_username`, `groups` as object ids, `roles` as app role values, `scp`).
 *
 *   node test/entra-like-provider.ts   with ACCOUNTS='{"<sub>": { "groups": [...], ... }}'
 *
 * It listens on a free port of 127.0.0.1 and prints one line, `{"issuer": "http://…"}`, once
 * it answers. Sign-in is by code + PKCE or device authorization for the public client
 * `video-mer-spa`: the interaction signs in the account named by `login_hint`, or the one typed
 * into its form. Storage is in memory: a restart forgets everything.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';
import type { EntraAccount as Account } from './external-provider.ts';

/** The API's application id URI: the audience of every access token. */
const AUDIENCE = 'api://video-mer';
const TENANT = '72f988bf-0000-4000-8000-2d7cd011db47';
const SCOPE = 'access_as_user';

const accounts = JSON.parse(process.env.ACCOUNTS ?? '{}') as Record<string, Account>;

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>Entra-like</title></head><body>${body}</body></html>`;

const server = createServer();
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const { privateKey } = await generateKeyPair('RS256', { extractable: true });
const jwk = { ...(await exportJWK(privateKey)), kid: 'entra-like', alg: 'RS256', use: 'sig' };

const configuration: Configuration = {
  clients: [
    {
      client_id: 'video-mer-spa',
      application_type: 'native',
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'urn:ietf:params:oauth:grant-type:device_code'],
      response_types: ['code'],
      redirect_uris: ['http://127.0.0.1/callback'],
    },
  ],
  jwks: { keys: [jwk] } as Configuration['jwks'],
  cookies: { keys: ['entra-like-cookie-key'] },
  findAccount: (_ctx, sub) =>
    accounts[sub] ? { accountId: sub, claims: () => ({ sub }) } : undefined,
  features: {
    devInteractions: { enabled: false },
    deviceFlow: { enabled: true },
    resourceIndicators: {
      enabled: true,
      defaultResource: () => AUDIENCE,
      useGrantedResource: () => true,
      getResourceServerInfo: () => ({
        scope: SCOPE,
        audience: AUDIENCE,
        accessTokenFormat: 'jwt',
        jwt: { sign: { alg: 'RS256' } },
      }),
    },
  },
  extraTokenClaims: (_ctx, token) => {
    if (!('accountId' in token) || !token.accountId) return undefined;
    const account = accounts[token.accountId] ?? {};
    return { ver: '2.0', tid: TENANT, oid: token.accountId, scp: SCOPE, ...account };
  },
};

const provider = new Provider(issuer, configuration);

// The interaction: sign in the account of login_hint, or show a form asking which one.
provider.use(async (ctx, next) => {
  const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec(ctx.path);
  if (!match) return next();
  const details = await provider.interactionDetails(ctx.req, ctx.res);
  if (details.prompt.name === 'consent' && details.session) {
    // No consent screen: grant what the client asked for.
    const missing = details.prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({
          accountId: details.session.accountId,
          clientId: String(details.params.client_id),
        });
    if (!grant) throw new Error('the grant is gone');
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    for (const [resource, scopes] of Object.entries(missing.missingResourceScopes ?? {}))
      grant.addResourceScope(resource, scopes.join(' '));
    await provider.interactionFinished(
      ctx.req,
      ctx.res,
      { consent: { grantId: await grant.save() } },
      { mergeWithLastSubmission: true },
    );
    return;
  }
  let login = typeof details.params.login_hint === 'string' ? details.params.login_hint : '';
  if (match[2] && ctx.method === 'POST') {
    const body = new URLSearchParams(
      await new Promise<string>((resolve) => {
        let text = '';
        ctx.req.on('data', (chunk: Buffer) => (text += chunk.toString()));
        ctx.req.on('end', () => resolve(text));
      }),
    );
    login = body.get('login') ?? '';
  }
  if (login && accounts[login]) {
    await provider.interactionFinished(
      ctx.req,
      ctx.res,
      { login: { accountId: login } },
      { mergeWithLastSubmission: false },
    );
    return;
  }
  ctx.type = 'html';
  ctx.body = page(
    `<form method="post" action="/interaction/${escape(details.uid)}/login">` +
      `<input name="login" value="${escape(login)}"><button>Sign in</button></form>`,
  );
});

server.on('request', provider.callback());
process.stdout.write(`${JSON.stringify({ issuer })}\n`);
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
