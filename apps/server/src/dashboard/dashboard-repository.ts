import { DASHBOARD_TOP, DECISION_CATEGORIES } from '@vmer/domain/dashboard';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { LOCKS } from '../db/advisory-lock.ts';
import type { Database } from '../db/schema.ts';

/** What a dashboard reads, checked by the service: insurers within the caller's, UTC days. */
export interface DashboardFilter {
  insurers: readonly string[];
  /** First and last day, YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
  channel?: string;
  product?: string;
}

/** The dirty kinds of migration 0410 and the rollups each one rebuilds. */
type DirtyKind = 'disclosures' | 'reviews' | 'searches';
interface Mark {
  insurer: string;
  day: string;
}

/** Above this many insurer-days a refresh reads whole tables once instead of a range per day. */
const BULK_MARKS = 50;

/**
 * The rows of `table` on each mark's UTC day by `column`, as `alias`, those `filter` (given
 * an alias) keeps. For a few marks (the writes of the last minutes), an index range per mark:
 * `offset 0` keeps the subquery per mark, which joined flat the planner would hash by insurer
 * alone, testing every row of the insurer against every marked day. For many (a first build),
 * one pass over the table hashed on insurer and day.
 */
function onMarkedDays(
  bulk: boolean,
  table: string,
  alias: string,
  column: string,
  filter: (alias: string) => RawBuilder<unknown> = () => sql`true`,
): RawBuilder<unknown> {
  return bulk
    ? sql`m join ${sql.table(table)} as ${sql.raw(alias)}
        on ${sql.ref(`${alias}.insurer_code`)} = m.insurer
        and (${sql.ref(`${alias}.${column}`)} at time zone 'UTC')::date = m.day
        and ${filter(alias)}`
    : sql`m cross join lateral (
        select * from ${sql.table(table)} as x
        where x.insurer_code = m.insurer and ${filter('x')}
          and ${sql.ref(`x.${column}`)} >= m.day::timestamp at time zone 'UTC'
          and ${sql.ref(`x.${column}`)} < (m.day + 1)::timestamp at time zone 'UTC'
        offset 0) as ${sql.raw(alias)}`;
}

/**
 * A duration in whole seconds to three significant figures (7,201 s is 7,200 s, 999 s stays),
 * so that a month's durations share rows.
 */
const threeFigures = (interval: RawBuilder<unknown>) => sql`(select case when v < 1000 then v
    else (floor(v / u + 0.5) * u)::integer end
  from (select v, power(10::float8, floor(log(v::float8)) - 2) as u
        from (select greatest(floor(extract(epoch from ${interval})), 0)::integer as v) as whole)
    as duration)`;

/**
 * How each rollup's month rows are summed from its day rows: the columns kept as keys, and the
 * sums (or other aggregates) of the rest, in the table's column order.
 */
const MONTHS: Record<string, { keys: string; values: string }> = {
  dashboard_status: { keys: 'channel, product_code, status', values: 'sum(n)' },
  dashboard_submissions: {
    keys: 'channel, product_code, week',
    values: 'sum(submitted), sum(straight_through)',
  },
  dashboard_decisions: { keys: 'channel, product_code, indicator, category', values: 'sum(n)' },
  dashboard_conditions: {
    keys: 'channel, product_code, condition_uuid',
    values: `max(name), sum(disclosures), array[${DECISION_CATEGORIES.map((_, i) => `sum(categories[${i + 1}])`).join(', ')}]::integer[]`,
  },
  dashboard_durations: { keys: 'channel, product_code, kind, seconds', values: 'sum(n)' },
  dashboard_reviews: { keys: 'channel, product_code, rejected, reason', values: 'sum(n)' },
  dashboard_search_misses: { keys: 'term', values: 'sum(n)' },
  dashboard_overrides: {
    keys: 'channel, product_code, catalog_version, condition_uuid',
    values: 'max(name), sum(n)',
  },
};

/** A condition's category counts summed, in DECISION_CATEGORIES order. */
const SUMMED_CATEGORIES = sql.raw(
  `array[${DECISION_CATEGORIES.map((_, i) => `coalesce(sum(dc.categories[${i + 1}]), 0)`).join(', ')}]::integer[]`,
);

/** The decisions that need an underwriter: a disclosure with none of them went straight through. */
const NOT_STRAIGHT = sql`exists (select from jsonb_each_text(d.decision_categories) c
  where c.value in ('refer', 'postpone', 'decline'))`;

/**
 * Each rollup's recomputation of the marked insurer-days (`bulk` when they are many): its
 * table and its rows.
 */
function rebuilds(
  bulk: boolean,
): Record<DirtyKind, { table: string; rows: RawBuilder<unknown> }[]> {
  const MARKED_DISCLOSURES = onMarkedDays(bulk, 'disclosures', 'd', 'created_at');
  return {
    disclosures: [
      {
        table: 'dashboard_status',
        rows: sql`select d.insurer_code, m.day, d.channel, d.product_code, d.status, count(*)
        from ${MARKED_DISCLOSURES} group by 1, 2, 3, 4, 5`,
      },
      {
        table: 'dashboard_submissions',
        rows: sql`select d.insurer_code, m.day, d.channel, d.product_code,
          date_trunc('week', d.submitted_at at time zone 'UTC')::date,
          count(*), count(*) filter (where not ${NOT_STRAIGHT})
        from ${MARKED_DISCLOSURES}
        where d.status >= 3 and d.submitted_at is not null group by 1, 2, 3, 4, 5`,
      },
      {
        table: 'dashboard_decisions',
        rows: sql`select d.insurer_code, m.day, d.channel, d.product_code, c.key, c.value, count(*)
        from ${MARKED_DISCLOSURES} cross join lateral jsonb_each_text(d.decision_categories) c
        where d.status >= 3 group by 1, 2, 3, 4, 5, 6`,
      },
      {
        table: 'dashboard_conditions',
        rows: sql`select d.insurer_code, m.day, d.channel, d.product_code, dc.condition_uuid,
          coalesce(max(d.condition_names[array_position(d.condition_uuids, dc.condition_uuid)]),
            dc.condition_uuid),
          count(*), ${SUMMED_CATEGORIES}
        from ${MARKED_DISCLOSURES} join disclosure_conditions dc on dc.disclosure_id = d.id
        where d.status >= 3 group by 1, 2, 3, 4, 5`,
      },
      {
        table: 'dashboard_durations',
        rows: sql`select d.insurer_code, m.day, d.channel, d.product_code, t.kind, t.seconds, count(*)
        from ${MARKED_DISCLOSURES}
        ${
          bulk
            ? // Every validation once, hashed, rather than a look-up per disclosure.
              sql`left join (select a.disclosure_id, max(a.at) as at from disclosure_audit a
                  where a.operation = 'validate' group by 1) v on v.disclosure_id = d.id`
            : sql`left join lateral (select max(a.at) as at from disclosure_audit a
                  where a.disclosure_id = d.id and a.operation = 'validate') v on true`
        }
        cross join lateral (
          select 1 as kind, ${threeFigures(sql`d.submitted_at - d.created_at`)} as seconds
          where d.status >= 3 and d.submitted_at is not null
          union all
          select 2, ${threeFigures(sql`v.at - d.submitted_at`)}
          where d.status = 4 and d.submitted_at is not null and v.at is not null
        ) t
        group by 1, 2, 3, 4, 5, 6`,
      },
      {
        table: 'dashboard_overrides',
        rows: sql`select d.insurer_code, m.day, d.channel, d.product_code,
            coalesce(o.catalog_version, ''), o.impairment_uuid,
            coalesce(max(d.condition_names[array_position(d.condition_uuids, o.impairment_uuid)]),
              o.impairment_uuid),
            count(*)
          from ${MARKED_DISCLOSURES} join disclosure_overrides o on o.disclosure_id = d.id
          group by 1, 2, 3, 4, 5, 6`,
      },
    ],
    reviews: [
      {
        table: 'dashboard_reviews',
        rows: sql`select a.insurer_code, m.day, d.channel, d.product_code, a.operation = 'reject',
          case when a.operation = 'reject' then lower(btrim(coalesce(a.reason, ''))) else '' end,
          count(*)
        from ${onMarkedDays(bulk, 'disclosure_audit', 'a', 'at', (x) => sql`${sql.ref(`${x}.operation`)} in ('validate', 'reject')`)}
        join disclosures d on d.id = a.disclosure_id
        group by 1, 2, 3, 4, 5, 6`,
      },
    ],
    searches: [
      {
        table: 'dashboard_search_misses',
        rows: sql`select s.insurer_code, m.day, lower(btrim(s.keyword)), count(*)
        from ${onMarkedDays(bulk, 'search_events', 's', 'created_at', (x) => sql`${sql.ref(`${x}.type`)} = 3`)}
        group by 1, 2, 3`,
      },
    ],
  };
}

/**
 * The calendar months a range of days covers whole, as the first day of the first and the
 * first day after the last (YYYY-MM-DD); both the day after the range when it covers none.
 */
function wholeMonths(from: string, to: string): { whole: string; end: string } {
  const next = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);
  const monthOf = (date: Date) => `${date.toISOString().slice(0, 7)}-01`;
  const afterTo = next(to);
  const whole = from.endsWith('-01')
    ? from
    : monthOf(new Date(Date.UTC(Number(from.slice(0, 4)), Number(from.slice(5, 7)), 1)));
  const end = monthOf(afterTo);
  if (whole >= end)
    return { whole: afterTo.toISOString().slice(0, 10), end: afterTo.toISOString().slice(0, 10) };
  return { whole, end };
}

