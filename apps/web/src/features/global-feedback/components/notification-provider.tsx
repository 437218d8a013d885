import { styled } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { MaterialDesignContent, SnackbarProvider } from 'notistack';

/** Notification defaults of requirements §2 and §9: top centre, hidden after 6000 ms. */
export const NOTIFICATION_AUTO_HIDE_MS = 6000;

/**
 * notistack's own colours give its white text too little contrast (its info blue, #2196f3, about
 * 3:1, a serious axe violation); the theme's colours give it more than 4.5:1 (design §7).
 */
const ReadableContent = styled(MaterialDesignContent)(({ theme }) => ({
  '&.notistack-MuiContent-info': { backgroundColor: theme.palette.primary.main },
  '&.notistack-MuiContent-success': { backgroundColor: theme.palette.success.dark },
  '&.notistack-MuiContent-error': { backgroundColor: theme.palette.error.main },
}));

/** Lets any component show notifications (see lib/use-notify.ts). */
export function NotificationProvider({ children }: { children: ReactNode }) {
  return (
    <SnackbarProvider
      maxSnack={3}
      autoHideDuration={NOTIFICATION_AUTO_HIDE_MS}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      Components={{ info: ReadableContent, success: ReadableContent, error: ReadableContent }}
    >
      {children}
    </SnackbarProvider>
  );
}
