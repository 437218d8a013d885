import type { ReactNode } from 'react';
import { SnackbarProvider } from 'notistack';

/** Notification defaults of requirements §2 and §9: top centre, hidden after 6000 ms. */
export const NOTIFICATION_AUTO_HIDE_MS = 6000;

/** Lets any component show notifications (see lib/use-notify.ts). */
export function NotificationProvider({ children }: { children: ReactNode }) {
  return (
    <SnackbarProvider
      maxSnack={3}
      autoHideDuration={NOTIFICATION_AUTO_HIDE_MS}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
    >
      {children}
    </SnackbarProvider>
  );
}
