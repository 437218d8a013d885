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
