import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../app/hooks.ts';
import { FullScreenSpinner } from '../../../components/full-screen-spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { sessionEnded } from '../auth-slice.ts';

/** /logout/callback (requirements §2): clears all local storage, then goes to the landing page. */
export function LogoutCallback() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { t } = useTranslation();
  useEffect(() => {
    window.localStorage.clear();
    dispatch(sessionEnded());
    void navigate(paths.landing, { replace: true });
  }, [dispatch, navigate]);
  return <FullScreenSpinner open label={t('auth.signingOut')} />;
}
