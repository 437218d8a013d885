import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorWithAction } from '../../../components/error-with-action.tsx';
import { FilterPanel, ScreenHeader } from '../../../components/screen-frame.tsx';
import {
  DateFilter,
  DatesLocalized,
  ProductFilterSelects,
  type ProductChoice,
} from '../../../components/product-filters.tsx';
import type { ApiError } from '../../../lib/api-client.ts';
import { changeFilters } from '../../../lib/url-filters.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useFormatters } from '../../../lib/use-formatters.ts';
import { useDashboardQuery } from '../api/dashboard-api.ts';
import {
  readDashboardAddress,
  writeDashboardAddress,
  type DashboardFilters,
} from '../dashboard-url.ts';
import { DashboardCharts } from './dashboard-charts.tsx';

/** The server's reason for refusing the filters (400), in the caller's language. */
function refusalOf(error: unknown): string | null {
  const failure = error as ApiError | undefined;
  if (failure?.kind !== 'response' || failure.status !== 400) return null;
  return failure.message ?? failure.errors.map((e) => e.message).join(' ');
}

/**
 * The operations dashboard (requirements O-12, O-13, design §11): every figure of the caller's
 * insurers for the filters the address holds, each a chart with a table view and a CSV.
 */
export function DashboardScreen({ products }: { products: readonly ProductChoice[] }) {
  const { t } = useTranslation();
  useDocumentTitle(t('dashboard.documentTitle'));
  const { formatDate, formatDateTime } = useFormatters();
  const [params, setParams] = useSearchParams();
  const filters = readDashboardAddress(params);
  const headingId = useId();

  const query = useDashboardQuery(filters);
  const data = query.currentData;
  const refusal = refusalOf(query.error);

  const setFilters = (change: DashboardFilters) =>
    setParams(writeDashboardAddress(changeFilters(filters, change)));
  const clearFilters = () => setParams(new URLSearchParams());

  const filterFields = (
    <DatesLocalized>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <ProductFilterSelects
          filters={filters}
          products={products}
          labels={{
            insurer: t('dashboard.filters.insurer'),
            channel: t('dashboard.filters.channel'),
            product: t('dashboard.filters.product'),
            any: t('dashboard.filters.any'),
          }}
          onFilters={setFilters}
        />
        {(['from', 'to'] as const).map((key) => (
          <DateFilter
            key={key}
            label={t(`dashboard.filters.${key}`)}
            value={filters[key]}
            onDate={(date) => setFilters({ [key]: date })}
          />
        ))}
        <Button onClick={clearFilters}>{t('dashboard.filters.clear')}</Button>
      </Stack>
    </DatesLocalized>
  );

  const day = (iso: string) => formatDate(new Date(`${iso}T00:00:00`));
  let results;
  if (refusal !== null) {
    results = (
      <ErrorWithAction
        message={t('dashboard.refused', { message: refusal })}
        action={t('dashboard.filters.clear')}
        onAction={clearFilters}
      />
    );
  } else if (query.isError && !data) {
    results = (
      <ErrorWithAction
        message={t('dashboard.failed')}
        action={t('common.retry')}
        onAction={() => void query.refetch()}
      />
    );
  } else {
    results = (
      <>
        <Box role="status" sx={{ mb: 2, minHeight: 24 }}>
          {data ? (
            <Typography variant="body2" color="text.secondary">
              {t('dashboard.asOf', {
                time: formatDateTime(new Date(data.asOf)),
                from: day(data.from),
                to: day(data.to),
              })}
            </Typography>
          ) : (
            <LinearProgress aria-label={t('dashboard.loading')} />
          )}
        </Box>
        <DashboardCharts data={data} />
      </>
    );
  }

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ width: '100%', minWidth: 0 }}>
      <ScreenHeader headingId={headingId} title={t('dashboard.title')} />
      <FilterPanel
        labels={{
          title: t('dashboard.filters.title'),
          show: t('dashboard.filters.show'),
          hide: t('dashboard.filters.hide'),
        }}
      >
        {filterFields}
      </FilterPanel>
      {results}
    </Box>
  );
}
