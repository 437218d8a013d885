import { hash } from 'node:crypto';
import type { TokenVerifier } from './verify-token.ts';

export interface TokenCacheOptions {
  /** The most tokens held; the oldest entry goes first when it is full. */
  max: number;
  /** The clock, in milliseconds (tests move it). */
  now?: () => number;
}

type Claims = Awaited<ReturnType<TokenVerifier>>;

/**
 * Remembers the claims of tokens that verified, so a caller's next requests skip the
 * signature check (an RSA verification is most of an API call's CPU time). The key is the
 * token's sha256, so the cache holds no bearer token; an entry is dropped at the token's
 * `exp`, and a token that failed is never remembered: a tampered copy has another hash and
 * is verified in full.
 */
export function cachedVerifier(verify: TokenVerifier, options: TokenCacheOptions): TokenVerifier {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { claims: Claims; expiresAt: number }>();
  return async (token) => {
    // One-shot: the digest a Hash object gives, without making one at every request.
    const key = hash('sha256', token, 'base64url');
    const cached = entries.get(key);
    if (cached) {
      if (cached.expiresAt > now()) return cached.claims;
      entries.delete(key);
    }
    const claims = Object.freeze(await verify(token));
    // The verifier requires exp; a token without one is refused before it gets here.
    const expiresAt = (claims.exp ?? 0) * 1000;
    if (expiresAt > now()) {
      if (entries.size >= options.max) entries.delete(entries.keys().next().value!);
      entries.set(key, { claims, expiresAt });
    }
    return claims;
  };
}
