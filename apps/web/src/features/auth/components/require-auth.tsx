import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks.ts';
import { FullScreenSpinner } from '../../../components/full-screen-spinner.tsx';
import { selectAuthStatus } from '../auth-slice.ts';
import { useSignIn } from '../use-sign-in.ts';

/**
 * Guards the protected routes (spec §6): an anonymous visitor is sent to the identity provider
 * and comes back to the path first asked for.
 */
export function RequireAuth() {
  const status = useAppSelector(selectAuthStatus);
  const { ready, signIn } = useSignIn();
  const location = useLocation();
  const { t } = useTranslation();
  const returnTo = location.pathname + location.search + location.hash;

  useEffect(() => {
    if (status === 'anonymous' && ready) signIn(returnTo);
  }, [status, ready, signIn, returnTo]);

  if (status !== 'signedIn') return <FullScreenSpinner open label={t('auth.signingIn')} />;
  return <Outlet />;
}
