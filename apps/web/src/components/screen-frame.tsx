import FilterListIcon from '@mui/icons-material/FilterList';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState, type ReactNode } from 'react';

/**
 * A screen's title (its only h1, named by `headingId` for the section around it) and, beside it
 * or below it on a narrow screen, what the screen offers to do (an export, adding one).
 */
export function ScreenHeader({
  headingId,
  title,
  action,
}: {
  headingId: string;
  title: string;
  action?: ReactNode;
}) {
  return (
    <Stack
      direction="row"
      sx={{
        alignItems: 'flex-start',
        justifyContent: 'space-between',
        flexWrap: 'wrap',
        gap: 2,
        mb: 2,
      }}
    >
      <Typography id={headingId} component="h1" variant="h5" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {action}
    </Stack>
  );
}

/**
 * A screen's filters in a panel: titled on a wide screen; on a phone folded behind a button that
 * shows or hides them, so that the results come first.
 */
export function FilterPanel({
  labels,
  children,
}: {
  labels: { title: string; show: string; hide: string };
  children: ReactNode;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [open, setOpen] = useState(false);
  const foldId = useId();
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      {phone ? (
        <>
          <Button
            startIcon={<FilterListIcon />}
            aria-expanded={open}
            aria-controls={foldId}
            onClick={() => setOpen((wasOpen) => !wasOpen)}
          >
            {open ? labels.hide : labels.show}
          </Button>
          <Collapse in={open} id={foldId}>
            <Box sx={{ pt: 2 }}>{children}</Box>
          </Collapse>
        </>
      ) : (
        <>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
            {labels.title}
          </Typography>
          {children}
        </>
      )}
    </Paper>
  );
}
