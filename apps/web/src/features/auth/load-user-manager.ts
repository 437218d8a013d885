import type { LoadedUserManager } from './components/security.tsx';
import type { AuthConfig } from '../../lib/oidc-session.ts';

/** oidc-client-ts, loaded on first need: signing in or out, a callback, or a session to renew. */
export async function loadUserManager(config: AuthConfig): Promise<LoadedUserManager> {
  const { userManagerFor, oidcClientVersion } = await import('../../lib/oidc.ts');
  return { manager: userManagerFor(config), version: oidcClientVersion };
}
