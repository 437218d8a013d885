import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';
import { useStore } from 'react-redux';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import type { AppDispatch, RootState } from '../../../app/store.ts';
import { api } from '../../../lib/api-client.ts';
import { networkErrorDismissed, selectNetworkErrorBanner } from '../global-feedback-slice.ts';

type Refetch = (
  arg: unknown,
  options: { subscribe: false; forceRefetch: true },
) => Parameters<AppDispatch>[0];

/**
 * Sends again every query whose last attempt failed (the disclosure, its lists and questions,
 * user info…), with the arguments RTK Query keeps for it. A failed save or submit is sent again
 * by its own button, which knows what to do with the answer.
 */
function retryFailedQueries(dispatch: AppDispatch, state: RootState): void {
  const endpoints = api.endpoints as unknown as Record<string, { initiate?: Refetch }>;
  for (const entry of Object.values(state.api.queries)) {
    if (entry?.status !== 'rejected') continue;
    const initiate = endpoints[entry.endpointName]?.initiate;
    if (initiate)
      void dispatch(initiate(entry.originalArgs, { subscribe: false, forceRefetch: true }));
  }
}

/**
 * The red, filled, dismissible 'Network Error' banner (requirements §2, §8), raised when loading status
 * becomes Error and kept until the user dismisses it or a request succeeds again. Retry sends
 * the failed calls again.
 */
export function NetworkErrorBanner() {
  const shown = useAppSelector(selectNetworkErrorBanner);
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const { t } = useTranslation();
  if (!shown) return null;
  return (
    <Alert
      severity="error"
      variant="filled"
      square
      action={
        <>
          <Button
            color="inherit"
            size="small"
            onClick={() => retryFailedQueries(dispatch, store.getState())}
          >
            {t('common.retry')}
          </Button>
          <IconButton
            color="inherit"
            size="small"
            aria-label={t('common.close')}
            onClick={() => dispatch(networkErrorDismissed())}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        </>
      }
      data-testid="network-error-banner"
    >
      {t('feedback.networkError')}
    </Alert>
  );
}
