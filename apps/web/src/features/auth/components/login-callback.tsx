import { useEffect } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { User, UserManager } from 'oidc-client-ts';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../app/hooks.ts';
import { FullScreenSpinner } from '../../../components/full-screen-spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { errorReported } from '../../../lib/feedback-events.ts';
import { signedIn } from '../auth-slice.ts';
import { returnPathOf } from '../return-path.ts';
import { useGetAuthConfigQuery } from '../api/auth-config-api.ts';
import { useSecurity } from './security.tsx';

/** The provider's error, shown with underscores as spaces (requirements §2). */
function CallbackErrorCard({ error, description }: { error: string; description: string }) {
  const { t } = useTranslation();
  return (
    <Card
      component="section"
      aria-labelledby="callback-error-title"
      sx={{ width: '100%', maxWidth: 520 }}
    >
      <CardContent>
        <Typography
          id="callback-error-title"
          component="h1"
          variant="h5"
          gutterBottom
          sx={{ fontWeight: 700 }}
        >
          {t('auth.callbackErrorTitle')}
        </Typography>
        <Typography component="p" variant="h6" color="error" data-testid="callback-error">
          {error.replaceAll('_', ' ')}
        </Typography>
        <Typography component="p" variant="body1" data-testid="callback-error-description">
          {description}
        </Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button variant="contained" component={RouterLink} to={paths.landing}>
          {t('auth.backToLogin')}
        </Button>
      </CardActions>
    </Card>
  );
}

// The authorization code can be redeemed once; a second effect run (React's development
// double-invocation) must wait for the same exchange rather than start another.
let exchange: { href: string; user: Promise<User> } | null = null;
function completeSignInOnce(manager: UserManager): Promise<User> {
  const href = window.location.href;
  if (exchange?.href !== href) exchange = { href, user: manager.signinRedirectCallback(href) };
  return exchange.user;
}

function CompleteSignIn() {
  const { data: config } = useGetAuthConfigQuery();
  const { loadUserManager, restoreOriginalUri } = useSecurity();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { t } = useTranslation();

  useEffect(() => {
    if (!config) return;
    let active = true;
    void loadUserManager(config).then((manager) =>
      completeSignInOnce(manager)
        .then((user) => {
          if (!active) return;
          dispatch(signedIn());
          restoreOriginalUri(returnPathOf(user.state));
        })
        .catch(async (error: unknown) => {
          // Nothing to complete (a stale or repeated callback): carry on if already signed in.
          const existing = await manager.getUser();
          if (!active) return;
          if (existing && !existing.expired) {
            void navigate(paths.home, { replace: true });
            return;
          }
          dispatch(errorReported(error instanceof Error ? error.message : String(error)));
          void navigate(paths.landing, { replace: true });
        }),
    );
    return () => {
      active = false;
    };
  }, [config, loadUserManager, restoreOriginalUri, navigate, dispatch]);

  return <FullScreenSpinner open label={t('auth.signingIn')} />;
}

/**
 * /login/callback (requirements §2): with both error and error_description an error card; otherwise the
 * sign-in is completed and the browser goes back to the path first asked for.
 */
export function LoginCallback() {
  const [params] = useSearchParams();
  const error = params.get('error');
  const description = params.get('error_description');
  if (error && description) return <CallbackErrorCard error={error} description={description} />;
  return <CompleteSignIn />;
}
