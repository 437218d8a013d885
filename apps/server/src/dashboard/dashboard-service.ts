import {
  DASHBOARD_DEFAULT_DAYS,
  DASHBOARD_RANGE_MAX_DAYS,
  DECISION_CATEGORIES,
  type CategoryCounts,
  type Dashboard,
  type DashboardQuery,
} from '@vmer/domain/dashboard';
import type { DisclosureStatus } from '@vmer/domain';
import type { CatalogService } from '../catalog/catalog-service.ts';
import type { Caller } from '../disclosures/disclosure-access.ts';
import { checkedScope, filterRefused } from '../http/query-filters.ts';
import type { DashboardFilter, dashboardRepository } from './dashboard-repository.ts';

const DAY_MS = 86_400_000;
/**
 * Dirty marks a dashboard call recomputes before answering: the writes since the job's last
 * round, a day or two of each insurer. A larger backlog (after the migration, or while the job
 * is down) is left to the job, and the answer says how old its figures are.
 */
const MARKS_PER_CALL = 50;

const isoDay = (moment: Date) => moment.toISOString().slice(0, 10);

/** Counts by category from the rollup's counts in DECISION_CATEGORIES order. */
function categoryCounts(counts: readonly number[]): CategoryCounts {
  return Object.fromEntries(
    DECISION_CATEGORIES.map((category, i) => [category, counts[i] ?? 0]),
  ) as CategoryCounts;
}

/**
 * The range of a query as its first and last UTC day: the last DASHBOARD_DEFAULT_DAYS days
 * without either bound, from `from` to today or the DASHBOARD_DEFAULT_DAYS days up to `to`
 * with one; 400 when reversed or wider than DASHBOARD_RANGE_MAX_DAYS.
 */
function rangeOf(query: DashboardQuery, today: Date): { from: string; to: string } {
  const to = query.to ?? (query.from && query.from > isoDay(today) ? query.from : isoDay(today));
  const from =
    query.from ??
    isoDay(new Date(Date.parse(`${to}T00:00:00Z`) - (DASHBOARD_DEFAULT_DAYS - 1) * DAY_MS));
  const bound = query.to === undefined ? 'from' : 'to';
  if (to < from) throw filterRefused('dashboard_filter_rejected', bound, 'worklist_range_reversed');
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
  if (days > DASHBOARD_RANGE_MAX_DAYS) {
    throw filterRefused('dashboard_filter_rejected', bound, 'worklist_range_too_wide', {
      days: DASHBOARD_RANGE_MAX_DAYS,
    });
  }
  return { from, to };
}

/**
 * The operations dashboard (design §11, requirements O-12, O-14, O-15): every figure of the
 * caller's insurers for the filters asked, read from the rollups, which a call first brings up
 * to date when writes are waiting (a bounded round; the job does the rest).
 */
export function dashboardService(deps: {
  catalog: CatalogService;
  dashboard: ReturnType<typeof dashboardRepository>;
  now?: () => Date;
}) {
  const { dashboard } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    async read(caller: Caller, query: DashboardQuery): Promise<Dashboard> {
      const insurers = await checkedScope(
        deps.catalog,
        'dashboard_filter_rejected',
        caller.insurers,
        query,
      );
      const range = rangeOf(query, now());
      const filter: DashboardFilter = {
        insurers,
        ...range,
        ...(query.channel ? { channel: query.channel } : {}),
        ...(query.product ? { product: query.product } : {}),
      };
      const refreshed = await dashboard.refresh(MARKS_PER_CALL);
      const asOf = refreshed instanceof Date ? refreshed : await dashboard.refreshedAt();
      const [
        perDay,
        straightThrough,
        decisions,
        conditions,
        misses,
        durations,
        reviews,
        reasons,
        overrides,
        active,
      ] = await Promise.all([
        dashboard.perDay(filter),
        dashboard.straightThrough(filter),
        dashboard.decisionMix(filter),
        dashboard.topConditions(filter),
        dashboard.searchMisses(filter),
        dashboard.durations(filter),
        dashboard.reviews(filter),
        dashboard.rejectionReasons(filter),
        dashboard.overrides(filter),
        deps.catalog.active(),
      ]);
      // Benefits in the active catalogue's order, any others (of older versions) after them.
      const order = active.catalog.indicators.map((indicator) => indicator.code);
      const indicators = [...new Set(decisions.map((d) => d.indicator))].sort(
        (a, b) =>
          (order.includes(a) ? order.indexOf(a) : order.length) -
            (order.includes(b) ? order.indexOf(b) : order.length) || a.localeCompare(b),
      );
      const duration = (kind: number) => {
        const found = durations.find((d) => d.kind === kind);
        return {
          count: found?.count ?? 0,
          medianSeconds: found?.median ?? null,
          p90Seconds: found?.p90 ?? null,
        };
      };
      return {
        ...range,
        asOf: asOf.toISOString(),
        perDay: perDay.map((d) => ({ ...d, status: d.status as DisclosureStatus })),
        straightThrough,
        decisionMix: indicators.map((indicator) => ({
          indicator,
          counts: categoryCounts(
            DECISION_CATEGORIES.map(
              (category) =>
                decisions.find((d) => d.indicator === indicator && d.category === category)
                  ?.count ?? 0,
            ),
          ),
        })),
        topConditions: conditions.map((c) => ({
          uuid: c.uuid,
          name: c.name,
          disclosures: c.disclosures,
          counts: categoryCounts(c.categories),
        })),
        searchMisses: misses,
        durations: { requestToSubmit: duration(1), submitToValidate: duration(2) },
        rejections: { ...reviews, reasons },
        overrides,
      };
    },
  };
}
