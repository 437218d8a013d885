import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks.ts';
import { FullScreenSpinner } from '../../../components/full-screen-spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { selectAuthStatus, selectResumePath } from '../auth-slice.ts';
import { useSignIn } from '../use-sign-in.ts';

/**
 * Guards the protected routes (requirements §6): an anonymous visitor is sent to the identity provider
 * and comes back to the path first asked for. After a lost session the landing page says so
 * first, rather than sending the user off to the provider unasked.
 */
export function RequireAuth() {
  const status = useAppSelector(selectAuthStatus);
  const resumePath = useAppSelector(selectResumePath);
  const { ready, signIn } = useSignIn();
  const location = useLocation();
  const { t } = useTranslation();
  const returnTo = location.pathname + location.search + location.hash;
  const sessionLost = resumePath !== null;

  useEffect(() => {
    if (status === 'anonymous' && !sessionLost && ready) signIn(returnTo);
  }, [status, sessionLost, ready, signIn, returnTo]);

  if (status === 'anonymous' && sessionLost) return <Navigate to={paths.landing} replace />;
  if (status !== 'signedIn') return <FullScreenSpinner open label={t('auth.signingIn')} />;
  return <Outlet />;
}
