import { type GridColDef, type GridPaginationModel, type GridSortModel } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorklistEntry, WorklistSort } from '@vmer/domain/workbench';
import { ServerGrid } from '../../../components/server-grid.tsx';
import { PAGE_SIZES, SORTABLE, type WorklistAddress } from '../worklist-url.ts';
import {
  ApplicationLink,
  EntryConditions,
  EntryDecisions,
  EntryReviewer,
  EntryStatus,
  useEntryDate,
} from './entry-parts.tsx';

export interface WorklistGridProps {
  address: WorklistAddress;
  items: readonly WorklistEntry[];
  hasNextPage: boolean;
  loading: boolean;
  /** The grid asked for another page (zero-based) or page size. */
  onPage: (model: GridPaginationModel) => void;
  onSort: (sort: WorklistSort, order: 'asc' | 'desc') => void;
}

/**
 * The worklist as a data grid (requirements W-02, W-04): one server page at a time with the
 * keyset cursor, so the total is unknown and the grid asks only whether a next page exists;
 * sorting happens on the server, by the three date columns.
 */
export function WorklistGrid({
  address,
  items,
  hasNextPage,
  loading,
  onPage,
  onSort,
}: WorklistGridProps) {
  const { t } = useTranslation();
  const entryDate = useEntryDate();

  const columns = useMemo<GridColDef<WorklistEntry>[]>(() => {
    const plain = { sortable: false, minWidth: 100, flex: 1 } as const;
    const date = (field: WorklistSort): GridColDef<WorklistEntry> => ({
      field,
      headerName: t(`worklist.columns.${field}`),
      sortable: true,
      minWidth: 130,
      flex: 1,
      valueFormatter: (value: string | null) => entryDate(value),
    });
    return [
      {
        ...plain,
        field: 'applicationNumber',
        headerName: t('worklist.columns.applicationNumber'),
        minWidth: 150,
        renderCell: ({ row }) => <ApplicationLink entry={row} />,
      },
      { ...plain, field: 'insurerCode', headerName: t('worklist.columns.insurer') },
      { ...plain, field: 'channel', headerName: t('worklist.columns.channel') },
      { ...plain, field: 'productCode', headerName: t('worklist.columns.product') },
      {
        ...plain,
        field: 'status',
        headerName: t('worklist.columns.status'),
        minWidth: 120,
        renderCell: ({ row }) => <EntryStatus entry={row} />,
      },
      {
        ...plain,
        field: 'decisions',
        headerName: t('worklist.columns.decisions'),
        minWidth: 160,
        flex: 1.5,
        renderCell: ({ row }) => <EntryDecisions entry={row} />,
      },
      {
        ...plain,
        field: 'conditions',
        headerName: t('worklist.columns.conditions'),
        minWidth: 180,
        flex: 2,
        renderCell: ({ row }) => <EntryConditions entry={row} />,
      },
      { ...plain, field: 'createdBy', headerName: t('worklist.columns.createdBy') },
      date('updatedAt'),
      date('createdAt'),
      date('submittedAt'),
      {
        ...plain,
        field: 'reviewer',
        headerName: t('worklist.columns.reviewer'),
        renderCell: ({ row }) => <EntryReviewer entry={row} />,
      },
    ];
  }, [t, entryDate]);

  const sortModel: GridSortModel = [{ field: address.sort, sort: address.order }];
  const changeSort = (model: GridSortModel) => {
    const [first] = model;
    if (first && SORTABLE.includes(first.field as WorklistSort)) {
      onSort(first.field as WorklistSort, first.sort === 'asc' ? 'asc' : 'desc');
    }
  };

  return (
    <ServerGrid
      aria-label={t('worklist.grid')}
      rows={items}
      columns={columns}
      loading={loading}
      sortingMode="server"
      rowCount={hasNextPage ? -1 : (address.page - 1) * address.limit + items.length}
      paginationMeta={{ hasNextPage }}
      paginationModel={{ page: address.page - 1, pageSize: address.limit }}
      onPaginationModelChange={onPage}
      pageSizeOptions={[...PAGE_SIZES]}
      sortModel={sortModel}
      onSortModelChange={changeSort}
      sortingOrder={['desc', 'asc']}
    />
  );
}
