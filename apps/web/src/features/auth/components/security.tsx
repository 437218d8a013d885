import { createContext, use, useMemo, useState, type ReactNode } from 'react';
import Typography from '@mui/material/Typography';
import type { UserManager } from 'oidc-client-ts';
import type { AuthConfig } from '../../../lib/oidc-session.ts';
import { MIN_OIDC_CLIENT_VERSION, isSupportedOidcClient } from '../oidc-client-version.ts';

/** A loaded oidc-client-ts: the page's UserManager and the library's version. */
export interface LoadedUserManager {
  manager: UserManager;
  version: string;
}

/** Loads oidc-client-ts on first need and gives the UserManager for the runtime configuration. */
export type UserManagerLoader = (config: AuthConfig) => Promise<LoadedUserManager>;

interface SecurityValue {
  loadUserManager: (config: AuthConfig) => Promise<UserManager>;
  /** Takes the browser back to the in-app path first asked for, once sign-in has completed. */
  restoreOriginalUri: (path: string) => void;
}

const SecurityContext = createContext<SecurityValue | null>(null);

// The set-up errors of requirements §8, worded as the Okta wrapper the requirements describes words them.
const NO_USER_MANAGER = 'Error: No oktaAuth instance passed to Security Component.';
const NO_RESTORE_ORIGINAL_URI = 'No restoreOriginalUri callback passed to Security Component.';
function incompatibleOidcClient(version: string): string {
  return `Passed in oidc-client-ts ${version} is not compatible with the SDK, minimum supported oidc-client-ts version is ${MIN_OIDC_CLIENT_VERSION}.`;
}

/**
 * The sign-in wrapper around the app (the requirements' "Security Component", here on oidc-client-ts):
 * gives the screens below it the user manager and the way back after sign-in. Set up without
 * either, or with an oidc-client-ts older than the supported minimum (checked when the library
 * loads, on first need), it shows what is wrong instead of the app.
 */
export function Security({
  userManager,
  restoreOriginalUri,
  children,
}: {
  userManager?: UserManagerLoader;
  restoreOriginalUri?: (path: string) => void;
  children: ReactNode;
}) {
  const [incompatibleVersion, setIncompatibleVersion] = useState<string | null>(null);
  const loadUserManager = useMemo(
    () =>
      userManager &&
      (async (config: AuthConfig) => {
        const { manager, version } = await userManager(config);
        if (!isSupportedOidcClient(version)) {
          setIncompatibleVersion(version);
          throw new Error(incompatibleOidcClient(version));
        }
        return manager;
      }),
    [userManager],
  );
  const value = useMemo(
    () => loadUserManager && restoreOriginalUri && { loadUserManager, restoreOriginalUri },
    [loadUserManager, restoreOriginalUri],
  );
  const problem = !userManager
    ? NO_USER_MANAGER
    : !restoreOriginalUri
      ? NO_RESTORE_ORIGINAL_URI
      : incompatibleVersion !== null
        ? incompatibleOidcClient(incompatibleVersion)
        : null;
  if (problem || !value) {
    return (
      <Typography role="alert" sx={{ p: 3 }} data-testid="security-error">
        {problem}
      </Typography>
    );
  }
  return <SecurityContext value={value}>{children}</SecurityContext>;
}

/** The user manager and the way back after sign-in, from the enclosing {@link Security}. */
export function useSecurity(): SecurityValue {
  const value = use(SecurityContext);
  if (!value) throw new Error('useSecurity is used outside <Security>');
  return value;
}
