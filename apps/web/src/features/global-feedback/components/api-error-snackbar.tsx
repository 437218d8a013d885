import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import { apiErrorDismissed, selectApiError } from '../global-feedback-slice.ts';

/**
 * The global API error message, top centre (requirements §2). It stays until closed, and closing
 * clears the API-error flag (requirements §4).
 */
export function ApiErrorSnackbar() {
  const error = useAppSelector(selectApiError);
  const dispatch = useAppDispatch();
  const { t } = useTranslation();
  let message = error.message;
  if (error.kind === 'transport') {
    message = error.message
      ? `${t('feedback.networkError')} (${error.message})`
      : t('feedback.networkError');
  } else if (!message && error.status !== null) {
    message = t('feedback.requestFailed', { status: error.status });
  }
  const close = () => dispatch(apiErrorDismissed());
  return (
    <Snackbar
      open={error.open}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') close();
      }}
    >
      <Alert
        severity="error"
        variant="standard"
        onClose={close}
        slotProps={{ closeButton: { 'aria-label': t('common.close') } }}
        sx={{ width: '100%', boxShadow: 6 }}
        data-testid="api-error-snackbar"
      >
        {message}
      </Alert>
    </Snackbar>
  );
}
