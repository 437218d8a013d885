import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';

/**
 * A spinner over the whole page while a long operation runs; `label` names it for screen readers.
 * Closed, nothing of it stays mounted: a hidden indeterminate spinner still animates, and
 * redrew every page at rest sixty times a second.
 */
export function FullScreenSpinner({ open, label }: { open: boolean; label: string }) {
  return (
    <Backdrop
      open={open}
      slotProps={{ transition: { unmountOnExit: true } }}
      sx={{ zIndex: (theme) => theme.zIndex.modal + 1, color: '#fff' }}
    >
      <CircularProgress color="inherit" aria-label={label} />
    </Backdrop>
  );
}
