import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import { useTranslation } from 'react-i18next';
import { FullScreenToggle } from '../../components/full-screen-toggle.tsx';
import { Logo } from '../../components/logo.tsx';
import { LogoutButton } from '../../features/auth/components/logout-button.tsx';
import { HeaderSelectors } from '../../features/header-selection/components/header-selectors.tsx';
import { LanguageButton } from '../../features/language/components/language-button.tsx';
import { UserName } from '../../features/user-info/components/user-name.tsx';
import { AppNav } from './app-nav.tsx';

function Brand() {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexShrink: 0 }}>
      <Logo />
      <Typography component="span" variant="h6" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
        {t('app.name')}
      </Typography>
    </Stack>
  );
}

function SignedInUser() {
  const { t } = useTranslation();
  return (
    <Stack
      direction="row"
      spacing={0.75}
      sx={{ alignItems: 'center', minWidth: 0 }}
      aria-label={t('header.userLabel')}
      role="group"
    >
      <AccountCircleIcon fontSize="small" aria-hidden />
      <UserName />
    </Stack>
  );
}

function DesktopHeader() {
  return (
    <Toolbar sx={{ gap: 3 }}>
      <Brand />
      <AppNav />
      <HeaderSelectors />
      <Box sx={{ flexGrow: 1 }} />
      <FullScreenToggle />
      <SignedInUser />
      <LanguageButton />
      <LogoutButton variant="text" />
    </Toolbar>
  );
}

function MobileHeader() {
  return (
    <>
      <Toolbar sx={{ gap: 1 }}>
        <Brand />
        <Box sx={{ flexGrow: 1 }} />
        <LanguageButton />
        <LogoutButton variant="icon" />
      </Toolbar>
      <Box sx={{ px: 1 }}>
        <AppNav compact />
      </Box>
      <Stack
        direction="row"
        spacing={2}
        sx={{
          px: 2,
          pb: 1.5,
          alignItems: 'flex-end',
          justifyContent: 'space-between',
          flexWrap: 'wrap',
          rowGap: 1,
        }}
      >
        <HeaderSelectors />
        <SignedInUser />
      </Stack>
    </>
  );
}

/** The signed-in header (requirements §2); the mobile variant below Material UI's md breakpoint (design §8). */
export function AppHeader() {
  const theme = useTheme();
  const mobile = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  return (
    <AppBar position="static" component="header" elevation={0}>
      {mobile ? <MobileHeader /> : <DesktopHeader />}
    </AppBar>
  );
}
