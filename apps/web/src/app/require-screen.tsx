import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { mayUse, screensFor, type Screen } from '@vmer/domain/admin';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, Link as RouterLink, useLocation } from 'react-router';
import { paths } from '../config/paths.ts';
import { ErrorWithAction } from '../components/error-with-action.tsx';
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
    <Card
      component="section"
      aria-labelledby="not-allowed-title"
      sx={{ width: '100%', maxWidth: 560, mx: 'auto' }}
    >
      <CardContent>
        <Typography
          id="not-allowed-title"
          component="h1"
          variant="h5"
          gutterBottom
          sx={{ fontWeight: 700 }}
        >
          {t('notAllowed.title')}
        </Typography>
        <Typography component="p" variant="body1">
          {first ? t('notAllowed.text') : t('notAllowed.noScreen')}
        </Typography>
      </CardContent>
      {first && (
        <CardActions sx={{ px: 2, pb: 2 }}>
          <Button variant="contained" component={RouterLink} to={SCREEN_PATHS[first]}>
            {t('notAllowed.goFirst', { screen: t(`nav.${first}`) })}
          </Button>
        </CardActions>
      )}
    </Card>
  );
}

/**
 * Shows a screen only to the roles design §11's table lets use it (O-01), the page's code not
 * even loaded otherwise; the "not allowed" page in its place for anyone else. `/home`, where
 * signing in lands, moves a person without the questionnaire on to their first screen instead.
 * Until user info says who the person is, the progress bar shows; should it fail, a retry.
 */
export function RequireScreen({ screen, children }: { screen: Screen; children?: ReactNode }) {
  const { t } = useTranslation();
  const role = useAppSelector(selectRole);
  const { isError, refetch } = useGetUserInfoQuery();
  const { pathname } = useLocation();
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
