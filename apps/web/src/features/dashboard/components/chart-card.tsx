import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadCsv } from '../../../lib/download.ts';
import { useFormatters } from '../../../lib/use-formatters.ts';

/** One chart's figures as a table: translated headers, and rows of text and numbers. */
export interface ChartTable {
  columns: string[];
  rows: (string | number)[][];
}

export interface ChartCardProps {
  title: string;
  /** What the chart draws, in words: shown under the title and read with the chart. */
  description: string;
  table: ChartTable;
  /** The CSV file's name, without its extension. */
  fileName: string;
  /** The chart; drawn only when there is something to draw. */
  chart: () => ReactNode;
  /** Shown above the chart and the table alike (a rate, a note). */
  extra?: ReactNode;
  loading: boolean;
}

/**
 * One dashboard figure in a titled card (requirements O-12, O-13): the chart or its table
 * (a real table with a caption, the screen reader's path to the figures), a "Download CSV" of
 * the table, a skeleton while loading and a sentence when there is nothing to show.
 */
export function ChartCard({
  title,
  description,
  table,
  fileName,
  chart,
  extra,
  loading,
}: ChartCardProps) {
  const { t } = useTranslation();
  const { formatNumber } = useFormatters();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const titleId = useId();
  const descriptionId = useId();
  const empty = table.rows.length === 0;

  let body: ReactNode;
  if (loading) {
    body = <Skeleton variant="rounded" height={240} aria-hidden />;
  } else if (empty) {
    body = (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
        {t('dashboard.empty')}
      </Typography>
    );
  } else if (view === 'chart') {
    body = (
      <Box role="img" aria-labelledby={titleId} aria-describedby={descriptionId}>
        {chart()}
      </Box>
    );
  } else {
    body = (
      <Box
        role="group"
        aria-labelledby={titleId}
        tabIndex={0}
        sx={{ overflowX: 'auto', maxHeight: 480 }}
      >
        <Table size="small" stickyHeader>
          <caption>{title}</caption>
          <TableHead>
            <TableRow>
              {table.columns.map((column, c) => (
                <TableCell
                  key={column}
                  scope="col"
                  align={typeof table.rows[0]?.[c] === 'number' ? 'right' : 'left'}
                  sx={{ whiteSpace: 'nowrap' }}
                >
                  {column}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {table.rows.map((row, r) => (
              <TableRow key={r}>
                {row.map((cell, c) =>
                  c === 0 ? (
                    <TableCell key={c} component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                      {cell}
                    </TableCell>
                  ) : (
                    <TableCell key={c} align={typeof cell === 'number' ? 'right' : 'left'}>
                      {typeof cell === 'number' ? formatNumber(cell) : cell}
                    </TableCell>
                  ),
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    );
  }

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      aria-busy={loading}
      sx={{ p: 2, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <Typography id={titleId} component="h2" variant="h6">
        {title}
      </Typography>
      <Typography id={descriptionId} variant="body2" color="text.secondary">
        {description}
      </Typography>
      <Stack
        direction="row"
        sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}
      >
        <ToggleButtonGroup
          exclusive
          size="small"
          value={view}
          aria-label={t('dashboard.view', { title })}
          onChange={(_event, next: 'chart' | 'table' | null) => {
            if (next) setView(next);
          }}
        >
          <ToggleButton value="chart" sx={{ textTransform: 'none' }}>
            {t('dashboard.chart')}
          </ToggleButton>
          <ToggleButton value="table" sx={{ textTransform: 'none' }}>
            {t('dashboard.table')}
          </ToggleButton>
        </ToggleButtonGroup>
        <Button
          size="small"
          variant="outlined"
          startIcon={<FileDownloadIcon />}
          disabled={loading || empty}
          aria-label={t('dashboard.downloadLabel', { title })}
          onClick={() => downloadCsv(`${fileName}.csv`, table.columns, table.rows)}
        >
          {t('dashboard.download')}
        </Button>
      </Stack>
      {!loading && extra}
      {body}
    </Paper>
  );
}
