import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '../components/logo.tsx';
import { paths } from '../config/paths.ts';
import { ChunkLoadError } from '../lib/chunk-load.ts';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * What a route shows when it fails (spec §8): 'Loading chunk {n} failed' with a reload when a
 * script could not be loaded, otherwise 'Unexpected Application Error!' with the status or
 * message (an unmatched path shows 404 Not Found).
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const chunkFailed = error instanceof ChunkLoadError;
  return (
    <Card
      component="section"
      aria-labelledby="route-error-title"
      sx={{ width: '100%', maxWidth: 560, mx: 'auto' }}
    >
      <CardContent>
        <Typography
          id="route-error-title"
          component="h1"
          variant="h5"
          gutterBottom
          sx={{ fontWeight: 700 }}
        >
          {chunkFailed ? t('feedback.chunkFailed', { name: error.chunk }) : t('errors.unexpected')}
        </Typography>
        <Typography component="p" variant="body1" data-testid="route-error-detail">
          {chunkFailed ? t('feedback.chunkFailedHelp') : describe(error)}
        </Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        {chunkFailed ? (
          <Button variant="contained" onClick={() => window.location.reload()}>
            {t('common.reload')}
          </Button>
        ) : (
          <Button variant="contained" href={paths.landing}>
            {t('errors.goHome')}
          </Button>
        )}
      </CardActions>
    </Card>
  );
}

/** The same, as a whole page: for failures above every layout, such as an unmatched path. */
export function RootRouteError() {
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 3,
        p: 3,
      }}
    >
      <Box component="header" sx={{ alignSelf: 'flex-start' }}>
        <Logo />
      </Box>
      <Box component="main" sx={{ width: '100%' }}>
        <RouteError />
      </Box>
    </Box>
  );
}
