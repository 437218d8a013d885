import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rejectBodySchema } from '@vmer/domain/lifecycle';

/** The longest reason the server takes. */
export const REJECT_REASON_MAX = rejectBodySchema.shape.reason.unwrap().maxLength ?? 0;

interface RejectDialogProps {
  open: boolean;
  busy: boolean;
  /** Reject confirmed, with the reason typed (trimmed, never blank). */
  onReject: (reason: string) => void;
  onCancel: () => void;
}

/**
 * Asks an underwriter to confirm a reject with the reason the interviewer reads (requirements
 * W-16): required, at most {@link REJECT_REASON_MAX} characters, counted as they type.
 */
export function RejectDialog({ open, busy, onReject, onCancel }: RejectDialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      aria-labelledby="reject-title"
      fullWidth
      maxWidth="sm"
      slotProps={{ transition: { onExited: () => setReason('') } }}
    >
      <DialogTitle id="reject-title">{t('mer.disclosure.rejectTitle')}</DialogTitle>
      <DialogContent>
        <TextField
          label={t('mer.disclosure.rejectReason')}
          required
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          multiline
          minRows={3}
          fullWidth
          margin="dense"
          helperText={t('mer.disclosure.rejectReasonHelp', {
            length: reason.length,
            max: REJECT_REASON_MAX,
          })}
          slotProps={{ htmlInput: { maxLength: REJECT_REASON_MAX } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('mer.common.cancel')}</Button>
        <Button
          variant="contained"
          color="error"
          disabled={busy || reason.trim() === ''}
          onClick={() => onReject(reason.trim())}
        >
          {t('mer.disclosure.reject')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
