import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, type ReactNode } from 'react';

/** How each heading level reads: a tab's or a page part's title (h2), a part within it (h3). */
const HEADINGS = {
  h2: { variant: 'h6', sx: { mb: 1 } },
  h3: { variant: 'subtitle1', sx: { fontWeight: 600, mb: 1 } },
} as const;

/**
 * A section named by its heading, so that assistive technology lists it as a region with that
 * name (design §7, accessibility).
 */
export function TitledSection({
  title,
  heading = 'h3',
  headingSx,
  sx,
  children,
}: {
  title: string;
  heading?: keyof typeof HEADINGS;
  /** Added to the heading's own style, as more room below a tab's title. */
  headingSx?: SxProps<Theme>;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  const titleId = useId();
  const { variant, sx: ownSx } = HEADINGS[heading];
  return (
    <Box component="section" aria-labelledby={titleId} sx={sx}>
      <Typography
        id={titleId}
        component={heading}
        variant={variant}
        sx={[ownSx, ...(Array.isArray(headingSx) ? headingSx : [headingSx])]}
      >
        {title}
      </Typography>
      {children}
    </Box>
  );
}
