import type { UserManager } from 'oidc-client-ts';
import type { AuthConfig } from '../../lib/oidc-session.ts';

/** oidc-client-ts, loaded on first need: signing in or out, a callback, or a session to renew. */
export async function loadUserManager(config: AuthConfig): Promise<UserManager> {
  const { userManagerFor } = await import('../../lib/oidc.ts');
  return userManagerFor(config);
}
