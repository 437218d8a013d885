import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../lib/use-notify.ts';

/**
 * A disclosure's reference, its request id, with a button that copies it (requirements W-22):
 * what the interviewer quotes to find it again or shares with a colleague.
 */
export function DisclosureReference({ requestId }: { requestId: string }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(requestId);
      notify(t('mer.reference.copied'));
    } catch {
      notify(t('mer.reference.copyFailed'));
    }
  };
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {t('mer.reference.label')}{' '}
        <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace' }}>
          {requestId}
        </Typography>
      </Typography>
      <Tooltip title={t('mer.reference.copy')}>
        <IconButton size="small" aria-label={t('mer.reference.copy')} onClick={() => void copy()}>
          <ContentCopyIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
