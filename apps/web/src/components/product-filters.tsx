import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/zh-hk';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_TABLE, textIn } from '@vmer/domain/languages';
import type { Language } from '@vmer/domain/model';
import type { Filters } from '../lib/url-filters.ts';

/** One insurer × channel × product the caller works with, as filters offer them. */
export interface ProductChoice {
  insurerCode: string;
  channel: string;
  productCode: string;
  insurerName: { en: string; cn_traditional: string };
}

type ProductFilter = 'insurer' | 'channel' | 'product';

/** Choosing an insurer or channel clears the choices below it, which may not belong to it. */
const BELOW: Record<ProductFilter, Filters<ProductFilter>> = {
  insurer: { channel: '', product: '' },
  channel: { product: '' },
  product: {},
};

const distinct = (values: string[]) => [...new Set(values)];

/** One choice of a {@link FilterSelect}: the value the address holds and its label. */
export interface FilterOption {
  value: string;
  label: string;
}

/**
 * A filter choosing one of `options`, "any" (`anyLabel`, the value '') first; `minWidth` in px
 * keeps short labels from shrinking it.
 */
export function FilterSelect({
  label,
  anyLabel,
  value,
  options,
  onValue,
  minWidth = 150,
}: {
  label: string;
  anyLabel: string;
  value: string;
  options: readonly FilterOption[];
  onValue: (value: string) => void;
  minWidth?: number;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onValue(event.target.value)}
      sx={{ minWidth }}
    >
      <MenuItem value="">{anyLabel}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The insurer, channel and product filters of a screen that filters by address (the worklist,
 * the dashboard): each offers what the caller's insurer list holds under the choices above it,
 * and "any" as its first choice.
 */
export function ProductFilterSelects({
  filters,
  products,
  labels,
  onFilters,
}: {
  filters: Filters<ProductFilter>;
  products: readonly ProductChoice[];
  labels: Record<ProductFilter | 'any', string>;
  /** Filters to set (a value) or clear (''). */
  onFilters: (change: Filters<ProductFilter>) => void;
}) {
  const { i18n } = useTranslation();
  const language = i18n.language as Language;
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
  const select = (key: ProductFilter, options: FilterOption[]) => (
    <FilterSelect
      label={labels[key]}
      anyLabel={labels.any}
      value={filters[key] ?? ''}
      options={options}
      onValue={(value) => onFilters({ ...BELOW[key], [key]: value })}
    />
  );
  return (
    <>
      {select(
        'insurer',
        insurers.map((code) => ({ value: code, label: insurerName(code) })),
      )}
      {select(
        'channel',
        channels.map((value) => ({ value, label: value })),
      )}
      {select(
        'product',
        productCodes.map((value) => ({ value, label: value })),
      )}
    </>
  );
}

/**
 * A date filter (YYYY-MM-DD in the address, the day as the language writes it on screen): a
 * complete date sets it, clearing the field removes it. Inside a LocalizationProvider.
 */
export function DateFilter({
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
        else if (date.isValid()) onDate(date.format('YYYY-MM-DD'));
      }}
      slotProps={{ textField: { size: 'small' }, field: { clearable: true } }}
    />
  );
}

/** Date filters' surroundings: days written, and weeks starting, as the language does. */
export function DatesLocalized({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale={LANGUAGE_TABLE[i18n.language as Language].dateLocale}
    >
      {children}
    </LocalizationProvider>
  );
}
