import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';

/** A column heading: its words, and its alignment when its cells are numbers. */
export type ScrollTableColumn = string | { label: string; align: 'right' };

/**
 * A table with its caption that scrolls sideways inside its own focusable region on a phone:
 * the region is named by the caption, so a keyboard reaches it and a screen reader announces
 * it, and its outline shows where the focus is.
 */
export function ScrollTable({
  caption,
  columns,
  minWidth,
  children,
}: {
  caption: string;
  columns: readonly ScrollTableColumn[];
  /** The width below which the table scrolls rather than squeezes its columns. */
  minWidth?: number;
  children: ReactNode;
}) {
  return (
    <TableContainer
      tabIndex={0}
      role="region"
      aria-label={caption}
      sx={{
        overflowX: 'auto',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
      }}
    >
      <Table size="small" sx={{ minWidth }}>
        <caption style={{ captionSide: 'top', fontWeight: 600, padding: '8px 16px' }}>
          {caption}
        </caption>
        <TableHead>
          <TableRow>
            {columns.map((column) => {
              const { label, align } =
                typeof column === 'string' ? { label: column, align: undefined } : column;
              return (
                <TableCell key={label} scope="col" align={align} sx={{ whiteSpace: 'nowrap' }}>
                  {label}
                </TableCell>
              );
            })}
          </TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </TableContainer>
  );
}
