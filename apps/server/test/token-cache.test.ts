import type { JWTPayload } from 'jose';
import { describe, expect, it } from 'vitest';
import { cachedVerifier } from '../src/auth/token-cache.ts';
import { InvalidTokenError, type TokenVerifier } from '../src/auth/verify-token.ts';

/** A verifier that accepts `ok-<exp seconds>` tokens and counts its calls; the clock is set by hand. */
function fixture(max = 10) {
  let clock = 1_000_000;
  const calls: string[] = [];
  let refuseNext = false;
  const verify: TokenVerifier = async (token) => {
    calls.push(token);
    if (refuseNext) {
      refuseNext = false;
      throw new InvalidTokenError('refused');
    }
    const match = /^ok-(\d+)$/.exec(token);
    if (!match || Number(match[1]) * 1000 <= clock)
      throw new InvalidTokenError('expired or unknown');
    return { sub: 'uw1', exp: Number(match[1]) } as JWTPayload & { sub: string };
  };
  return {
    cached: cachedVerifier(verify, { max, now: () => clock }),
    calls,
    setClock: (ms: number) => (clock = ms),
    refuseNext: () => (refuseNext = true),
  };
}

describe('the verified-token cache', () => {
  it('verifies a token once, then answers its claims until its exp, then verifies it again', async () => {
    const f = fixture();
    await expect(f.cached('ok-2000')).resolves.toMatchObject({ sub: 'uw1', exp: 2000 });
    await expect(f.cached('ok-2000')).resolves.toMatchObject({ sub: 'uw1' });
    expect(f.calls).toEqual(['ok-2000']);
    f.setClock(2_000_000);
    await expect(f.cached('ok-2000')).rejects.toBeInstanceOf(InvalidTokenError);
    expect(f.calls).toEqual(['ok-2000', 'ok-2000']);
  });

  it('never remembers a refusal', async () => {
    const f = fixture();
    f.refuseNext();
    await expect(f.cached('ok-2000')).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(f.cached('ok-2000')).resolves.toMatchObject({ sub: 'uw1' });
    await expect(f.cached('bad')).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(f.cached('bad')).rejects.toBeInstanceOf(InvalidTokenError);
    expect(f.calls).toEqual(['ok-2000', 'ok-2000', 'bad', 'bad']);
  });

  it('holds at most its bound, dropping the oldest entry first', async () => {
    const f = fixture(2);
    for (const token of ['ok-3001', 'ok-3002', 'ok-3003']) await f.cached(token);
    await f.cached('ok-3003');
    await f.cached('ok-3002');
    expect(f.calls).toEqual(['ok-3001', 'ok-3002', 'ok-3003']);
    await f.cached('ok-3001');
    expect(f.calls).toEqual(['ok-3001', 'ok-3002', 'ok-3003', 'ok-3001']);
  });

  it('hands out claims that cannot be changed', async () => {
    const f = fixture();
    const claims = await f.cached('ok-2000');
    expect(() => Object.assign(claims, { role: 'admin' })).toThrow(TypeError);
  });
});
