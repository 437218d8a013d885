import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks.ts';
import { paths } from '../../../config/paths.ts';
import { selectResumePath } from '../auth-slice.ts';
import { useSignIn } from '../use-sign-in.ts';

/**
 * The landing page's sign-in card (requirements §2): SIGN IN, Sign In, OR, Create An Account. After a
 * lost session it says so, and signing in returns to where the user was.
 */
export function SignInCard() {
  const { ready, signIn } = useSignIn();
  const resumePath = useAppSelector(selectResumePath);
  const { t } = useTranslation();
  return (
    <Card component="section" aria-labelledby="sign-in-title" sx={{ width: '100%', maxWidth: 420 }}>
      <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
        <Stack spacing={3} sx={{ alignItems: 'stretch' }}>
          <Typography
            id="sign-in-title"
            component="h1"
            variant="h5"
            sx={{ fontWeight: 700, textAlign: 'center', letterSpacing: 1 }}
          >
            {t('landing.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
            {t('landing.intro')}
          </Typography>
          {resumePath !== null && (
            <Alert severity="info" role="status">
              {t('auth.sessionEnded')}
            </Alert>
          )}
          <Button
            variant="contained"
            size="large"
            disabled={!ready}
            onClick={() => signIn(resumePath ?? paths.home)}
          >
            {t('landing.signIn')}
          </Button>
          <Divider>
            <Typography variant="body2" color="text.secondary">
              {t('landing.or')}
            </Typography>
          </Divider>
          <Button variant="outlined" size="large" component={RouterLink} to={paths.accountRequest}>
            {t('landing.createAccount')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
