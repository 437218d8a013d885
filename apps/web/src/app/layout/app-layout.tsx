import Box from '@mui/material/Box';
import { ScreenOnly } from '../../components/screen-only.tsx';
import { SkipLink } from '../../components/skip-link.tsx';
import { NotificationProvider } from '../../features/global-feedback/components/notification-provider.tsx';
import { useGetInsurerListQuery } from '../../features/header-selection/api/insurer-list-api.ts';
import { useLoadDisclosureEarly } from '../../features/questionnaire/use-load-disclosure-early.ts';
import { useGetUserInfoQuery } from '../../features/user-info/api/user-info-api.ts';
import { AppFooter } from './app-footer.tsx';
import { AppHeader } from './app-header.tsx';
import { PageMain } from './page-main.tsx';
import { PageOutlet } from '../route-error.tsx';

/**
 * The frame of the signed-in screens; it loads user info and the insurer list they work within.
 * Notifications are offered here, where they are used, so the sign-in page need not load them.
 */
export function AppLayout() {
  // At a disclosure's address, one call brings the disclosure and what the frame asks for below
  // (requirements F-01): started first, so that these take their parts of it.
  useLoadDisclosureEarly();
  // Mounted only under RequireAuth, so a token exists when these are sent (requirements §7).
  useGetUserInfoQuery();
  useGetInsurerListQuery();
  // The header and the page fill the window at least, and the footer follows below the fold: a
  // footer at the window's foot while the page loads would be pushed out of view as its content
  // arrives, moving what the person is looking at (a layout shift). Paper shows neither header
  // nor footer: a page opened for paper builds them when it first shows on screen.
  return (
    <NotificationProvider>
      <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
        <ScreenOnly>
          <SkipLink />
          <AppHeader />
        </ScreenOnly>
        <PageMain>
          <PageOutlet />
        </PageMain>
      </Box>
      <ScreenOnly>
        <AppFooter />
      </ScreenOnly>
    </NotificationProvider>
  );
}
