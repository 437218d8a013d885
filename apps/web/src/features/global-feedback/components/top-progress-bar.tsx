import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks.ts';
import { selectLoadingStatus } from '../global-feedback-slice.ts';

/** The progress bar across the top of the page while loading status is Start (requirements §2). */
export function TopProgressBar() {
  const status = useAppSelector(selectLoadingStatus);
  const { t } = useTranslation();
  if (status !== 'Start') return null;
  return (
    <LinearProgress
      aria-label={t('common.loading')}
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
      }}
    />
  );
}
