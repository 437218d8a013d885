import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { SHORTCUT_ROWS } from './shortcuts.ts';

/** One way to press a shortcut, as a key cap. */
function Keys({ keys }: { keys: string }) {
  return (
    <Box
      component="kbd"
      sx={{
        display: 'inline-block',
        px: 0.75,
        border: 1,
        borderColor: 'divider',
        borderBottomWidth: 2,
        borderRadius: 1,
        fontFamily: 'monospace',
        fontSize: '0.875rem',
        whiteSpace: 'nowrap',
      }}
    >
      {keys}
    </Box>
  );
}

/**
 * The shortcuts dialog (I-08): every shortcut and keyboard behaviour of the interview, in the
 * interface language. Opened by '?' or the Keyboard shortcuts button; focus returns to where it
 * was when it closes (I-09, the dialog's own focus trap).
 */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="shortcuts-title"
      aria-describedby="shortcuts-intro"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="shortcuts-title">{t('mer.keyboard.title')}</DialogTitle>
      {/* On a phone the list scrolls: focusable, so the arrows scroll it from the keyboard (I-06). */}
      <DialogContent tabIndex={0} role="region" aria-labelledby="shortcuts-title">
        <DialogContentText id="shortcuts-intro" sx={{ mb: 1 }}>
          {t('mer.keyboard.intro')}
        </DialogContentText>
        <Table size="small" aria-labelledby="shortcuts-title">
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                {t('mer.keyboard.keys')}
              </TableCell>
              <TableCell component="th" scope="col">
                {t('mer.keyboard.action')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {SHORTCUT_ROWS.map((row) => (
              <TableRow key={row.text}>
                <TableCell sx={{ verticalAlign: 'top', minWidth: '7em' }}>
                  {row.keys.map((keys, i) => (
                    <Fragment key={keys}>
                      {i > 0 && ` ${t('mer.keyboard.or')} `}
                      <Keys keys={keys} />
                    </Fragment>
                  ))}
                </TableCell>
                <TableCell>{t(`mer.keyboard.${row.text}`)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} autoFocus>
          {t('mer.common.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
