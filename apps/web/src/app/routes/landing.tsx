import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../hooks.ts';
import { FullScreenSpinner } from '../../components/full-screen-spinner.tsx';
import { paths } from '../../config/paths.ts';
import { selectAuthStatus } from '../../features/auth/auth-slice.ts';
import { SignInCard } from '../../features/auth/components/sign-in-card.tsx';

/** / (requirements §2): the sign-in landing page, or /home for a signed-in user. */
export function Component() {
  const status = useAppSelector(selectAuthStatus);
  const { t } = useTranslation();
  if (status === 'signedIn') return <Navigate to={paths.home} replace />;
  if (status === 'unknown' || status === 'ending')
    return <FullScreenSpinner open label={t('common.loading')} />;
  return <SignInCard />;
}
