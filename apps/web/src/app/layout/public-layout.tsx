import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/logo.tsx';
import { SkipLink } from '../../components/skip-link.tsx';
import { paths } from '../../config/paths.ts';
import { AppFooter } from './app-footer.tsx';
import { PageMain } from './page-main.tsx';
import { PageOutlet } from '../route-error.tsx';

/** The frame of the public pages: logo bar, centred content, footer. */
export function PublicLayout() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <SkipLink />
      <AppBar position="static" component="header" elevation={0}>
        <Toolbar>
          <Box
            component={RouterLink}
            to={paths.landing}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1.5,
              color: 'inherit',
              textDecoration: 'none',
            }}
          >
            <Logo />
            <Typography component="span" variant="h6" sx={{ fontWeight: 700 }}>
              {t('app.name')}
            </Typography>
          </Box>
        </Toolbar>
      </AppBar>
      <PageMain centred>
        <PageOutlet />
      </PageMain>
      <AppFooter />
    </Box>
  );
}
