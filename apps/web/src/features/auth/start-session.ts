import type { AppDispatch } from '../../app/store.ts';
import { setSessionProvider, storedSession } from '../../lib/oidc-session.ts';
import { authConfigApi } from './api/auth-config-api.ts';
import { sessionRestored } from './auth-slice.ts';
import { embeddedAuthConfig } from './embedded-auth-config.ts';

/**
 * As the app starts: the provider from the page and, with a valid stored session, signed in at
 * once, so that the first screen renders signed in and its calls start with the app, not after
 * a call for the auth config (requirements F-01). Without the page's copy (the dev server),
 * {@link AuthSession} does the same once the API has answered.
 */
export function startSession(dispatch: AppDispatch): void {
  void dispatch(authConfigApi.endpoints.getAuthConfig.initiate(undefined, { subscribe: false }));
  const config = embeddedAuthConfig();
  if (!config) return;
  setSessionProvider(config);
  const session = storedSession();
  if (session && !session.expired) dispatch(sessionRestored());
}
