import { styled } from '@mui/material/styles';
import { MaterialDesignContent, SnackbarProvider, enqueueSnackbar } from 'notistack';
import { useEffect, useRef } from 'react';
import { NOTIFICATION_AUTO_HIDE_MS } from './notification-provider.tsx';

/**
 * notistack's own colours give its white text too little contrast (its info blue, #2196f3, about
 * 3:1, a serious axe violation); the theme's colours give it more than 4.5:1 (design §7).
 */
const ReadableContent = styled(MaterialDesignContent)(({ theme }) => ({
  '&.notistack-MuiContent-info': { backgroundColor: theme.palette.primary.main },
  '&.notistack-MuiContent-success': { backgroundColor: theme.palette.success.dark },
  '&.notistack-MuiContent-error': { backgroundColor: theme.palette.error.main },
}));

export interface NotificationHostProps {
  /** Messages to show, oldest first. */
  pending: readonly string[];
  /** The first `count` of `pending` are shown. */
  onShown: (count: number) => void;
}

/**
 * Where notifications show (requirements §2, §9): notistack, top centre, an info message hidden
 * after 6000 ms, at most three at once. Loaded with the first notification, not with the frame
 * (see notification-provider.tsx).
 */
export function NotificationHost({ pending, onShown }: NotificationHostProps) {
  // The list last shown: an effect run again on the same list (React's strict mode) shows none.
  const shownList = useRef<readonly string[]>(undefined);
  useEffect(() => {
    if (pending.length === 0 || shownList.current === pending) return;
    shownList.current = pending;
    for (const message of pending) enqueueSnackbar(message, { variant: 'info' });
    onShown(pending.length);
  }, [pending, onShown]);
  return (
    <SnackbarProvider
      maxSnack={3}
      autoHideDuration={NOTIFICATION_AUTO_HIDE_MS}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      Components={{ info: ReadableContent, success: ReadableContent, error: ReadableContent }}
    />
  );
}
