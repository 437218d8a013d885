import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { GridPaginationModel } from '@mui/x-data-grid';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import type { WorklistSort, WorklistView } from '@vmer/domain/workbench';
import { ErrorWithAction } from '../../../components/error-with-action.tsx';
import { FilterPanel, ScreenHeader } from '../../../components/screen-frame.tsx';
import type { ProductChoice } from '../../../components/product-filters.tsx';
import type { ApiError } from '../../../lib/api-client.ts';
import { changeFilters } from '../../../lib/url-filters.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useWorklistCountsQuery, useWorklistQuery } from '../api/worklist-api.ts';
import {
  countsParams,
  exportParams,
  firstPage,
  pageParams,
  readAddress,
  writeAddress,
  type FilterKey,
  type WorklistAddress,
} from '../worklist-url.ts';
import { DownloadButton } from './download-button.tsx';
import { ViewTabs } from './view-tabs.tsx';
import { WorklistCards } from './worklist-cards.tsx';
import { WorklistFilters } from './worklist-filters.tsx';
import { WorklistGrid } from './worklist-grid.tsx';

/**
 * The cursors of the pages after the first that led to the page shown, kept in the history
 * entry: Back and reload keep them, so "previous" works after either. A shared address carries
 * only its own page's cursor; "previous" from there starts again at the first page.
 */
interface PageTrail {
  trail?: (string | null)[];
}

/** The server's reason for refusing the filters (400), in the caller's language. */
function refusalOf(error: unknown): string | null {
  const failure = error as ApiError | undefined;
  if (failure?.kind !== 'response' || failure.status !== 400) return null;
  return failure.message ?? failure.errors.map((e) => e.message).join(' ');
}

/**
 * The worklist (requirements W-01..W-08, design §10): the caller's insurers' disclosures, one
 * server page at a time, filtered, sorted and paged from the address alone.
 */
export function WorklistScreen({ products }: { products: readonly ProductChoice[] }) {
  const { t } = useTranslation();
  useDocumentTitle(t('worklist.documentTitle'));
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const address = readAddress(params);
  const trail = (location.state as PageTrail | null)?.trail ?? [];
  const headingId = useId();

  const list = useWorklistQuery(pageParams(address));
  const counts = useWorklistCountsQuery(countsParams(address));
  const page = list.currentData;
  const refusal = refusalOf(list.error);

  // A navigation renders as a transition, and typing meanwhile renders the page still at the
  // address before it: a change made then builds on the address just asked for, not on the
  // one on screen, or it would undo the change before it.
  const asked = useRef<{ from: string; address: WorklistAddress; trail: (string | null)[] }>(null);
  const latest = () => {
    const pending = asked.current?.from === location.key ? asked.current : null;
    return { current: pending?.address ?? address, currentTrail: pending?.trail ?? trail, pending };
  };

  const go = (next: WorklistAddress, nextTrail: (string | null)[] = []) => {
    asked.current = { from: location.key, address: next, trail: nextTrail };
    setParams(writeAddress(next), { state: { trail: nextTrail } satisfies PageTrail });
  };

  const setFilters = (change: Partial<Record<FilterKey, string>>) => {
    const { current } = latest();
    go(firstPage({ ...current, filters: changeFilters(current.filters, change) }));
  };
  const clearFilters = () => go(firstPage({ ...latest().current, filters: {} }));
  const setView = (view: WorklistView) => go(firstPage({ ...latest().current, view }));
  const setSort = (sort: WorklistSort, order: 'asc' | 'desc') =>
    go(firstPage({ ...latest().current, sort, order }));

  const next = () => {
    const { current, currentTrail, pending } = latest();
    const cursor = page?.nextCursor;
    if (!cursor || pending) return;
    go({ ...current, page: current.page + 1, cursor }, [
      ...currentTrail.slice(0, current.page - 1),
      cursor,
    ]);
  };
  const previous = () => {
    const { current, currentTrail } = latest();
    const target = current.page - 1;
    const cursor = target > 1 ? currentTrail[target - 2] : null;
    if (!cursor) go(firstPage(current));
    else go({ ...current, page: target, cursor }, currentTrail.slice(0, target - 1));
  };
  const changePage = (model: GridPaginationModel) => {
    const { current } = latest();
    if (model.pageSize !== current.limit) go(firstPage({ ...current, limit: model.pageSize }));
    else if (model.page === current.page) next();
    else if (model.page === current.page - 2) previous();
    else if (model.page === 0) go(firstPage(current));
  };

  const filters = (
    <WorklistFilters
      address={address}
      products={products}
      counts={counts.currentData}
      onFilters={setFilters}
      onClear={clearFilters}
    />
  );

  let results;
  if (refusal !== null) {
    results = (
      <ErrorWithAction
        message={t('worklist.refused', { message: refusal })}
        action={t('worklist.filters.clear')}
        onAction={clearFilters}
      />
    );
  } else if (list.isError && !page) {
    results = (
      <ErrorWithAction
        message={t('worklist.failed')}
        action={t('common.retry')}
        onAction={() => void list.refetch()}
      />
    );
  } else if (!page) {
    results = <LinearProgress aria-label={t('worklist.loading')} />;
  } else if (page.items.length === 0 && address.page === 1) {
    results = (
      <Typography role="status" sx={{ py: 4, textAlign: 'center' }} color="text.secondary">
        {t('worklist.empty')}
      </Typography>
    );
  } else if (phone) {
    results = (
      <WorklistCards
        items={page.items}
        page={address.page}
        hasNextPage={page.nextCursor !== null}
        loading={list.isFetching}
        onPrevious={previous}
        onNext={next}
      />
    );
  } else {
    results = (
      <WorklistGrid
        address={address}
        items={page.items}
        hasNextPage={page.nextCursor !== null}
        loading={list.isFetching}
        onPage={changePage}
        onSort={setSort}
      />
    );
  }

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ width: '100%' }}>
      <ScreenHeader
        headingId={headingId}
        title={t('worklist.title')}
        action={<DownloadButton params={exportParams(address)} />}
      />
      <FilterPanel
        labels={{
          title: t('worklist.filters.title'),
          show: t('worklist.filters.show'),
          hide: t('worklist.filters.hide'),
        }}
      >
        {filters}
      </FilterPanel>
      <ViewTabs view={address.view} counts={counts.currentData} onView={setView} />
      <Box sx={{ mt: 2 }}>{results}</Box>
    </Box>
  );
}
