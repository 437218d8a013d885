import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths.ts';
import { useGetAuthConfigQuery } from '../../features/auth/api/auth-config-api.ts';

/** Copyright line with the current year and the company, privacy policy and help desk (requirements §2). */
export function AppFooter() {
  const { data: config } = useGetAuthConfigQuery();
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <Box
      component="footer"
      sx={{
        mt: 'auto',
        py: 2,
        px: { xs: 2, md: 3 },
        bgcolor: 'background.paper',
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 1, sm: 3 }}
        sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography variant="body2" color="text.secondary" data-testid="copyright">
          {t('footer.copyright', { year, company: config?.companyName ?? t('app.name') })}
        </Typography>
        <Stack direction="row" spacing={3} component="nav" aria-label={t('footer.links')}>
          <Link component={RouterLink} to={paths.privacy} variant="body2">
            {t('footer.privacy')}
          </Link>
          {config && (
            <Link href={`mailto:${config.helpDeskEmail}`} variant="body2">
              {t('footer.helpDesk')}
            </Link>
          )}
        </Stack>
      </Stack>
    </Box>
  );
}
