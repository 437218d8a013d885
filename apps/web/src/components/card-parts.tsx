import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** One labelled line of a card's description list (a `dl` laid out in two columns). */
export function DescriptionLine({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        component="dd"
        variant="body2"
        sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}
      >
        {children}
      </Typography>
    </>
  );
}

/** The style of a card's description list: labels in the first column, values in the second. */
export const DESCRIPTION_LIST_SX = {
  display: 'grid',
  gridTemplateColumns: 'minmax(96px, auto) 1fr',
  columnGap: 1.5,
  rowGap: 0.5,
  m: 0,
} as const;

/**
 * The previous / next buttons below a list of cards, one server page at a time, named by the
 * page shown (`pageLabel`, as "Page 2").
 */
export function CardPager({
  pageLabel,
  labels,
  previousDisabled,
  nextDisabled,
  onPrevious,
  onNext,
}: {
  pageLabel: string;
  labels: { previous: string; next: string };
  previousDisabled: boolean;
  nextDisabled: boolean;
  onPrevious: () => void;
  onNext: () => void;
}) {
  return (
    <Stack
      component="nav"
      aria-label={pageLabel}
      direction="row"
      spacing={1}
      sx={{ mt: 2, alignItems: 'center', justifyContent: 'space-between' }}
    >
      <Button variant="outlined" disabled={previousDisabled} onClick={onPrevious}>
        {labels.previous}
      </Button>
      <Typography variant="body2">{pageLabel}</Typography>
      <Button variant="outlined" disabled={nextDisabled} onClick={onNext}>
        {labels.next}
      </Button>
    </Stack>
  );
}
