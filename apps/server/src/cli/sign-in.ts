import { createHash, randomBytes } from 'node:crypto';
import { apiPath, endpoints } from '@vmer/domain/api';

export interface SignInOptions {
  /** The server's address, e.g. http://localhost:3000. */
  url: string;
  user: string;
  password: string;
}

/** The sign-in was refused or could not be completed; the message says why. */
export class SignInError extends Error {}

/** fetch without following redirects, keeping cookies between calls like a browser. */
export type CookieFetch = (url: string, init?: RequestInit) => Promise<Response>;

export function cookieFetch(): CookieFetch {
  const jar = new Map<string, string>();
  return async (url, init = {}) => {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string> | undefined),
        ...(cookie ? { cookie } : {}),
      },
    });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = setCookie.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const expired = attributes.some(
        (a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=.*1970/i.test(a),
      );
      if (expired) jar.delete(name);
      else jar.set(name, pair.slice(index + 1).trim());
    }
    return response;
  };
}

/** A started authorization request: where to send the browser, and what the callback needs. */
export interface Authorization {
  authorizeUrl: string;
  tokenEndpoint: string;
  endSessionEndpoint: string;
  clientId: string;
  redirectUri: string;
  state: string;
  verifier: string;
}

/** Reads the server's sign-in settings and builds a code + PKCE authorization request. */
export async function beginAuthorization(
  url: string,
  extraParams: Record<string, string> = {},
): Promise<Authorization> {
  const base = url.replace(/\/+$/, '');
  const json = async <T>(response: Response, what: string): Promise<T> => {
    if (!response.ok) throw new SignInError(`${what} answered ${response.status}`);
    return (await response.json()) as T;
  };
  const config = (
    await json<{ body: { authority: string; clientId: string; scope: string } }>(
      await fetch(`${base}${apiPath(endpoints.authConfig)}`),
      `GET ${apiPath(endpoints.authConfig)}`,
    )
  ).body;
  const discovery = await json<{
    authorization_endpoint: string;
    token_endpoint: string;
    end_session_endpoint: string;
  }>(await fetch(`${config.authority}/.well-known/openid-configuration`), 'the discovery document');
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
    ...extraParams,
  }).toString();
  return {
    authorizeUrl: authorize.href,
    tokenEndpoint: discovery.token_endpoint,
    endSessionEndpoint: discovery.end_session_endpoint,
    clientId: config.clientId,
    redirectUri,
    state,
    verifier,
  };
}

/** The token endpoint's answer to the code exchange. */
export interface TokenSet {
  access_token: string;
  id_token: string;
  refresh_token?: string;
  expires_in: number;
}

/** Exchanges the code of the callback URL for tokens, checking the state. */
export async function finishAuthorization(
  authorization: Authorization,
  callbackUrl: string,
): Promise<TokenSet> {
  const callback = new URL(callbackUrl);
  if (callback.searchParams.get('error')) {
    throw new SignInError(
      `sign-in failed: ${callback.searchParams.get('error_description') ?? callback.searchParams.get('error')}`,
    );
  }
  if (callback.searchParams.get('state') !== authorization.state)
    throw new SignInError('sign-in failed: state mismatch');
  const code = callback.searchParams.get('code');
  if (!code) throw new SignInError('sign-in failed: no code');
  const response = await fetch(authorization.tokenEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: authorization.clientId,
      code,
      redirect_uri: authorization.redirectUri,
      code_verifier: authorization.verifier,
    }).toString(),
  });
  const body = (await response.json()) as Partial<TokenSet> & {
    error?: string;
    error_description?: string;
  };
  if (!response.ok || !body.access_token || !body.id_token) {
    throw new SignInError(
      `token request failed: ${body.error_description ?? body.error ?? response.status}`,
    );
  }
  return body as TokenSet;
}

/**
 * Signs in to a running server's embedded provider exactly as the browser does
 * (authorization code + PKCE over HTTP, design §2) and returns the tokens.
 */
export async function signInForTokens(
  options: SignInOptions,
  browser: CookieFetch = cookieFetch(),
): Promise<TokenSet> {
  const authorization = await beginAuthorization(options.url);
  // Follow the provider's redirects to its sign-in page, post the form, and follow on to the callback.
  let response = await browser(authorization.authorizeUrl);
  let current = authorization.authorizeUrl;
  let submitted = false;
  for (let hop = 0; hop < 10; hop += 1) {
    const location = response.headers.get('location');
    if (location) {
      current = new URL(location, current).href;
      if (current.startsWith(authorization.redirectUri))
        return finishAuthorization(authorization, current);
      response = await browser(current);
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
    current = new URL(action.replace(/&amp;/g, '&'), current).href;
    response = await browser(current, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: options.user, password: options.password }).toString(),
    });
  }
  throw new SignInError('sign-in failed: too many redirects');
}

/** Signs in as the browser does and returns only the access token (token CLI, catalogue tool, tests). */
export async function signIn(options: SignInOptions): Promise<string> {
  return (await signInForTokens(options)).access_token;
}
