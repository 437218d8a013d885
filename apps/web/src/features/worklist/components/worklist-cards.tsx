import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorklistEntry } from '@vmer/domain/workbench';
import { StatusChip } from '../../../components/status-chip.tsx';
import {
  ApplicationLink,
  EntryConditions,
  EntryDecisions,
  EntryReviewer,
  useEntryDate,
} from './entry-parts.tsx';

export interface WorklistCardsProps {
  items: readonly WorklistEntry[];
  page: number;
  hasNextPage: boolean;
  loading: boolean;
  onPrevious: () => void;
  onNext: () => void;
}

/** One labelled line of a card's description list. */
function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0 }}>
        {children}
      </Typography>
    </>
  );
}

/**
 * The worklist at phone width (requirements W-08): the same rows as the grid, one card each,
 * with the same links and the same server pages.
 */
export function WorklistCards({
  items,
  page,
  hasNextPage,
  loading,
  onPrevious,
  onNext,
}: WorklistCardsProps) {
  const { t } = useTranslation();
  const entryDate = useEntryDate();
  return (
    <Box>
      <Stack component="ul" aria-label={t('worklist.cards')} spacing={1.5} sx={{ p: 0, m: 0 }}>
        {items.map((entry) => (
          <Card component="li" key={entry.id} variant="outlined" sx={{ listStyle: 'none' }}>
            <CardContent>
              <Stack
                direction="row"
                spacing={1}
                sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}
              >
                <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
                  <ApplicationLink entry={entry} />
                </Typography>
                <StatusChip status={entry.status} />
              </Stack>
              <Box
                component="dl"
                sx={{
                  display: 'grid',
                  gridTemplateColumns: 'minmax(96px, auto) 1fr',
                  columnGap: 1.5,
                  rowGap: 0.5,
                  m: 0,
                }}
              >
                <Line label={t('worklist.columns.product')}>
                  {[entry.insurerCode, entry.channel, entry.productCode].join(' · ')}
                </Line>
                <Line label={t('worklist.columns.decisions')}>
                  <EntryDecisions entry={entry} />
                </Line>
                <Line label={t('worklist.columns.conditions')}>
                  <EntryConditions entry={entry} />
                </Line>
                <Line label={t('worklist.columns.createdBy')}>{entry.createdBy}</Line>
                <Line label={t('worklist.columns.updatedAt')}>{entryDate(entry.updatedAt)}</Line>
                <Line label={t('worklist.columns.submittedAt')}>
                  {entryDate(entry.submittedAt)}
                </Line>
                <Line label={t('worklist.columns.reviewer')}>
                  <EntryReviewer entry={entry} />
                </Line>
                {entry.rejectReason && (
                  <Line label={t('worklist.columns.returnReason')}>{entry.rejectReason}</Line>
                )}
              </Box>
            </CardContent>
          </Card>
        ))}
      </Stack>
      <Stack
        component="nav"
        aria-label={t('worklist.page', { page })}
        direction="row"
        spacing={1}
        sx={{ mt: 2, alignItems: 'center', justifyContent: 'space-between' }}
      >
        <Button variant="outlined" disabled={page <= 1 || loading} onClick={onPrevious}>
          {t('worklist.previous')}
        </Button>
        <Typography variant="body2">{t('worklist.page', { page })}</Typography>
        <Button variant="outlined" disabled={!hasNextPage || loading} onClick={onNext}>
          {t('worklist.next')}
        </Button>
      </Stack>
    </Box>
  );
}
