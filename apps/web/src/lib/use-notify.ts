import { useCallback } from 'react';
import { useSnackbar } from 'notistack';

/** Shows a notification: an info message, top centre, hiding itself after 6000 ms (requirements §2, §9). */
export function useNotify(): (message: string) => void {
  const { enqueueSnackbar } = useSnackbar();
  return useCallback(
    (message: string) => void enqueueSnackbar(message, { variant: 'info' }),
    [enqueueSnackbar],
  );
}
