import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';
import { ErrorWithAction } from '../../../components/error-with-action.tsx';

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
    <ErrorWithAction
      message={t('caseView.loadFailed')}
      action={t('caseView.retry')}
      onAction={retry}
    />
  );
}
