import Button from '@mui/material/Button';
import { mayUse, screensFor, type Screen } from '@vmer/domain/screens';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, Link as RouterLink, useLocation } from 'react-router';
import { paths } from '../config/paths.ts';
import { ErrorWithAction } from '../components/error-with-action.tsx';
import { MessageCard } from '../components/message-card.tsx';
import { useGetUserInfoQuery } from '../features/user-info/api/user-info-api.ts';
import { selectRole } from '../features/user-info/user-info-slice.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { useAppSelector } from './hooks.ts';
import { PageLoading } from './layout/page-loading.tsx';
import { SCREEN_PATHS } from './screens.ts';

/**
 * What a person sees at the address of a screen their role may not use (O-01): the title, one
 * sentence, and a link to the first screen they may use.
 */
function NotAllowed() {
  const { t } = useTranslation();
  const role = useAppSelector(selectRole);
  const [first] = screensFor(role);
  useDocumentTitle(t('notAllowed.title'));
  return (
    <MessageCard
      id="not-allowed-title"
      title={t('notAllowed.title')}
      detail={first ? t('notAllowed.text') : t('notAllowed.noScreen')}
      action={
        first && (
          <Button variant="contained" component={RouterLink} to={SCREEN_PATHS[first]}>
            {t('notAllowed.goFirst', { screen: t(`nav.${first}`) })}
          </Button>
        )
      }
    />
  );
}

/**
 * Shows a screen only to the roles design §11's table lets use it (O-01); the "not allowed" page
 * in its place for anyone else. `/home`, where
 * signing in lands, moves a person without the questionnaire on to their first screen instead.
 * Until user info says who the person is, the progress bar shows while the screen's code loads
 * beside it; should user info fail, a retry.
 */
export function RequireScreen({
  screen,
  preload,
  children,
}: {
  screen: Screen;
  /** Starts loading the screen's code, so reading the role adds no round trip before it. */
  preload: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const role = useAppSelector(selectRole);
  const { isError, refetch } = useGetUserInfoQuery();
  const { pathname } = useLocation();
  const roleKnown = role !== undefined;
  useEffect(() => {
    if (!roleKnown) preload();
  }, [roleKnown, preload]);
  if (role === undefined && isError) {
    return (
      <ErrorWithAction
        message={t('notAllowed.userInfoFailed')}
        action={t('common.retry')}
        onAction={() => void refetch()}
      />
    );
  }
  if (role === undefined) return <PageLoading />;
  if (mayUse(role, screen)) return children ?? <Outlet />;
  const [first] = screensFor(role);
  if (pathname === paths.home && first) return <Navigate to={SCREEN_PATHS[first]} replace />;
  return <NotAllowed />;
}
