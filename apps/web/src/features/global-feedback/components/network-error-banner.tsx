import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import { networkErrorDismissed, selectNetworkErrorBanner } from '../global-feedback-slice.ts';

/**
 * The red, filled, dismissible 'Network Error' banner (spec §2, §8), raised when loading status
 * becomes Error and kept until the user dismisses it.
 */
export function NetworkErrorBanner() {
  const shown = useAppSelector(selectNetworkErrorBanner);
  const dispatch = useAppDispatch();
  const { t } = useTranslation();
  if (!shown) return null;
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
