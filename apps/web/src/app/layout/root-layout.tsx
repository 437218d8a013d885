import { useCallback } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { AuthSession } from '../../features/auth/components/auth-session.tsx';
import { Security } from '../../features/auth/components/security.tsx';
import { loadUserManager } from '../../features/auth/load-user-manager.ts';
import { ApiErrorSnackbar } from '../../features/global-feedback/components/api-error-snackbar.tsx';
import { GlobalSpinner } from '../../features/global-feedback/components/global-spinner.tsx';
import { NetworkErrorBanner } from '../../features/global-feedback/components/network-error-banner.tsx';
import { TopProgressBar } from '../../features/global-feedback/components/top-progress-bar.tsx';
import { LanguageSync } from '../../features/language/components/language-sync.tsx';

/** What every page shares: the session, the language and the global feedback of requirements §2. */
export function RootLayout() {
  const navigate = useNavigate();
  const restoreOriginalUri = useCallback(
    (path: string) => void navigate(path, { replace: true }),
    [navigate],
  );
  return (
    <Security userManager={loadUserManager} restoreOriginalUri={restoreOriginalUri}>
      <AuthSession />
      <LanguageSync />
      <TopProgressBar />
      <NetworkErrorBanner />
      <ApiErrorSnackbar />
      <GlobalSpinner />
      <Outlet />
    </Security>
  );
}
