import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks.ts';
import { FullScreenSpinner } from '../../../components/full-screen-spinner.tsx';
import { selectLongOperation } from '../global-feedback-slice.ts';

/** The full-screen spinner shown while any feature reports a long operation. */
export function GlobalSpinner() {
  const open = useAppSelector(selectLongOperation);
  const { t } = useTranslation();
  return <FullScreenSpinner open={open} label={t('common.loading')} />;
}
