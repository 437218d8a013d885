import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * An open dialog of the width of a form, named by its title (`titleId`), that cannot be
 * dismissed while `busy` (saving).
 */
export function FormDialog({
  titleId,
  busy,
  onClose,
  open = true,
  children,
}: {
  titleId: string;
  busy: boolean;
  onClose: () => void;
  open?: boolean;
  children: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      {children}
    </Dialog>
  );
}

/**
 * A {@link FormDialog}'s form: its title, the reason the last attempt failed, the fields, a
 * progress bar named `busyLabel` while saving, and Cancel beside the submit button.
 */
export function DialogForm({
  titleId,
  title,
  failure,
  busy,
  busyLabel,
  submitLabel,
  submitColor,
  onSubmit,
  onCancel,
  children,
}: {
  titleId: string;
  title: string;
  failure: string | null;
  busy: boolean;
  busyLabel: string;
  submitLabel: string;
  submitColor?: 'error';
  onSubmit: (event: FormEvent) => Promise<void>;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {failure && <Alert severity="error">{failure}</Alert>}
          {children}
        </Stack>
      </DialogContent>
      {busy && <LinearProgress aria-label={busyLabel} />}
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" color={submitColor} variant="contained" disabled={busy}>
          {submitLabel}
        </Button>
      </DialogActions>
    </form>
  );
}
