import { createHash, randomBytes } from 'node:crypto';

export interface SignInOptions {
  /** The server's address, e.g. http://localhost:3000. */
  url: string;
  user: string;
  password: string;
}

/** The sign-in was refused or could not be completed; the message says why. */
export class SignInError extends Error {}

/**
 * Signs in to a running server's embedded provider exactly as the browser does
 * (authorization code + PKCE over HTTP, DESIGN.md §2) and returns the access token.
 * Used by `npm run token`, the catalogue tool and the tests.
 */
export async function signIn(options: SignInOptions): Promise<string> {
  const base = options.url.replace(/\/+$/, '');
  const jar = new Map<string, string>();
  const call = async (url: string, init: RequestInit = {}): Promise<Response> => {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = setCookie.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=.*1970/i.test(a));
      if (expired) jar.delete(name);
      else jar.set(name, pair.slice(index + 1).trim());
    }
    return response;
  };
  const json = async <T>(response: Response, what: string): Promise<T> => {
    if (!response.ok) throw new SignInError(`${what} answered ${response.status}`);
    return (await response.json()) as T;
  };

  const config = (await json<{ body: { authority: string; clientId: string; scope: string } }>(
    await call(`${base}/api/auth/config`),
    'GET /api/auth/config',
  )).body;
  const discovery = await json<{ authorization_endpoint: string; token_endpoint: string }>(
    await call(`${config.authority}/.well-known/openid-configuration`),
    'the discovery document',
  );

  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(16).toString('base64url');
  const redirectUri = `${base}/login/callback`;
  const authorize = new URL(discovery.authorization_endpoint);
  authorize.search = new URLSearchParams({
    client_id: config.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: config.scope,
    state,
    nonce: randomBytes(16).toString('base64url'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();

  // Follow the provider's redirects to its sign-in page, post the form, and follow on to the callback.
  let response = await call(authorize.href);
  let submitted = false;
  for (let hop = 0; hop < 10; hop += 1) {
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, response.url || authorize.href);
      if (next.href.startsWith(redirectUri)) {
        if (next.searchParams.get('error')) {
          throw new SignInError(`sign-in failed: ${next.searchParams.get('error_description') ?? next.searchParams.get('error')}`);
        }
        if (next.searchParams.get('state') !== state) throw new SignInError('sign-in failed: state mismatch');
        const code = next.searchParams.get('code');
        if (!code) throw new SignInError('sign-in failed: no code');
        return exchangeCode(discovery.token_endpoint, config.clientId, code, redirectUri, verifier);
      }
      response = await call(next.href);
      continue;
    }
    const page = await response.text();
    if (submitted || response.status !== 200) {
      const alert = /role="alert">([^<]*)</.exec(page)?.[1];
      throw new SignInError(alert ?? `sign-in failed: the provider answered ${response.status}`);
    }
    const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1];
    if (!action) throw new SignInError('sign-in failed: no sign-in form');
    submitted = true;
    response = await call(new URL(action.replace(/&amp;/g, '&'), authorize.href).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: options.user, password: options.password }).toString(),
    });
  }
  throw new SignInError('sign-in failed: too many redirects');
}

async function exchangeCode(
  tokenEndpoint: string,
  clientId: string,
  code: string,
  redirectUri: string,
  verifier: string,
): Promise<string> {
  const response = await fetch(tokenEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: clientId,
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    }).toString(),
  });
  const body = (await response.json()) as { access_token?: string; error?: string; error_description?: string };
  if (!response.ok || !body.access_token) {
    throw new SignInError(`token request failed: ${body.error_description ?? body.error ?? response.status}`);
  }
  return body.access_token;
}
