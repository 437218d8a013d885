import {
  createRemoteJWKSet,
  errors as joseErrors,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
  type ProtectedHeaderParameters,
} from 'jose';

/** Asymmetric algorithms only: `none` and shared-secret HS* never verify an access token. */
const ACCEPTED_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
];

/** How far in the future a token's `iat` may lie: clocks of issuer and server differ a little. */
const MAX_CLOCK_SKEW_SECONDS = 60;

/** The token is not an acceptable access token (answer 401). */
export class InvalidTokenError extends Error {}
/** The issuer's keys cannot be fetched (answer 503: the token may well be good). */
export class KeysUnavailableError extends Error {}

export interface TokenVerifierOptions {
  issuer: string;
  audience: string;
  /** The issuer's keys; by default its JWKS fetched over HTTPS, cached, refreshed on an unknown kid. */
  keys?: JWTVerifyGetKey;
  /** Only `typ: at+jwt` (RFC 9068) tokens; external issuers often type access tokens plain `JWT`. */
  strictType: boolean;
}

export type TokenVerifier = (token: string) => Promise<JWTPayload & { sub: string }>;

/**
 * Verifies bearer access tokens: signature against the issuer's keys, algorithm allowlist,
 * issuer, audience, expiry, not-before, an issue time not in the future beyond
 * MAX_CLOCK_SKEW_SECONDS, and that it is an access token (an ID token,
 * meant for the browser, is refused).
 */
export function createTokenVerifier(options: TokenVerifierOptions): TokenVerifier {
  const keys = options.keys ?? discoveredKeys(options.issuer);
  return async (token) => {
    let payload: JWTPayload;
    let header: ProtectedHeaderParameters;
    try {
      ({ payload, protectedHeader: header } = await jwtVerify(token, keys, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: ACCEPTED_ALGORITHMS,
        requiredClaims: ['exp', 'sub'],
        clockTolerance: 5,
      }));
    } catch (error) {
      if (error instanceof joseErrors.JWKSTimeout || error instanceof KeysUnavailableError) {
        throw new KeysUnavailableError('The issuer keys cannot be fetched', { cause: error });
      }
      if (error instanceof joseErrors.JOSEError)
        throw new InvalidTokenError(error.code, { cause: error });
      throw new KeysUnavailableError('The issuer keys cannot be fetched', { cause: error });
    }
    if (!isAccessToken(header, payload, options.strictType))
      throw new InvalidTokenError('not an access token');
    // jose checks iat only against a maximum age: a token issued in the future is a forgery or a broken clock.
    if (
      typeof payload.iat === 'number' &&
      payload.iat > Date.now() / 1000 + MAX_CLOCK_SKEW_SECONDS
    ) {
      throw new InvalidTokenError('issued in the future');
    }
    return payload as JWTPayload & { sub: string };
  };
}

function isAccessToken(
  header: ProtectedHeaderParameters,
  payload: JWTPayload,
  strict: boolean,
): boolean {
  const typ = header.typ?.toLowerCase().replace(/^application\//, '');
  if (typ === 'at+jwt') return true;
  if (strict || (typ !== undefined && typ !== 'jwt')) return false;
  // Plain JWTs: refuse what only ID tokens carry (OIDC Core §2, §3.1.3.6; Keycloak's typ claim).
  return (
    !('nonce' in payload) &&
    !('at_hash' in payload) &&
    !('c_hash' in payload) &&
    payload.typ !== 'ID'
  );
}

/** The issuer's JWKS, its address read from the issuer's discovery document on first use. */
function discoveredKeys(issuer: string): JWTVerifyGetKey {
  let keys: Promise<JWTVerifyGetKey> | undefined;
  const load = async (): Promise<JWTVerifyGetKey> => {
    const response = await fetch(`${issuer}/.well-known/openid-configuration`, {
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) throw new KeysUnavailableError(`discovery answered ${response.status}`);
    const { jwks_uri: jwksUri } = (await response.json()) as { jwks_uri?: string };
    if (!jwksUri) throw new KeysUnavailableError('discovery has no jwks_uri');
    return createRemoteJWKSet(new URL(jwksUri), {
      timeoutDuration: 5000,
      cooldownDuration: 30_000,
      cacheMaxAge: 600_000,
    });
  };
  return async (header, token) => {
    keys ??= load().catch((error: unknown) => {
      // Try the discovery again on the next token rather than failing forever.
      keys = undefined;
      throw error instanceof KeysUnavailableError
        ? error
        : new KeysUnavailableError('discovery failed', { cause: error });
    });
    return (await keys)(header, token);
  };
}
