import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { textIn } from '@vmer/domain/languages';
import { DISCLOSURE_STATUS, type DisclosureStatus, type Language } from '@vmer/domain/model';
import type { WorklistCounts } from '@vmer/domain/workbench';
import {
  DateFilter,
  DatesLocalized,
  ProductFilterSelects,
  type ProductChoice,
} from '../../../components/product-filters.tsx';
import { useStatusName } from '../../../components/status-chip.tsx';
import { useConditionChoicesQuery } from '../api/worklist-api.ts';
import { listOf, type FilterKey, type WorklistAddress } from '../worklist-url.ts';

export interface WorklistFiltersProps {
  address: WorklistAddress;
  products: readonly ProductChoice[];
  counts: WorklistCounts | undefined;
  /** Filters to set (a value) or clear (''). */
  onFilters: (change: Partial<Record<FilterKey, string>>) => void;
  onClear: () => void;
}

const STATUSES = Object.values(DISCLOSURE_STATUS) as DisclosureStatus[];

/** The date range filters (W-03), in the order they stand. */
const DATE_FILTERS = ['createdFrom', 'createdTo', 'submittedFrom', 'submittedTo'] as const;

/**
 * The worklist's filters (requirements W-03, W-06): statuses with their counts, insurer,
 * channel, product, application-number prefix, condition, "decision needs review" and the
 * created and submitted date ranges. Each change goes to the address at once, except the
 * application number, which applies on Enter or on leaving the field.
 */
export function WorklistFilters({
  address,
  products,
  counts,
  onFilters,
  onClear,
}: WorklistFiltersProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const statusName = useStatusName();
  const statusLabelId = useId();
  const { filters } = address;
  const statuses = listOf(filters.status);

  const ofInsurer = products.filter(
    (p) => !filters.insurer || p.insurerCode.toLowerCase() === filters.insurer,
  );

  // The condition list is a product's catalogue list: the chosen product's, else the first one's.
  const [conditionsWanted, setConditionsWanted] = useState(false);
  const product =
    ofInsurer.find(
      (p) =>
        (!filters.channel || p.channel === filters.channel) &&
        (!filters.product || p.productCode === filters.product),
    ) ?? products[0];
  const conditionChoices = useConditionChoicesQuery(
    product
      ? {
          insurerCode: product.insurerCode,
          channel: product.channel,
          productCode: product.productCode,
        }
      : { insurerCode: '', channel: '', productCode: '' },
    { skip: !product || (!conditionsWanted && !filters.condition) },
  );
  const choices = conditionChoices.data ?? [];
  const chosenCondition = filters.condition
    ? (choices.find((c) => c.uuid === filters.condition) ?? {
        uuid: filters.condition,
        name: { en: filters.condition, cn_traditional: filters.condition },
      })
    : null;

  const [typed, setTyped] = useState<string | null>(null);
  const prefix = typed ?? filters.q ?? '';
  const applyPrefix = () => {
    if (typed !== null && typed !== (filters.q ?? '')) onFilters({ q: typed.trim() });
    setTyped(null);
  };

  return (
    <DatesLocalized>
      <Stack spacing={2}>
        <Box>
          <Typography id={statusLabelId} variant="body2" sx={{ mb: 0.5, fontWeight: 600 }}>
            {t('worklist.filters.status')}
          </Typography>
          <ToggleButtonGroup
            aria-labelledby={statusLabelId}
            size="small"
            value={statuses}
            onChange={(_event, next: string[]) => onFilters({ status: next.sort().join(',') })}
            sx={{ flexWrap: 'wrap' }}
          >
            {STATUSES.map((status) => (
              <ToggleButton key={status} value={String(status)} sx={{ textTransform: 'none' }}>
                {t('worklist.filters.statusCount', {
                  name: statusName(status),
                  count: counts?.byStatus[status] ?? 0,
                })}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
          <ProductFilterSelects
            filters={filters}
            products={products}
            labels={{
              insurer: t('worklist.filters.insurer'),
              channel: t('worklist.filters.channel'),
              product: t('worklist.filters.product'),
              any: t('worklist.filters.any'),
            }}
            onFilters={onFilters}
          />
          <TextField
            size="small"
            label={t('worklist.filters.applicationNumber')}
            helperText={t('worklist.filters.applicationNumberHelp')}
            value={prefix}
            onChange={(event) => setTyped(event.target.value)}
            onBlur={applyPrefix}
            onKeyDown={(event) => {
              if (event.key === 'Enter') applyPrefix();
            }}
            slotProps={{ htmlInput: { maxLength: 30 } }}
          />
          <Autocomplete
            size="small"
            sx={{ minWidth: 240 }}
            options={choices}
            value={chosenCondition}
            loading={conditionChoices.isFetching}
            onOpen={() => setConditionsWanted(true)}
            getOptionLabel={(choice) => textIn(choice.name, language)}
            isOptionEqualToValue={(a, b) => a.uuid === b.uuid}
            noOptionsText={t('worklist.filters.conditionNone')}
            onChange={(_event, choice) => onFilters({ condition: choice?.uuid ?? '' })}
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('worklist.filters.condition')}
                onFocus={() => setConditionsWanted(true)}
              />
            )}
          />
        </Stack>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          {DATE_FILTERS.map((key) => (
            <DateFilter
              key={key}
              label={t(`worklist.filters.${key}`)}
              value={filters[key]}
              onDate={(date) => onFilters({ [key]: date })}
            />
          ))}
          <FormControlLabel
            label={t('worklist.filters.needsReview')}
            control={
              <Switch
                checked={filters.needsReview === 'true'}
                onChange={(_event, checked) => onFilters({ needsReview: checked ? 'true' : '' })}
              />
            }
          />
          <Button onClick={onClear}>{t('worklist.filters.clear')}</Button>
        </Stack>
      </Stack>
    </DatesLocalized>
  );
}
