import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { WorklistEntry } from '@vmer/domain/workbench';
import {
  CardPager,
  DescriptionLine,
  DESCRIPTION_LIST_SX,
} from '../../../components/card-parts.tsx';
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
              <Box component="dl" sx={DESCRIPTION_LIST_SX}>
                <DescriptionLine label={t('worklist.columns.product')}>
                  {[entry.insurerCode, entry.channel, entry.productCode].join(' · ')}
                </DescriptionLine>
                <DescriptionLine label={t('worklist.columns.decisions')}>
                  <EntryDecisions entry={entry} />
                </DescriptionLine>
                <DescriptionLine label={t('worklist.columns.conditions')}>
                  <EntryConditions entry={entry} />
                </DescriptionLine>
                <DescriptionLine label={t('worklist.columns.createdBy')}>
                  {entry.createdBy}
                </DescriptionLine>
                <DescriptionLine label={t('worklist.columns.updatedAt')}>
                  {entryDate(entry.updatedAt)}
                </DescriptionLine>
                <DescriptionLine label={t('worklist.columns.submittedAt')}>
                  {entryDate(entry.submittedAt)}
                </DescriptionLine>
                <DescriptionLine label={t('worklist.columns.reviewer')}>
                  <EntryReviewer entry={entry} />
                </DescriptionLine>
                {entry.rejectReason && (
                  <DescriptionLine label={t('worklist.columns.returnReason')}>
                    {entry.rejectReason}
                  </DescriptionLine>
                )}
              </Box>
            </CardContent>
          </Card>
        ))}
      </Stack>
      <CardPager
        pageLabel={t('worklist.page', { page })}
        labels={{ previous: t('worklist.previous'), next: t('worklist.next') }}
        previousDisabled={page <= 1 || loading}
        nextDisabled={!hasNextPage || loading}
        onPrevious={onPrevious}
        onNext={onNext}
      />
    </Box>
  );
}
