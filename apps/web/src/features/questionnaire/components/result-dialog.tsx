import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { DisclosureReference } from './disclosure-reference.tsx';

/** The outcomes the result dialog reports (requirements §2). */
export type ResultOutcome = 'save' | 'submit' | 'close_confirm';

interface ResultDialogProps {
  outcome: ResultOutcome | null;
  /** The stored disclosure's request id, shown after a save or submit (W-22). */
  reference?: string | null;
  /** OK after save or submit, Proceed after close_confirm: leave for the redirect address. */
  onLeave: () => void;
  /** Cancel in close_confirm: stay, nothing changed. */
  onCancel: () => void;
}

/**
 * The result dialog, titled from video_popup_title, with the outcome's text (requirements §2,
 * §4) and, after a save or submit, the disclosure's reference (W-22).
 */
export function ResultDialog({ outcome, reference, onLeave, onCancel }: ResultDialogProps) {
  const { t } = useTranslation();
  const confirming = outcome === 'close_confirm';
  return (
    <Dialog
      open={outcome !== null}
      onClose={confirming ? onCancel : undefined}
      aria-labelledby="result-title"
      aria-describedby="result-text"
    >
      <DialogTitle id="result-title">{t('video_popup_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="result-text">
          {outcome ? t(`video_popup_${outcome}`) : ''}
        </DialogContentText>
        {!confirming && reference && (
          <Box sx={{ mt: 2 }}>
            <DisclosureReference requestId={reference} />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        {confirming && <Button onClick={onCancel}>{t('mer.common.cancel')}</Button>}
        <Button variant="contained" onClick={onLeave} autoFocus>
          {confirming ? t('mer.common.proceed') : t('mer.common.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
