import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  DASHBOARD_TOP,
  DECISION_CATEGORIES,
  type CategoryCounts,
  type Dashboard,
  type DecisionCategory,
} from '@vmer/domain/dashboard';
import { DISCLOSURE_STATUS, type DisclosureStatus } from '@vmer/domain/model';
import { DECISION_TONES, type DecisionTone } from '../../../components/decision-value.tsx';
import { STATUS_TONES, useStatusName } from '../../../components/status-chip.tsx';
import { useFormatters } from '../../../lib/use-formatters.ts';
import { ChartCard, type ChartTable } from './chart-card.tsx';

const STATUSES = Object.values(DISCLOSURE_STATUS) as DisclosureStatus[];

/** Each decision category in the colour the decision table gives it. */
const CATEGORY_TONE: Record<DecisionCategory, DecisionTone> = {
  standard: 'standard',
  debits: 'debit',
  exclusion: 'exclusion',
  refer: 'refer',
  postpone: 'postpone',
  decline: 'decline',
};

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** A share as a percentage with one decimal, for tables and CSV files alike. */
const percent = (part: number, whole: number) =>
  whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10;

/** A duration in its two largest units, as 2 d 3 h, 5 h 12 min, 45 s. */
function readableDuration(seconds: number | null, t: TFunction): string {
  if (seconds === null) return t('dashboard.durations.none');
  const units = [
    ['d', 86400],
    ['h', 3600],
    ['min', 60],
    ['s', 1],
  ] as const;
  const rest = Math.round(seconds);
  const first = units.findIndex(([, size]) => rest >= size);
  if (first === -1) return t('dashboard.units.s', { count: 0 });
  const [unit, size] = units[first]!;
  const parts = [t(`dashboard.units.${unit}`, { count: Math.floor(rest / size) })];
  const next = units[first + 1];
  const nextCount = next ? Math.floor((rest % size) / next[1]) : 0;
  if (next && nextCount > 0) parts.push(t(`dashboard.units.${next[0]}`, { count: nextCount }));
  return parts.join(' ');
}

/** The decision categories as table columns, series and cells. */
function useCategories() {
  const { t } = useTranslation();
  const names = DECISION_CATEGORIES.map((category) => t(`dashboard.categories.${category}`));
  return {
    names,
    cells: (counts: CategoryCounts) => DECISION_CATEGORIES.map((category) => counts[category]),
    series: DECISION_CATEGORIES.map((category, i) => ({
      dataKey: category,
      label: names[i],
      stack: 'decision',
      color: DECISION_TONES[CATEGORY_TONE[category]].color,
    })),
  };
}

const CHART_MARGIN = { right: 16 };
/** Counts are whole numbers: no axis tick between two of them. */
const COUNT_AXIS = [{ tickMinStep: 1 }];

/**
 * Every figure of the dashboard (requirements O-12) in its card, each with its table and CSV
 * (O-13). `data` is absent while the first answer loads.
 */
