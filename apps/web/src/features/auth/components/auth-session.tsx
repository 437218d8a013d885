import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import { paths } from '../../../config/paths.ts';
import { setSessionProvider, storedSession } from '../../../lib/oidc-session.ts';
import { useGetAuthConfigQuery } from '../api/auth-config-api.ts';
import {
  selectAuthStatus,
  sessionAbsent,
  sessionEnded,
  sessionRestored,
  signedIn,
} from '../auth-slice.ts';
import { loadUserManager } from '../load-user-manager.ts';

/**
 * Follows the sign-in session: reads the stored one once the provider is known, renews the
 * token before it expires (refresh token), and when it expires without renewal ends the
 * session and returns the browser to the landing page.
 */
export function AuthSession() {
  const { data: config } = useGetAuthConfigQuery();
  const status = useAppSelector(selectAuthStatus);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  useEffect(() => {
    if (!config) return;
    setSessionProvider(config);
    const session = storedSession();
    if (!session) {
      dispatch(sessionAbsent());
      return;
    }
    if (!session.expired) {
      dispatch(sessionRestored());
      return;
    }
    if (!session.renewable) {
      dispatch(sessionAbsent());
      return;
    }
    let active = true;
    loadUserManager(config)
      .then((manager) =>
        manager.signinSilent().catch(async () => {
          await manager.removeUser();
          return null;
        }),
      )
      .then(
        (user) => {
          if (active) dispatch(user ? sessionRestored() : sessionAbsent());
        },
        () => {
          if (active) dispatch(sessionAbsent());
        },
      );
    return () => {
      active = false;
    };
  }, [config, dispatch]);

  useEffect(() => {
    if (!config || status !== 'signedIn') return;
    let active = true;
    let unsubscribe: (() => void)[] = [];
    void loadUserManager(config).then((manager) => {
      if (!active) return;
      const endSession = () => {
        void manager.removeUser().finally(() => {
          dispatch(sessionEnded());
          void navigate(paths.landing, { replace: true });
        });
      };
      unsubscribe = [
        manager.events.addUserLoaded(() => {
          dispatch(signedIn());
        }),
        manager.events.addAccessTokenExpired(endSession),
        manager.events.addSilentRenewError(endSession),
      ];
    });
    return () => {
      active = false;
      unsubscribe.forEach((remove) => remove());
    };
  }, [config, status, dispatch, navigate]);

  return null;
}
