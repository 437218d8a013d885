import Alert from '@mui/material/Alert';
import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import { DISCLOSURE_STATUS } from '@vmer/domain/model';
import { useAppSelector } from '../../../app/hooks.ts';
import { useFormatters } from '../../../lib/use-formatters.ts';
import { useLastRejectionQuery } from '../api/questionnaire-api.ts';
import { selectSession } from '../questionnaire-slice.ts';

/**
 * At the top of a disclosure returned for correction, opened to edit (requirements W-21): who
 * returned it, when, and their reason. Who and when come from its audit trail; until that
 * answers (or if it cannot), the reason alone.
 */
export function ReturnedBanner() {
  const { t } = useTranslation();
  const { formatDate } = useFormatters();
  const session = useAppSelector(selectSession);
  const returned = session.action === 'edit' && session.status === DISCLOSURE_STATUS.REJECTED;
  const rejection = useLastRejectionQuery(returned && session.id ? session.id : skipToken);
  if (!returned) return null;
  const reason = session.rejectReason;
  const by = rejection.data;
  const text = by
    ? t(reason ? 'mer.disclosure.returnedBy' : 'mer.disclosure.returnedByNoReason', {
        reviewer: by.actor,
        date: formatDate(new Date(by.at)),
        reason,
      })
    : reason
      ? t('mer.disclosure.returnedReason', { reason })
      : t('mer.disclosure.returned');
  return (
    <Alert severity="warning" role="status" sx={{ whiteSpace: 'pre-line' }}>
      {text}
    </Alert>
  );
}