export function DashboardCharts({ data }: { data: Dashboard | undefined }) {
  const { t } = useTranslation();
  const { formatNumber } = useFormatters();
  const statusName = useStatusName();
  const categories = useCategories();
  const loading = data === undefined;
  const range = data ? `${data.from}-${data.to}` : '';
  const file = (name: string) => `dashboard-${name}-${range}`;

  // Disclosures per day by status.
  const days = [...new Set(data?.perDay.map((entry) => entry.day))].sort();
  const perDay = days.map((day) => {
    const byStatus = Object.fromEntries(STATUSES.map((status) => [status, 0])) as Record<
      DisclosureStatus,
      number
    >;
    for (const entry of data?.perDay ?? [])
      if (entry.day === day) byStatus[entry.status] += entry.count;
    return { day, byStatus };
  });
  const perDayTable: ChartTable = {
    columns: [t('dashboard.perDay.day'), ...STATUSES.map(statusName), t('dashboard.total')],
    rows: perDay.map(({ day, byStatus }) => [
      day,
      ...STATUSES.map((status) => byStatus[status]),
      sum(Object.values(byStatus)),
    ]),
  };

  // Straight-through rate per week.
  const weeks = [...(data?.straightThrough ?? [])].sort((a, b) => a.week.localeCompare(b.week));
  const straightTable: ChartTable = {
    columns: [
      t('dashboard.straightThrough.week'),
      t('dashboard.straightThrough.submitted'),
      t('dashboard.straightThrough.straightThrough'),
      t('dashboard.straightThrough.rate'),
    ],
    rows: weeks.map((w) => [
      w.week,
      w.submitted,
      w.straightThrough,
      percent(w.straightThrough, w.submitted),
    ]),
  };

  // Decision mix per benefit, and of the top conditions.
  const mixTable: ChartTable = {
    columns: [t('dashboard.decisionMix.benefit'), ...categories.names, t('dashboard.total')],
    rows: (data?.decisionMix ?? []).map((m) => [
      m.indicator,
      ...categories.cells(m.counts),
      sum(categories.cells(m.counts)),
    ]),
  };
  const topTitle = t('dashboard.topConditions.title', { count: DASHBOARD_TOP });
  const conditions = data?.topConditions ?? [];
  const topTable: ChartTable = {
    columns: [
      t('dashboard.topConditions.condition'),
      t('dashboard.topConditions.disclosures'),
      ...categories.names,
    ],
    rows: conditions.map((c) => [c.name, c.disclosures, ...categories.cells(c.counts)]),
  };

  // Searched terms that found nothing.
  const misses = data?.searchMisses ?? [];
  const missesTable: ChartTable = {
    columns: [t('dashboard.searchMisses.term'), t('dashboard.searchMisses.count')],
    rows: misses.map((m) => [m.term, m.count]),
  };

  // Durations.
  const durations = data
    ? ([
        ['requestToSubmit', data.durations.requestToSubmit],
        ['submitToValidate', data.durations.submitToValidate],
      ] as const)
    : [];
  const durationsTable: ChartTable = {
    columns: [
      t('dashboard.durations.interval'),
      t('dashboard.durations.count'),
      t('dashboard.durations.median'),
      t('dashboard.durations.p90'),
    ],
    rows: durations
      .filter(([, d]) => d.count > 0)
      .map(([key, d]) => [
        t(`dashboard.durations.${key}`),
        d.count,
        readableDuration(d.medianSeconds, t),
        readableDuration(d.p90Seconds, t),
      ]),
  };

  // Rejections.
  const rejections = data?.rejections;
  const reasonsTable: ChartTable = {
    columns: [t('dashboard.rejections.reason'), t('dashboard.rejections.count')],
    rows: (rejections?.reasons ?? []).map((r) => [r.reason, r.count]),
  };

  // Overrides.
  const overrides = data?.overrides ?? [];
  const overridesTable: ChartTable = {
    columns: [
      t('dashboard.overrides.condition'),
      t('dashboard.overrides.version'),
      t('dashboard.overrides.count'),
    ],
    rows: overrides.map((o) => [o.name, o.catalogVersion, o.count]),
  };

  const horizontalHeight = (bars: number) => Math.max(160, bars * 28 + 80);

  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
        gap: 2,
      }}
    >
      <ChartCard
        title={t('dashboard.perDay.title')}
        description={t('dashboard.perDay.description')}
        table={perDayTable}
        fileName={file('per-day')}
        loading={loading}
        chart={() => (
          <BarChart
            height={300}
            margin={CHART_MARGIN}
            dataset={perDay.map(({ day, byStatus }) => ({
              day,
              ...Object.fromEntries(STATUSES.map((s) => [`s${s}`, byStatus[s]])),
            }))}
            xAxis={[{ scaleType: 'band', dataKey: 'day' }]}
            yAxis={COUNT_AXIS}
            series={STATUSES.map((status) => ({
              dataKey: `s${status}`,
              label: statusName(status),
              stack: 'status',
              color: STATUS_TONES[status].color,
            }))}
          />
        )}
      />
      <ChartCard
        title={t('dashboard.straightThrough.title')}
        description={t('dashboard.straightThrough.description')}
        table={straightTable}
        fileName={file('straight-through')}
        loading={loading}
        chart={() => (
          <LineChart
            height={300}
            margin={CHART_MARGIN}
            xAxis={[{ scaleType: 'point', data: weeks.map((w) => w.week) }]}
            yAxis={[{ min: 0, max: 100, valueFormatter: (v: number) => `${v}%` }]}
            series={[
              {
                data: weeks.map((w) => percent(w.straightThrough, w.submitted)),
                label: t('dashboard.straightThrough.rate'),
                color: DECISION_TONES.standard.color,
                showMark: true,
                valueFormatter: (v) => (v === null ? '' : `${formatNumber(v)}%`),
              },
            ]}
          />
        )}
      />
      <ChartCard
        title={t('dashboard.decisionMix.title')}
        description={t('dashboard.decisionMix.description')}
        table={mixTable}
        fileName={file('decision-mix')}
        loading={loading}
        chart={() => (
          <BarChart
            height={300}
            margin={CHART_MARGIN}
            dataset={(data?.decisionMix ?? []).map((m) => ({
              indicator: m.indicator,
              ...m.counts,
            }))}
            xAxis={[{ scaleType: 'band', dataKey: 'indicator' }]}
            yAxis={COUNT_AXIS}
            series={categories.series}
          />
        )}
      />
      <ChartCard
        title={topTitle}
        description={t('dashboard.topConditions.description')}
        table={topTable}
        fileName={file('top-conditions')}
        loading={loading}
        chart={() => (
          <BarChart
            height={horizontalHeight(conditions.length)}
            margin={CHART_MARGIN}
            layout="horizontal"
            xAxis={COUNT_AXIS}
            dataset={conditions.map((c) => ({ name: c.name, ...c.counts }))}
            yAxis={[{ scaleType: 'band', dataKey: 'name', width: 120 }]}
            series={categories.series}
          />
        )}
      />
      <ChartCard
        title={t('dashboard.searchMisses.title')}
        description={t('dashboard.searchMisses.description')}
        table={missesTable}
        fileName={file('search-misses')}
        loading={loading}
        extra={
          <Typography variant="body2" sx={{ fontStyle: 'italic' }}>
            {t('dashboard.searchMisses.note')}
          </Typography>
        }
        chart={() => (
          <BarChart
            height={horizontalHeight(misses.length)}
            margin={CHART_MARGIN}
            layout="horizontal"
            xAxis={COUNT_AXIS}
            dataset={misses.map((m) => ({ term: m.term, count: m.count }))}
            yAxis={[{ scaleType: 'band', dataKey: 'term', width: 120 }]}
            series={[
              {
                dataKey: 'count',
                label: t('dashboard.searchMisses.count'),
                color: DECISION_TONES.refer.color,
              },
            ]}
          />
        )}
      />
      <ChartCard
        title={t('dashboard.durations.title')}
        description={t('dashboard.durations.description')}
        table={durationsTable}
        fileName={file('durations')}
        loading={loading}
        chart={() => (
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))',
              gap: 2,
              m: 0,
            }}
          >
            {durationsTable.rows.map(([name, count, median, p90]) => (
              <Box key={String(name)}>
                <Typography component="dt" variant="subtitle2">
                  {name}
                </Typography>
                <Typography component="dd" variant="h5" sx={{ m: 0, fontWeight: 700 }}>
                  {median}
                </Typography>
                <Typography component="dd" variant="body2" color="text.secondary" sx={{ m: 0 }}>
                  {t('dashboard.durations.p90')}: {p90} · {t('dashboard.durations.count')}:{' '}
                  {formatNumber(Number(count))}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      />
      <ChartCard
        title={t('dashboard.rejections.title')}
        description={t('dashboard.rejections.description')}
        table={reasonsTable}
        fileName={file('rejections')}
        loading={loading}
        extra={
          rejections && (
            <Typography variant="body1" sx={{ fontWeight: 600 }} data-testid="rejection-rate">
              {t('dashboard.rejections.summary', {
                rejected: formatNumber(rejections.rejected),
                reviewed: formatNumber(rejections.reviewed),
                rate: formatNumber(
                  rejections.reviewed === 0 ? 0 : rejections.rejected / rejections.reviewed,
                  { style: 'percent', maximumFractionDigits: 1 },
                ),
              })}
            </Typography>
          )
        }
        chart={() => (
          <BarChart
            height={horizontalHeight(reasonsTable.rows.length)}
            margin={CHART_MARGIN}
            layout="horizontal"
            xAxis={COUNT_AXIS}
            dataset={(rejections?.reasons ?? []).map((r) => ({ reason: r.reason, count: r.count }))}
            yAxis={[{ scaleType: 'band', dataKey: 'reason', width: 120 }]}
            series={[
              {
                dataKey: 'count',
                label: t('dashboard.rejections.count'),
                color: DECISION_TONES.decline.color,
              },
            ]}
          />
        )}
      />
      <ChartCard
        title={t('dashboard.overrides.title')}
        description={t('dashboard.overrides.description')}
        table={overridesTable}
        fileName={file('overrides')}
        loading={loading}
        chart={() => (
          <BarChart
            height={horizontalHeight(overrides.length)}
            margin={CHART_MARGIN}
            layout="horizontal"
            xAxis={COUNT_AXIS}
            dataset={overrides.map((o) => ({
              label: t('dashboard.overrides.label', { name: o.name, version: o.catalogVersion }),
              count: o.count,
            }))}
            yAxis={[{ scaleType: 'band', dataKey: 'label', width: 120 }]}
            series={[
              {
                dataKey: 'count',
                label: t('dashboard.overrides.count'),
                color: DECISION_TONES.exclusion.color,
              },
            ]}
          />
        )}
      />
    </Box>
  );
}
