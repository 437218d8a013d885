import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/zh-hk';
import 'dayjs/locale/zh-cn';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_TABLE, textIn } from '@vmer/domain/languages';
import { DISCLOSURE_STATUS, type DisclosureStatus, type Language } from '@vmer/domain/model';
import type { WorklistCounts } from '@vmer/domain/workbench';
import { useConditionChoicesQuery, type ProductKey } from '../api/worklist-api.ts';
import { listOf, type FilterKey, type WorklistAddress } from '../worklist-url.ts';
import { useStatusName } from './entry-parts.tsx';

/** One insurer × channel × product the caller works with, as the filters offer them. */
export interface ProductChoice extends ProductKey {
  insurerName: { en: string; cn_traditional: string };
}

export interface WorklistFiltersProps {
  address: WorklistAddress;
  products: readonly ProductChoice[];
  counts: WorklistCounts | undefined;
  /** Filters to set (a value) or clear (''). */
  onFilters: (change: Partial<Record<FilterKey, string>>) => void;
  onClear: () => void;
}

const STATUSES = Object.values(DISCLOSURE_STATUS) as DisclosureStatus[];
const ISO = 'YYYY-MM-DD';
const distinct = (values: string[]) => [...new Set(values)];

/** The date range filters (W-03), in the order they stand. */
const DATE_FILTERS = ['createdFrom', 'createdTo', 'submittedFrom', 'submittedTo'] as const;

/** A date filter: a complete date sets it, clearing the field removes it. */
function DateFilter({
  label,
  value,
  onDate,
}: {
  label: string;
  value: string | undefined;
  onDate: (iso: string) => void;
}) {
  return (
    <DatePicker
      label={label}
      value={value ? dayjs(value) : null}
      format="DD/MM/YYYY"
      onChange={(date: Dayjs | null) => {
        if (date === null) onDate('');
        else if (date.isValid()) onDate(date.format(ISO));
      }}
      slotProps={{ textField: { size: 'small' }, field: { clearable: true } }}
    />
  );
}

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

  const insurers = distinct(products.map((p) => p.insurerCode.toLowerCase()));
  const ofInsurer = products.filter(
    (p) => !filters.insurer || p.insurerCode.toLowerCase() === filters.insurer,
  );
  const channels = distinct(ofInsurer.map((p) => p.channel));
  const productCodes = distinct(
    ofInsurer
      .filter((p) => !filters.channel || p.channel === filters.channel)
      .map((p) => p.productCode),
  );
  const insurerName = (code: string) => {
    const name = products.find((p) => p.insurerCode.toLowerCase() === code)?.insurerName;
    return name ? textIn(name, language) : code;
  };

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

  /** Choosing an insurer or channel clears the choices below it, which may not belong to it. */
  const below: Partial<Record<FilterKey, Partial<Record<FilterKey, string>>>> = {
    insurer: { channel: '', product: '' },
    channel: { product: '' },
  };
  const select = (key: FilterKey, label: string, options: { value: string; label: string }[]) => (
    <TextField
      select
      size="small"
      label={label}
      value={filters[key] ?? ''}
      onChange={(event) => onFilters({ ...below[key], [key]: event.target.value })}
      sx={{ minWidth: 150 }}
    >
      <MenuItem value="">{t('worklist.filters.any')}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale={LANGUAGE_TABLE[language].dateLocale}
    >
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
          {select(
            'insurer',
            t('worklist.filters.insurer'),
            insurers.map((code) => ({ value: code, label: insurerName(code) })),
          )}
          {select(
            'channel',
            t('worklist.filters.channel'),
            channels.map((value) => ({ value, label: value })),
          )}
          {select(
            'product',
            t('worklist.filters.product'),
            productCodes.map((value) => ({ value, label: value })),
          )}
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
    </LocalizationProvider>
  );
}
