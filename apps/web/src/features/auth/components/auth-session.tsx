import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import { setSessionProvider, storedSession } from '../../../lib/oidc-session.ts';
import { whenSettled } from '../../../lib/when-settled.ts';
import { useGetAuthConfigQuery } from '../api/auth-config-api.ts';
import {
  selectAuthStatus,
  sessionAbsent,
  sessionEnded,
  sessionLost,
  sessionRestored,
  signedIn,
} from '../auth-slice.ts';
import { useSecurity } from './security.tsx';

/**
 * How long before the token expires oidc-client-ts is loaded to renew it: the library renews
 * 60 s before expiry, and needs its code and its first run before that.
 */
const RENEW_AHEAD_MS = 120_000;

/**
 * Follows the sign-in session: reads the stored one once the provider is known, renews the
 * token before it expires (refresh token), and when the session is lost (the API refuses the
 * token, or it expires without renewal) clears the stored user; the protected screens then
 * return the browser to the landing page, which says so and offers to sign in again.
 */
export function AuthSession() {
  const { data: config } = useGetAuthConfigQuery();
  const { loadUserManager } = useSecurity();
  const status = useAppSelector(selectAuthStatus);
  const dispatch = useAppDispatch();
  const location = useLocation();
  const here = location.pathname + location.search + location.hash;

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
  }, [config, loadUserManager, dispatch]);

  useEffect(() => {
    if (!config || status !== 'signedIn') return;
    let active = true;
    let unsubscribe: (() => void)[] = [];
    // The library renews the token shortly before it expires, and nothing else needs it while
    // signed in (no session monitor): loaded when the token nears its end, at an idle moment,
    // not while an interview's first screen and first answers have the main thread (F-01,
    // F-05). A token already that near loads it at once.
    const session = storedSession();
    const untilRenewal = session ? session.expiresAt - RENEW_AHEAD_MS - Date.now() : 0;
    const wait = whenSettled(Math.max(0, untilRenewal));
    void wait.promise
      .then(() => (active ? loadUserManager(config) : null))
      .then((manager) => {
        if (!active || !manager) return;
        const lose = () => {
          dispatch(sessionLost());
        };
        unsubscribe = [
          manager.events.addUserLoaded(() => {
            dispatch(signedIn());
          }),
          manager.events.addAccessTokenExpired(lose),
          manager.events.addSilentRenewError(lose),
        ];
      });
    return () => {
      active = false;
      wait.cancel();
      unsubscribe.forEach((remove) => remove());
    };
  }, [config, loadUserManager, status, dispatch]);

  useEffect(() => {
    if (!config || status !== 'ending') return;
    const end = () => dispatch(sessionEnded({ resumePath: here }));
    loadUserManager(config)
      .then((manager) => manager.removeUser())
      .then(end, end);
  }, [config, loadUserManager, status, here, dispatch]);

  return null;
}
