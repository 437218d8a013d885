/**
 * Whether the identity provider answers, for `/api/ready` (requirements N-15). The embedded
 * provider runs in this process: it is up once mounted. An external issuer is up when its
 * discovery document and the key set it names answer within a short time; the answer is kept
 * a few seconds, so load balancers polling every replica do not poll the issuer as often.
 */
export interface IdentityProviderProbe {
  ping(): Promise<boolean>;
}

/** How long each of the two fetches may take. */
const PROBE_TIMEOUT_MS = 2000;
/** How long an answer is kept. */
const PROBE_CACHE_MS = 5000;

export const embeddedProviderProbe: IdentityProviderProbe = { ping: async () => true };

export function externalIssuerProbe(issuer: string): IdentityProviderProbe {
  let cached: { up: boolean; at: number } | undefined;
  let pending: Promise<boolean> | undefined;

  const probe = async (): Promise<boolean> => {
    try {
      const discovery = await fetch(`${issuer}/.well-known/openid-configuration`, {
        signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
      });
      if (!discovery.ok) return false;
      const { jwks_uri: jwksUri } = (await discovery.json()) as { jwks_uri?: unknown };
      if (typeof jwksUri !== 'string') return false;
      const jwks = await fetch(jwksUri, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
      if (!jwks.ok) return false;
      const { keys } = (await jwks.json()) as { keys?: unknown };
      return Array.isArray(keys);
    } catch {
      return false;
    }
  };

  return {
    ping() {
      if (cached && Date.now() - cached.at < PROBE_CACHE_MS) return Promise.resolve(cached.up);
      pending ??= probe().then((up) => {
        cached = { up, at: Date.now() };
        pending = undefined;
        return up;
      });
      return pending;
    },
  };
}
