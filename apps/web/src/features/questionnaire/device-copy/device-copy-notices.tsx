import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeviceCopy } from './use-device-copy.ts';

/**
 * What the screen says about the device copy (I-12..I-14): a calm banner while the connection
 * is gone (answers kept on this device) and briefly once saved again; a notice when a device
 * copy was brought back; and, when the server's copy changed meanwhile, a dialog that keeps
 * the version the interviewer chooses. The live region is always present, so that screen
 * readers hear what appears in it.
 */
export function DeviceCopyNotices({
  requestId,
  reload,
}: {
  requestId: string | undefined;
  reload: () => void;
}) {
  const { t } = useTranslation();
  const copy = useDeviceCopy(requestId, reload);
  const titleId = useId();
  const textId = useId();
  const { banner, notice, conflict } = copy;
  return (
    <>
      <Stack role="status" aria-live="polite" spacing={1} data-testid="device-copy-status">
        {banner !== 'none' && (
          <Alert severity={banner === 'offline' ? 'info' : 'success'} variant="outlined">
            {t(banner === 'offline' ? 'deviceCopy.offline' : 'deviceCopy.saved')}
          </Alert>
        )}
        {notice && (
          <Alert
            severity="info"
            variant="outlined"
            action={
              <Stack direction="row" spacing={1}>
                {notice === 'restoredNew' && (
                  <Button color="inherit" size="small" onClick={copy.undoRestore}>
                    {t('deviceCopy.undo')}
                  </Button>
                )}
                <Button color="inherit" size="small" onClick={copy.dismissNotice}>
                  {t('deviceCopy.dismiss')}
                </Button>
              </Stack>
            }
          >
            {t(notice === 'restored' ? 'deviceCopy.restored' : 'deviceCopy.restoredNew')}
          </Alert>
        )}
      </Stack>
      <Dialog
        open={conflict !== null}
        aria-labelledby={titleId}
        aria-describedby={textId}
        fullWidth
        maxWidth="sm"
      >
        <DialogTitle id={titleId}>{t('deviceCopy.conflictTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText id={textId}>{t('deviceCopy.conflict')}</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={copy.useSaved}>{t('deviceCopy.useSaved')}</Button>
          <Button variant="contained" autoFocus onClick={copy.keepDevice}>
            {t('deviceCopy.keepDevice')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
