import { readFilters, writeFilters, type Filters } from '../../lib/url-filters.ts';

/**
 * The dashboard's filters live in the address (requirements O-12), as the worklist's do:
 * insurer, channel, product and the date range. Without dates the server answers its default
 * range, which the screen shows.
 */
const FILTER_KEYS = ['insurer', 'channel', 'product', 'from', 'to'] as const;
type DashboardFilterKey = (typeof FILTER_KEYS)[number];
export type DashboardFilters = Filters<DashboardFilterKey>;

/** The filters an address holds; they go to the server as written. */
export const readDashboardAddress = (params: URLSearchParams): DashboardFilters =>
  readFilters(params, FILTER_KEYS);

/** The address of the filters, empty ones left out so that a plain /dashboard stays plain. */
export function writeDashboardAddress(filters: DashboardFilters): URLSearchParams {
  const params = new URLSearchParams();
  writeFilters(params, FILTER_KEYS, filters);
  return params;
}
