import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link as RouterLink } from 'react-router';
import type { WorklistEntry } from '@vmer/domain/workbench';
import { DecisionValue } from '../../../components/decision-value.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { paths } from '../../../config/paths.ts';
import { useFormatters } from '../../../lib/use-formatters.ts';

/** The status, and for a disclosure returned for correction the reviewer's reason (W-20). */
export function EntryStatus({ entry }: { entry: WorklistEntry }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start', minWidth: 0 }}>
      <StatusChip status={entry.status} />
      {entry.rejectReason && (
        <Typography variant="caption" sx={{ overflowWrap: 'anywhere' }}>
          {t('worklist.returnReason', { reason: entry.rejectReason })}
        </Typography>
      )}
    </Stack>
  );
}

/** The application number, opening the disclosure's own page. */
export function ApplicationLink({ entry }: { entry: WorklistEntry }) {
  return (
    <Link
      component={RouterLink}
      to={generatePath(paths.questionnaire, { requestId: entry.requestId })}
    >
      {entry.applicationNumber}
    </Link>
  );
}

/** The consolidated decision per benefit, in the decision table's colours. */
export function EntryDecisions({ entry }: { entry: WorklistEntry }) {
  const { t } = useTranslation();
  const decisions = Object.entries(entry.decisions);
  if (decisions.length === 0) return <>{t('worklist.none')}</>;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {decisions.map(([indicator, value]) => (
        <DecisionValue key={indicator} indicator={indicator} value={value} />
      ))}
    </Stack>
  );
}

/** The first three conditions, then "+n", which shows the rest when pressed. */
export function EntryConditions({ entry }: { entry: WorklistEntry }) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  if (entry.conditions.length === 0) return <>{t('worklist.none')}</>;
  const shown = all ? entry.conditions : entry.conditions.slice(0, 3);
  const rest = entry.conditions.slice(3);
  const restLabel = t('worklist.moreConditionsLabel', {
    count: rest.length,
    names: rest.join(', '),
  });
  return (
    <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
      {shown.join(', ')}
      {rest.length > 0 && !all && (
        <Tooltip title={restLabel}>
          <Chip
            size="small"
            label={t('worklist.moreConditions', { count: rest.length })}
            aria-label={restLabel}
            onClick={() => setAll(true)}
            sx={{ ml: 0.5 }}
          />
        </Tooltip>
      )}
    </Box>
  );
}

/** Who reviewed it, or who holds it for review now. */
export function EntryReviewer({ entry }: { entry: WorklistEntry }) {
  const { t } = useTranslation();
  if (entry.claim) return <>{t('worklist.claimedBy', { name: entry.claim.claimedBy })}</>;
  return <>{entry.reviewer ?? t('worklist.none')}</>;
}

/** An ISO time as the interface language writes a date; a dash when there is none. */
export function useEntryDate(): (iso: string | null) => string {
  const { t } = useTranslation();
  const { formatDate } = useFormatters();
  return useCallback(
    (iso) => (iso ? formatDate(new Date(iso)) : t('worklist.none')),
    [formatDate, t],
  );
}
