import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';

/**
 * What a tab shows while its call is under way or after it failed, with a way to try again;
 * nothing once it answered.
 */
export function LoadState({
  loading,
  failed,
  retry,
}: {
  loading: boolean;
  failed: boolean;
  retry: () => void;
}) {
  const { t } = useTranslation();
  if (loading) return <LinearProgress aria-label={t('caseView.loading')} />;
  if (!failed) return null;
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={retry}>
          {t('caseView.retry')}
        </Button>
      }
    >
      {t('caseView.loadFailed')}
    </Alert>
  );
}
