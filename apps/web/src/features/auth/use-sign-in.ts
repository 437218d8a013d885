import { useCallback } from 'react';
import { useAppDispatch } from '../../app/hooks.ts';
import {
  errorReported,
  longOperationEnded,
  longOperationStarted,
} from '../../lib/feedback-events.ts';
import type { SignInState } from '../../lib/oidc-session.ts';
import { useGetAuthConfigQuery } from './api/auth-config-api.ts';
import { useSecurity } from './components/security.tsx';

/** Starts sign-in at the identity provider (code + PKCE), coming back to `returnTo` afterwards. */
export function useSignIn(): { ready: boolean; signIn: (returnTo: string) => void } {
  const { data: config } = useGetAuthConfigQuery();
  const { loadUserManager } = useSecurity();
  const dispatch = useAppDispatch();
  const signIn = useCallback(
    (returnTo: string) => {
      if (!config) return;
      const state: SignInState = { returnTo };
      dispatch(longOperationStarted());
      loadUserManager(config)
        .then((manager) => manager.signinRedirect({ state }))
        .catch((error: unknown) => {
          dispatch(longOperationEnded());
          dispatch(errorReported(error instanceof Error ? error.message : String(error)));
        });
    },
    [config, loadUserManager, dispatch],
  );
  return { ready: config !== undefined, signIn };
}
