import type { DisclosureStatus } from '@vmer/domain';
import type { WorklistSort, WorklistView } from '@vmer/domain/workbench';
import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import type { Database } from '../db/schema.ts';
import type { DisclosureRow, Executor } from './disclosure-repository.ts';

/** The column of each worklist sort. */
const SORT_COLUMNS = {
  updatedAt: 'updated_at',
  createdAt: 'created_at',
  submittedAt: 'submitted_at',
} as const satisfies Record<WorklistSort, keyof DisclosureRow>;

/** The columns a worklist row shows: never the document, which can be a megabyte. */
const ROW_COLUMNS = [
  'id',
  'request_id',
  'application_number',
  'insurer_code',
  'channel',
  'product_code',
  'status',
  'version',
  'catalog_version',
  'decisions',
  'needs_review',
  'condition_names',
  'created_by',
  'created_at',
  'updated_at',
  'submitted_at',
  'reviewed_by',
  'claimed_by',
  'claimed_by_name',
  'claimed_at',
  'reject_reason',
] as const;

/** A worklist row, with its sort value to the microsecond (ISO 8601, UTC) for the cursor. */
export type WorklistRow = Pick<DisclosureRow, (typeof ROW_COLUMNS)[number]> & { sort_key: string };

/**
 * What the worklist query asks, checked by the service: the insurers to read (within the
 * caller's), the filters, and who asks (the views are relative to the caller).
 */
export interface WorklistFilter {
  /** One or more of the caller's insurers. */
  insurers: readonly string[];
  statuses?: readonly DisclosureStatus[];
  channel?: string;
  product?: string;
  /** Application-number prefix; holds no LIKE wildcard (the query schema allows none). */
  prefix?: string;
  condition?: string;
  needsReview?: boolean;
  /** Half-open ranges [from, before). */
  created?: { from?: Date; before?: Date };
  submitted?: { from?: Date; before?: Date };
  view: WorklistView;
  /** The caller's subject. */
  subject: string;
  /** A claim taken at or before this moment has lapsed (design §10: a lease, no job; claimOf). */
  claimsFrom: Date;
}

export interface WorklistOrder {
  sort: WorklistSort;
  order: 'asc' | 'desc';
  /** The last row of the previous page: its sort value (ISO 8601) and id. */
  after?: { key: string; id: string };
}

type Where = ExpressionBuilder<Database, 'disclosures'>;

/** The columns disclosure_conditions keeps of a disclosure (migration 0310). */
type Kept = 'status' | 'needs_review' | 'created_at' | 'updated_at' | 'submitted_at';

/**
 * Where a query reads the columns that disclosure_conditions keeps: from the condition's rows
 * when the filter names a condition (design §10: the page is then a range of their index, read
 * in the sort order and filtered on the index tuple), from disclosures otherwise.
 */
const keptIn = (filter: Pick<WorklistFilter, 'condition'>) =>
  filter.condition ? 'c' : 'disclosures';

function kept<T>(filter: Pick<WorklistFilter, 'condition'>, column: Kept) {
  return sql.ref<T>(`${keptIn(filter)}.${column}`);
}

/** Every filter but the insurer, the condition and the keyset, as one condition. */
function filterCondition(eb: Where, filter: WorklistFilter): Expression<SqlBool> {
  const all: Expression<SqlBool>[] = [];
  const status = kept<number>(filter, 'status');
  if (filter.statuses?.length) all.push(eb(status, 'in', [...filter.statuses]));
  if (filter.channel) all.push(eb('channel', '=', filter.channel));
  if (filter.product) all.push(eb('product_code', '=', filter.product));
  if (filter.prefix) all.push(eb('application_number', 'like', `${filter.prefix}%`));
  if (filter.needsReview !== undefined) {
    all.push(eb(kept<boolean>(filter, 'needs_review'), '=', filter.needsReview));
  }
  for (const [column, range] of [
    ['created_at', filter.created],
    ['submitted_at', filter.submitted],
  ] as const) {
    if (range?.from) all.push(eb(kept<Date>(filter, column), '>=', range.from));
    if (range?.before) all.push(eb(kept<Date>(filter, column), '<', range.before));
  }
  switch (filter.view) {
    case 'mine':
      all.push(eb('created_by_subject', '=', filter.subject));
      break;
    case 'returnedToMe':
      // Returned to whoever submitted it last: its creator, or the interviewer who filled a
      // caller system's request (whose creator is the caller system).
      all.push(eb(status, '=', 5), eb('submitted_by', '=', filter.subject));
      break;
    case 'awaitingMyReview':
      all.push(
        eb(status, '=', 3),
        eb.or([eb('submitted_by', 'is', null), eb('submitted_by', '<>', filter.subject)]),
        eb.or([
          eb('claimed_by', 'is', null),
          eb('claimed_by', '=', filter.subject),
          eb('claimed_at', '<=', filter.claimsFrom),
        ]),
      );
      break;
    case 'all':
      break;
  }
  return eb.and(all);
}

/** The disclosure's id where the query reads it (see keptIn): c's follows c's index order. */
const idIn = (filter: Pick<WorklistFilter, 'condition'>) =>
  sql.ref<string>(filter.condition ? 'c.disclosure_id' : 'disclosures.id');