/** The filter's insurers as an IN list; a caller holding none reads nothing (`in (null)`). */
const scope = (filter: DashboardFilter) =>
  sql.join(filter.insurers.length > 0 ? filter.insurers : [null]);

/** A sum of a bigint count as the driver reads it. */
const count = (value: string | number | null | undefined) => Number(value ?? 0);

/**
 * The dashboard's rollups (migration 0410) and the queries over them. The rollups are kept by
 * `refresh`, which recomputes the insurer-days marked dirty by the writes since the last one.
 */
export function dashboardRepository(db: Kysely<Database>) {
  /**
   * The conditions every rollup read shares: insurers, channel and product if asked, and the
   * range as the month rows of the months it covers whole and the day rows of the days left.
   */
  function where(
    filter: DashboardFilter,
    { products = true, months = true } = {},
  ): RawBuilder<unknown> {
    const { whole, end } = months
      ? wholeMonths(filter.from, filter.to)
      : { whole: filter.from, end: filter.from };
    const parts = [
      sql`insurer_code in (${scope(filter)})`,
      sql`((month and day >= ${whole}::date and day < ${end}::date)
        or (not month and day between ${filter.from}::date and ${filter.to}::date
          and (day < ${whole}::date or day >= ${end}::date)))`,
    ];
    if (products) {
      // The rows summed over all channels or products ('*') unless one is asked for.
      parts.push(
        filter.channel
          ? sql`channel = ${filter.channel}`
          : filter.product
            ? sql`channel <> '*'`
            : sql`channel = '*'`,
      );
      parts.push(sql`product_code = ${filter.product ?? '*'}`);
    }
    return sql.join(parts, sql` and `);
  }

  return {
    /**
     * Brings the rollups up to date, a round at a time: takes at most `limit` of the dirty marks
     * the committed writes left, and recomputes their insurer-days from the base tables, in one
     * transaction. Answers the moment the figures are up to date as of when no marks are left,
     * 'more' when some are, 'busy' when another refresh is running (the job, another replica).
     */
    async refresh(limit: number): Promise<Date | 'more' | 'busy'> {
      return db.transaction().execute(async (trx) => {
        const { rows: locked } = await sql<{ locked: boolean; at: Date | string }>`
          select pg_try_advisory_xact_lock(${LOCKS.dashboard}) as locked, now() as at`.execute(trx);
        if (!locked[0]?.locked) return 'busy';
        const { rows: marks } = await sql<{ kind: DirtyKind; insurer: string; day: string }>`
          delete from dashboard_dirty
          where ctid in (select ctid from dashboard_dirty limit ${limit})
          returning kind, insurer_code as insurer, day::text as day`.execute(trx);
        const byKind = new Map<DirtyKind, Map<string, Mark>>();
        for (const { kind, insurer, day } of marks) {
          const days = byKind.get(kind) ?? new Map<string, Mark>();
          days.set(`${insurer} ${day}`, { insurer, day });
          byKind.set(kind, days);
        }
        for (const [kind, days] of byKind) {
          const marked = sql`with m as (
            select * from jsonb_to_recordset(${JSON.stringify([...days.values()])}::jsonb)
              as m (insurer text, day date))`;
          const months = sql`with m as (
            select distinct m.insurer, date_trunc('month', m.day)::date as day
            from jsonb_to_recordset(${JSON.stringify([...days.values()])}::jsonb)
              as m (insurer text, day date))`;
          for (const { table, rows } of rebuilds(days.size > BULK_MARKS)[kind]) {
            await sql`${marked} delete from ${sql.table(table)} t using m
              where t.insurer_code = m.insurer and not t.month and t.day = m.day`.execute(trx);
            await sql`${marked} insert into ${sql.table(table)} ${rows}`.execute(trx);
            const { keys, values } = MONTHS[table]!;
            const rest = keys.replace(/^channel, product_code(, )?/, '');
            if (rest !== keys) {
              // The day's rows of all channels and products, and of each channel's products.
              for (const channel of ["'*'", 't.channel']) {
                await sql`${marked} insert into ${sql.table(table)}
                  select t.insurer_code, t.day, ${sql.raw(channel)}, '*',
                    ${sql.raw(rest ? `${rest}, ` : '')}${sql.raw(values)}, false
                  from m join ${sql.table(table)} t on t.insurer_code = m.insurer
                    and not t.month and t.day = m.day and t.channel <> '*' and t.product_code <> '*'
                  group by t.insurer_code, t.day${sql.raw(channel === 't.channel' ? ', t.channel' : '')}${sql.raw(rest ? `, ${rest}` : '')}`.execute(
                  trx,
                );
              }
            }
            await sql`${months} delete from ${sql.table(table)} t using m
              where t.insurer_code = m.insurer and t.month and t.day = m.day`.execute(trx);
            await sql`${months} insert into ${sql.table(table)}
              select t.insurer_code, m.day, ${sql.raw(keys)}, ${sql.raw(values)}, true
              from m join ${sql.table(table)} t on t.insurer_code = m.insurer and not t.month
                and t.day >= m.day and t.day < (m.day + interval '1 month')::date
              group by t.insurer_code, m.day, ${sql.raw(keys)}`.execute(trx);
          }
        }
        if (marks.length >= limit) return 'more';
        const at = new Date(locked[0].at);
        if (marks.length > 0) {
          await sql`update dashboard_refresh set refreshed_at = ${at}`.execute(trx);
        }
        return at;
      });
    },

    /**
     * Every dirty mark, `batch` at a time (a transaction each, so none outlasts the statement
     * timeout); nothing when another refresh is running. The refresh job's round.
     */
    async refreshAll(batch: number): Promise<void> {
      while ((await this.refresh(batch)) === 'more');
    },

    /** When the rollups were last brought up to date. */
    async refreshedAt(): Promise<Date> {
      const { rows } = await sql<{
        at: Date | string;
      }>`select refreshed_at as at from dashboard_refresh`.execute(db);
      return new Date(rows[0]!.at);
    },

    async perDay(filter: DashboardFilter) {
      const { rows } = await sql<{ day: string; status: number; n: string }>`
        select day::text as day, status, sum(n) as n from dashboard_status
        where ${where(filter, { months: false })} group by day, status order by day, status`.execute(
        db,
      );
      return rows.map((r) => ({ day: r.day, status: r.status, count: count(r.n) }));
    },

    async straightThrough(filter: DashboardFilter) {
      const { rows } = await sql<{ week: string; submitted: string; straight: string }>`
        select week::text as week, sum(submitted) as submitted, sum(straight_through) as straight
        from dashboard_submissions where ${where(filter)} group by week order by week`.execute(db);
      return rows.map((r) => ({
        week: r.week,
        submitted: count(r.submitted),
        straightThrough: count(r.straight),
      }));
    },

    async decisionMix(filter: DashboardFilter) {
      const { rows } = await sql<{ indicator: string; category: string; n: string }>`
        select indicator, category, sum(n) as n from dashboard_decisions
        where ${where(filter)} group by indicator, category`.execute(db);
      return rows.map((r) => ({ indicator: r.indicator, category: r.category, count: count(r.n) }));
    },

    async topConditions(filter: DashboardFilter) {
      const { rows } = await sql<{
        uuid: string;
        name: string;
        n: string;
        categories: (string | number)[];
      }>`
        select condition_uuid as uuid, max(name) as name, sum(disclosures) as n,
          array[${sql.raw(DECISION_CATEGORIES.map((_, i) => `sum(categories[${i + 1}])`).join(', '))}]
            as categories
        from dashboard_conditions where ${where(filter)}
        group by condition_uuid order by n desc, condition_uuid limit ${DASHBOARD_TOP}`.execute(db);
      return rows.map((r) => ({
        uuid: r.uuid,
        name: r.name,
        disclosures: count(r.n),
        categories: r.categories.map(count),
      }));
    },

    /** Searches that found nothing: the log has no channel or product, so those filters do not apply. */
    async searchMisses(filter: DashboardFilter) {
      const { rows } = await sql<{ term: string; n: string }>`
        select term, sum(n) as n from dashboard_search_misses where ${where(filter, { products: false })}
        group by term order by n desc, term limit ${DASHBOARD_TOP}`.execute(db);
      return rows.map((r) => ({ term: r.term, count: count(r.n) }));
    },

    /**
     * Per kind (1 request to submit, 2 submit to validate): how many, and the nearest-rank
     * median and 90th percentile in whole seconds (the smallest duration that at least half,
     * or 90%, of them do not exceed).
     */
    async durations(filter: DashboardFilter) {
      const { rows } = await sql<{ kind: number; n: string; median: number; p90: number }>`
        with d as (
          select kind, seconds, sum(n) as n from dashboard_durations where ${where(filter)}
          group by kind, seconds),
        c as (
          select kind, seconds, sum(n) over (partition by kind order by seconds) as cum,
            sum(n) over (partition by kind) as total from d)
        select kind, max(total) as n,
          min(seconds) filter (where cum >= 0.5 * total) as median,
          min(seconds) filter (where cum >= 0.9 * total) as p90
        from c group by kind`.execute(db);
      return rows.map((r) => ({
        kind: r.kind,
        count: count(r.n),
        median: r.median,
        p90: r.p90,
      }));
    },

    async reviews(filter: DashboardFilter) {
      const { rows } = await sql<{ reviewed: string | null; rejected: string | null }>`
        select sum(n) as reviewed, sum(n) filter (where rejected) as rejected
        from dashboard_reviews where ${where(filter)}`.execute(db);
      return { reviewed: count(rows[0]?.reviewed), rejected: count(rows[0]?.rejected) };
    },

    async rejectionReasons(filter: DashboardFilter) {
      const { rows } = await sql<{ reason: string; n: string }>`
        select reason, sum(n) as n from dashboard_reviews where ${where(filter)} and rejected
        group by reason order by n desc, reason limit ${DASHBOARD_TOP}`.execute(db);
      return rows.map((r) => ({ reason: r.reason, count: count(r.n) }));
    },

    /** Overrides standing on the range's disclosures per catalogue version and condition. */
    async overrides(filter: DashboardFilter) {
      const { rows } = await sql<{ version: string; uuid: string; name: string; n: string }>`
        select catalog_version as version, condition_uuid as uuid, max(name) as name, sum(n) as n
        from dashboard_overrides where ${where(filter)}
        group by 1, 2 order by n desc, version, uuid`.execute(db);
      return rows.map((r) => ({
        catalogVersion: r.version,
        conditionUuid: r.uuid,
        name: r.name,
        count: count(r.n),
      }));
    },
  };
}
