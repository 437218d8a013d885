import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { IMPACT_DEFAULT_DAYS, impactQuerySchema } from '@vmer/domain/catalog/impact';
import { textIn } from '@vmer/domain/languages';
import type { Language } from '@vmer/domain/model';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import type { ApiError } from '../../../lib/api-client.ts';
import { useFormatters } from '../../../lib/use-formatters.ts';
import { decisionWords } from '../diff-words.ts';
import { useLazyCatalogImpactQuery, type CatalogImpact, type ImpactTarget } from './impact-api.ts';

const k = (key: string) => `catalogueImpact.${key}`;

function ImpactResult({ impact }: { impact: CatalogImpact }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const { formatDate, formatNumber } = useFormatters();
  const words = { t, language };
  const changedCells = impact.cells.filter((cell) => cell.changed > 0);
  const value = (decision: string | null, removed: boolean) => {
    const text = decisionWords(words, decision);
    return removed && decision === null ? t(k('removed'), { decision: text }) : text;
  };
  return (
    <Stack spacing={2}>
      <Typography role="status" sx={{ fontWeight: 600 }}>
        {impact.replayed === 0
          ? t(k('nothingReplayed'))
          : t(k('summary'), {
              replayed: formatNumber(impact.replayed),
              changed: formatNumber(impact.changed),
              since: formatDate(new Date(impact.since)),
            })}
      </Typography>
      {impact.failed > 0 && (
        <Alert severity="warning">
          {t(k('failedCount'), { failed: formatNumber(impact.failed) })}
        </Alert>
      )}
      {impact.replayed > 0 && changedCells.length === 0 && (
        <Typography>{t(k('noChange'))}</Typography>
      )}
      {changedCells.length > 0 && (
        <ScrollTable
          caption={t(k('cellsCaption'))}
          columns={['condition', 'indicator', 'changed', 'replayed'].map((c) =>
            t(k(`column.${c}`)),
          )}
        >
          {changedCells.map((cell) => (
            <TableRow key={`${cell.uuid} ${cell.indicator}`}>
              <TableCell component="th" scope="row">
                {textIn(cell.name, language)}
              </TableCell>
              <TableCell>{cell.indicator}</TableCell>
              <TableCell>{formatNumber(cell.changed)}</TableCell>
              <TableCell>{formatNumber(cell.replayed)}</TableCell>
            </TableRow>
          ))}
        </ScrollTable>
      )}
      {impact.examples.length > 0 && (
        <ScrollTable
          caption={t(k('examplesCaption'))}
          columns={['applicationNumber', 'condition', 'indicator', 'before', 'after'].map((c) =>
            t(k(`column.${c}`)),
          )}
        >
          {impact.examples.map((example) => (
            <TableRow key={`${example.disclosureId} ${example.uuid} ${example.indicator}`}>
              <TableCell component="th" scope="row">
                {example.applicationNumber}
              </TableCell>
              <TableCell>{textIn(example.name, language)}</TableCell>
              <TableCell>{example.indicator}</TableCell>
              <TableCell>{value(example.before, false)}</TableCell>
              <TableCell>{value(example.after, example.removed)}</TableCell>
            </TableRow>
          ))}
        </ScrollTable>
      )}
    </Stack>
  );
}

/** The server's reason a replay was refused: its message and each problem it lists. */
function ImpactError({ error }: { error: ApiError }) {
  const { t } = useTranslation();
  const problems = error.kind === 'response' ? error.errors : [];
  return (
    <Alert severity="error">
      {(error.kind === 'response' && error.message) || t(k('failed'))}
      {problems.length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {problems.map((problem, i) => (
            <li key={i}>
              {problem.path}: {problem.message}
            </li>
          ))}
        </Box>
      )}
    </Alert>
  );
}

/**
 * Impact before release (requirements K-09): replays the caller's insurers' disclosures
 * submitted in the last N days against a version or a draft, on request, and shows how many
 * decisions would change per condition and benefit with before → after examples.
 */
export function ImpactPanel({ target }: { target: ImpactTarget }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [days, setDays] = useState(String(IMPACT_DEFAULT_DAYS));
  const [invalid, setInvalid] = useState(false);
  const [analyse, result] = useLazyCatalogImpactQuery();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = impactQuerySchema.safeParse({ days: days.trim() });
    setInvalid(!parsed.success);
    if (parsed.success) void analyse({ target, days: parsed.data.days });
  };

  return (
    <Stack component="section" aria-labelledby={headingId} spacing={2}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 600 }}>
        {t(k('title'))}
      </Typography>
      <Typography color="text.secondary">
        {'version' in target
          ? t(k('introVersion'), { version: target.version })
          : t(k('introDraft'))}
      </Typography>
      <Stack
        component="form"
        noValidate
        onSubmit={submit}
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'flex-start' } }}
      >
        <TextField
          label={t(k('days'))}
          value={days}
          onChange={(event) => setDays(event.target.value)}
          error={invalid}
          helperText={invalid ? t(k('daysInvalid')) : t(k('daysHelp'))}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          size="small"
        />
        <Button type="submit" variant="contained" disabled={result.isFetching}>
          {t(k('run'))}
        </Button>
      </Stack>
      {result.isFetching && (
        <Box aria-busy="true">
          <LinearProgress aria-label={t(k('running'))} />
          <Typography role="status" variant="body2" sx={{ mt: 1 }}>
            {t(k('running'))}
          </Typography>
        </Box>
      )}
      {!result.isFetching && result.isError && <ImpactError error={result.error as ApiError} />}
      {!result.isFetching && result.data && !result.isError && (
        <ImpactResult impact={result.data} />
      )}
    </Stack>
  );
}