/**
 * The disclosures a filter finds among `insurer`'s: with a condition, the condition's rows of
 * disclosure_conditions (alias c) joined to their disclosures, so the planner reads c's index
 * in order and each disclosure by its key; without, disclosures alone. Columns of disclosures
 * are named with their table (c has some of the same names). A count (`countOnly`) whose
 * filters c holds all of reads c alone, its index without a disclosure.
 */
function source(
  trx: Executor,
  filter: WorklistFilter,
  insurer: Expression<string> | readonly string[],
  countOnly = false,
): SelectQueryBuilder<Database, 'disclosures', object> {
  const condition = filter.condition;
  const alone =
    countOnly && !filter.channel && !filter.product && !filter.prefix && filter.view === 'all';
  // Typed as disclosures alone: c is only ever named through sql.ref (kept, idIn), and a
  // query of c alone names no column of disclosures.
  const base = !condition
    ? trx.selectFrom('disclosures')
    : alone
      ? (trx
          .selectFrom('disclosure_conditions as c')
          .where('c.condition_uuid', '=', condition) as unknown as SelectQueryBuilder<
          Database,
          'disclosures',
          object
        >)
      : (trx
          .selectFrom('disclosures')
          .innerJoin('disclosure_conditions as c', (join) =>
            join
              .onRef('c.disclosure_id', '=', 'disclosures.id')
              .on('c.condition_uuid', '=', condition),
          ) as unknown as SelectQueryBuilder<Database, 'disclosures', object>);
  const code = sql.ref<string>(`${keptIn(filter)}.insurer_code`);
  return base
    .where((eb) =>
      Array.isArray(insurer)
        ? eb(code, 'in', [...insurer])
        : eb(code, '=', insurer as Expression<string>),
    )
    .where((eb) => filterCondition(eb, filter));
}

/** The sort value as text to the microsecond, so a cursor loses nothing of it. */
const sortKey = (sorted: Expression<Date | null>) =>
  sql<string>`to_char(${sorted} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The worklist's queries (design §9.6, §10). Every query reads only the filter's insurers,
 * which the service took from the caller's.
 */
export function worklistRepository(db: Kysely<Database>) {
  return {
    /**
     * One keyset page (design §10): the rows after `order.after` in the order of the sort
     * column and id. Each insurer's rows are read from its (insurer, sort column, id) index in
     * order, at most `limit` of them, and the few read are merged: the cost stays that of one
     * page however large the table. Sorting by submission time lists submitted disclosures.
     */
    async page(
      filter: WorklistFilter,
      order: WorklistOrder,
      limit: number,
      trx: Executor = db,
    ): Promise<WorklistRow[]> {
      if (filter.insurers.length === 0) return [];
      const column = SORT_COLUMNS[order.sort];
      const sorted = kept<Date | null>(filter, column);
      const id = idIn(filter);
      const direction = order.order;
      const after = order.after;
      const keyset =
        after &&
        sql<SqlBool>`(${sorted}, ${id}) ${sql.raw(direction === 'desc' ? '<' : '>')} (${after.key}::timestamptz, ${after.id}::uuid)`;
      const rows = (insurer: Expression<string> | readonly string[]) =>
        source(trx, filter, insurer)
          .select(ROW_COLUMNS.map((name) => `disclosures.${name}` as const))
          .select(sortKey(sorted).as('sort_key'))
          .$if(column === 'submitted_at', (qb) => qb.where(sorted, 'is not', null))
          .$if(keyset !== undefined, (qb) => qb.where(keyset!))
          .orderBy(sorted, direction)
          .orderBy(id, direction)
          .limit(limit);
      if (filter.insurers.length === 1) return rows(filter.insurers).execute();
      const result = await sql<WorklistRow>`
        select page.* from unnest(${[...filter.insurers]}::text[]) as scope (code)
        cross join lateral (${rows(sql.ref<string>('scope.code'))}) as page
        order by page.${sql.ref(column)} ${sql.raw(direction)}, page.id ${sql.raw(direction)}
        limit ${limit}`.execute(trx);
      return result.rows;
    },

    /** How many rows the filter finds per status (the filter's own status and view left out). */
    async countByStatus(
      filter: Omit<WorklistFilter, 'statuses' | 'view'>,
      trx: Executor = db,
    ): Promise<Map<DisclosureStatus, number>> {
      const counts = new Map<DisclosureStatus, number>();
      if (filter.insurers.length === 0) return counts;
      const status = kept<number>(filter, 'status');
      const rows = await source(trx, { ...filter, view: 'all' }, filter.insurers, true)
        .select([status.as('status'), (eb) => eb.fn.countAll<string>().as('count')])
        .groupBy(status)
        .execute();
      for (const row of rows) counts.set(row.status as DisclosureStatus, Number(row.count));
      return counts;
    },

    /** How many rows a view of the filter finds. */
    async countView(filter: Omit<WorklistFilter, 'statuses'>, trx: Executor = db): Promise<number> {
      if (filter.insurers.length === 0) return 0;
      const row = await source(trx, filter, filter.insurers, true)
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}
