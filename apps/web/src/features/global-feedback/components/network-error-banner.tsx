import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import { networkErrorDismissed, selectLoadingStatus } from '../global-feedback-slice.ts';

/** The red, filled, dismissible 'Network Error' banner while loading status is Error (spec §2, §8). */
export function NetworkErrorBanner() {
  const status = useAppSelector(selectLoadingStatus);
  const dispatch = useAppDispatch();
  const { t } = useTranslation();
  if (status !== 'Error') return null;
  return (
    <Alert
      severity="error"
      variant="filled"
      square
      onClose={() => dispatch(networkErrorDismissed())}
      slotProps={{ closeButton: { 'aria-label': t('common.close') } }}
      data-testid="network-error-banner"
    >
      {t('feedback.networkError')}
    </Alert>
  );
}
