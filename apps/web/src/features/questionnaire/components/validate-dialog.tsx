import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

interface ValidateDialogProps {
  open: boolean;
  busy: boolean;
  onValidate: () => void;
  onCancel: () => void;
}

/** Asks an underwriter to confirm a validate, which is final (requirements W-16, design §4). */
export function ValidateDialog({ open, busy, onValidate, onCancel }: ValidateDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      aria-labelledby="validate-title"
      aria-describedby="validate-text"
    >
      <DialogTitle id="validate-title">{t('mer.review.validateTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="validate-text">{t('mer.review.validateText')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('mer.common.cancel')}</Button>
        <Button variant="contained" color="success" disabled={busy} onClick={onValidate}>
          {t('mer.disclosure.validate')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
