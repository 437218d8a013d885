import type { WorklistSort, WorklistView } from '@vmer/domain/workbench';
import { readFilters, writeFilters, type Filters } from '../../lib/url-filters.ts';
import type { WorklistParams } from './api/worklist-api.ts';

/**
 * The worklist's whole state lives in the address (requirements W-05): the view, the filters,
 * the sort, the page size, and the page with its keyset cursor. Values travel to the server as
 * written; the server validates them and refuses what it cannot read (W-09).
 */
const FILTER_KEYS = [
  'status',
  'insurer',
  'channel',
  'product',
  'q',
  'condition',
  'needsReview',
  'createdFrom',
  'createdTo',
  'submittedFrom',
  'submittedTo',
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/** The three date columns the worklist sorts by, as the contract names them. */
export const SORTABLE: readonly WorklistSort[] = ['updatedAt', 'createdAt', 'submittedAt'];
export const VIEWS: readonly WorklistView[] = ['all', 'mine', 'awaitingMyReview', 'returnedToMe'];
export const PAGE_SIZES = [25, 50, 100] as const;
const DEFAULT_PAGE_SIZE = 50;

export interface WorklistAddress {
  view: WorklistView;
  filters: Filters<FilterKey>;
  sort: WorklistSort;
  order: 'asc' | 'desc';
  limit: number;
  /** 1 for the first page. */
  page: number;
  /** The keyset cursor of `page`; none on the first page. */
  cursor: string | null;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

/** The worklist state an address holds; anything missing takes its default. */
export function readAddress(params: URLSearchParams): WorklistAddress {
  const cursor = params.get('cursor') || null;
  const page = Number(params.get('page'));
  const limit = Number(params.get('limit'));
  return {
    view: oneOf(VIEWS, params.get('view'), 'all'),
    filters: readFilters(params, FILTER_KEYS),
    sort: oneOf(SORTABLE, params.get('sort'), 'updatedAt'),
    order: params.get('order') === 'asc' ? 'asc' : 'desc',
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_PAGE_SIZE,
    page: cursor && Number.isInteger(page) && page > 1 ? page : 1,
    cursor,
  };
}

/** The address of a worklist state, defaults left out so that a plain /worklist stays plain. */
export function writeAddress(address: WorklistAddress): URLSearchParams {
  const params = new URLSearchParams();
  if (address.view !== 'all') params.set('view', address.view);
  writeFilters(params, FILTER_KEYS, address.filters);
  if (address.sort !== 'updatedAt') params.set('sort', address.sort);
  if (address.order !== 'desc') params.set('order', address.order);
  if (address.limit !== DEFAULT_PAGE_SIZE) params.set('limit', String(address.limit));
  if (address.cursor && address.page > 1) {
    params.set('page', String(address.page));
    params.set('cursor', address.cursor);
  }
  return params;
}

/** A change of anything but the page starts again from the first page: a cursor fits one query. */
export function firstPage(address: WorklistAddress): WorklistAddress {
  return { ...address, page: 1, cursor: null };
}

/**
 * The filters of the counts call: everything but the statuses (it counts each of them), the
 * view (it counts each view), the sort and the page.
 */
export function countsParams(address: WorklistAddress): WorklistParams {
  const { status: _counted, ...filters } = address.filters;
  return filters as WorklistParams;
}

/** The filters of the page and download calls. */
const filterParams = (address: WorklistAddress): WorklistParams => ({ ...address.filters });

/** The worklist page call. */
export function pageParams(address: WorklistAddress): WorklistParams {
  return {
    ...exportParams(address),
    limit: String(address.limit),
    ...(address.cursor ? { cursor: address.cursor } : {}),
  };
}

/** The download call: the page call without its page. */
export function exportParams(address: WorklistAddress): WorklistParams {
  return {
    ...filterParams(address),
    view: address.view,
    sort: address.sort,
    order: address.order,
  };
}

/** A comma-joined list parameter as its values. */
export const listOf = (value: string | undefined): string[] =>
  value ? value.split(',').filter((v) => v !== '') : [];
