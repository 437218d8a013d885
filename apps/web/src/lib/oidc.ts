import { UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { paths } from '../config/paths.ts';
import { appUrl } from './base-path.ts';
import type { AuthConfig } from './oidc-session.ts';

/** The version of oidc-client-ts this page runs, checked against the supported minimum. */
export { Version as oidcClientVersion } from 'oidc-client-ts';

let manager: UserManager | null = null;

/**
 * The one UserManager of the page, created from the runtime configuration (no rebuild per
 * deployment). Code + PKCE; the user is stored in localStorage (read by lib/oidc-session.ts),
 * so /logout/callback's clearing of localStorage ends the session. Renewal uses the refresh
 * token only: no silent_redirect_uri is configured, so oidc-client-ts never falls back to a
 * hidden iframe.
 */
export function userManagerFor(config: AuthConfig): UserManager {
  if (
    manager &&
    manager.settings.authority === config.authority &&
    manager.settings.client_id === config.clientId
  ) {
    return manager;
  }
  manager?.stopSilentRenew();
  manager = new UserManager({
    authority: config.authority,
    client_id: config.clientId,
    scope: config.scope,
    response_type: 'code',
    redirect_uri: appUrl(paths.loginCallback).href,
    post_logout_redirect_uri: appUrl(paths.logoutCallback).href,
    userStore: new WebStorageStateStore({ store: window.localStorage }),
    stateStore: new WebStorageStateStore({ store: window.localStorage }),
    automaticSilentRenew: true,
    monitorSession: false,
    loadUserInfo: false,
  });
  return manager;
}
