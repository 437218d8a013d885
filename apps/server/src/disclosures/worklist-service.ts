import { createHash } from 'node:crypto';
import { insurerIndicators, type DisclosureStatus, type MessageKey } from '@vmer/domain';
import {
  CLAIMABLE_STATUSES,
  WORKLIST_EXPORT_MAX,
  WORKLIST_RANGE_MAX_DAYS,
  type WorklistCounts,
  type WorklistEntry,
  type WorklistExport,
  type WorklistPage,
  type WorklistQuery,
} from '@vmer/domain/workbench';
import type { z } from 'zod';
import type { CatalogService } from '../catalog/catalog-service.ts';
import type { HttpError } from '../http/errors.ts';
import { checkedScope, filterRefused } from '../http/query-filters.ts';
import type { Repositories } from '../repositories.ts';
import { requireEditor, type Caller } from './disclosure-access.ts';
import { claimOf } from './review-claims.ts';
import { buildWorklistWorkbook } from './worklist-workbook.ts';
import type { WorklistFilter, WorklistOrder, WorklistRow } from './worklist-repository.ts';
import type { worklistCountsQuerySchema, worklistExportQuerySchema } from '@vmer/domain/workbench';

type CountsQuery = z.output<typeof worklistCountsQuerySchema>;
type ExportQuery = z.output<typeof worklistExportQuerySchema>;
/** The filters every worklist call shares. */
type FilterQuery = CountsQuery & Partial<Pick<WorklistQuery, 'status' | 'view'>>;

const DAY_MS = 86_400_000;
const STATUSES: readonly DisclosureStatus[] = [1, 2, 3, 4, 5];
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A 400 of the worklist naming the query parameter at fault. */
function refused(
  parameter: string,
  message: MessageKey,
  params?: Record<string, string | number>,
): HttpError {
  return filterRefused('worklist_filter_rejected', parameter, message, params);
}

/**
 * A date range of the query as a half-open range of moments (server time zone UTC, design
 * §10): from its first day's start to the day after its last. 400 when reversed or wider
 * than WORKLIST_RANGE_MAX_DAYS.
 */
function range(
  from: string | undefined,
  to: string | undefined,
  names: [string, string],
): { from?: Date; before?: Date } | undefined {
  if (from === undefined && to === undefined) return undefined;
  const start = from === undefined ? undefined : new Date(`${from}T00:00:00Z`);
  const end = to === undefined ? undefined : new Date(`${to}T00:00:00Z`);
  if (start && end) {
    if (end < start) throw refused(names[1], 'worklist_range_reversed');
    const days = (end.getTime() - start.getTime()) / DAY_MS + 1;
    if (days > WORKLIST_RANGE_MAX_DAYS) {
      throw refused(names[1], 'worklist_range_too_wide', { days: WORKLIST_RANGE_MAX_DAYS });
    }
  }
  return {
    ...(start ? { from: start } : {}),
    ...(end ? { before: new Date(end.getTime() + DAY_MS) } : {}),
  };
}

/**
 * The worklist (design §10, requirements W-02 to W-10): the caller's insurers' disclosures
 * filtered, sorted and keyset-paged, the counts per status and view, and the download.
 */
export function worklistService(deps: {
  catalog: CatalogService;
  repositories: Pick<Repositories, 'worklist'>;
  /** Minutes a review claim lasts (REVIEW_CLAIM_MINUTES). */
  claimMinutes: number;
  now?: () => Date;
}) {
  const { worklist } = deps.repositories;
  const now = deps.now ?? (() => new Date());
  const claimMs = deps.claimMinutes * 60_000;

  /**
   * The query's filters for the repository, checked against the caller: only the caller's
   * insurers, and a channel or product that one of them has in the active catalogue.
   */
  async function filterOf(caller: Caller, query: FilterQuery): Promise<WorklistFilter> {
    requireEditor(caller);
    const insurers = await checkedScope(
      deps.catalog,
      'worklist_filter_rejected',
      caller.insurers,
      query,
    );
    const created = range(query.createdFrom, query.createdTo, ['createdFrom', 'createdTo']);
    const submitted = range(query.submittedFrom, query.submittedTo, [
      'submittedFrom',
      'submittedTo',
    ]);
    return {
      insurers,
      ...(query.status?.length ? { statuses: [...new Set(query.status)] } : {}),
      ...(query.channel ? { channel: query.channel } : {}),
      ...(query.product ? { product: query.product } : {}),
      ...(query.q ? { prefix: query.q } : {}),
      ...(query.condition ? { condition: query.condition } : {}),
      ...(query.needsReview === undefined ? {} : { needsReview: query.needsReview }),
      ...(created ? { created } : {}),
      ...(submitted ? { submitted } : {}),
      view: query.view ?? 'all',
      subject: caller.subject,
      claimsFrom: new Date(now().getTime() - claimMs),
    };
  }

  /**
   * What a cursor is bound to: the caller and every filter and sort of the query (not the
   * page size), so a cursor given with other filters is refused instead of giving a wrong page.
   */
  function filtersHash(caller: Caller, query: WorklistQuery): string {
    const bound = [
      caller.subject,
      query.view,
      [...new Set(query.status ?? [])].sort(),
      [...new Set(query.insurer ?? [])].sort(),
      query.channel ?? null,
      query.product ?? null,
      query.q ?? null,
      query.condition ?? null,
      query.needsReview ?? null,
      query.createdFrom ?? null,
      query.createdTo ?? null,
      query.submittedFrom ?? null,
      query.submittedTo ?? null,
      query.sort,
      query.order,
    ];
    return createHash('sha256').update(JSON.stringify(bound)).digest('base64url').slice(0, 22);
  }

  function encodeCursor(row: WorklistRow, hash: string): string {
    return Buffer.from(JSON.stringify([row.sort_key, row.id, hash])).toString('base64url');
  }

  /** The row a cursor points after; 400 when it is malformed or made for other filters. */
  function decodeCursor(cursor: string, hash: string): { key: string; id: string } {
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    } catch {
      throw refused('cursor', 'worklist_cursor_invalid');
    }
    if (
      !Array.isArray(parsed) ||
      parsed.length !== 3 ||
      typeof parsed[0] !== 'string' ||
      !ISO_MOMENT.test(parsed[0]) ||
      Number.isNaN(Date.parse(parsed[0])) ||
      typeof parsed[1] !== 'string' ||
      !UUID.test(parsed[1]) ||
      parsed[2] !== hash
    ) {
      throw refused('cursor', 'worklist_cursor_invalid');
    }
    return { key: parsed[0], id: parsed[1] };
  }

  /** A row as the worklist lists it; a lapsed claim is no claim (claimOf, W-15). */
  function entryOf(caller: Caller, row: WorklistRow): WorklistEntry {
    const status = row.status as DisclosureStatus;
    const claim = CLAIMABLE_STATUSES.includes(status)
      ? claimOf(row, caller, deps.claimMinutes, now())
      : null;
    const reviewed = status === 4 || status === 5;
    return {
      id: row.id,
      requestId: row.request_id,
      applicationNumber: row.application_number,
      insurerCode: row.insurer_code,
      channel: row.channel,
      productCode: row.product_code,
      status,
      version: row.version,
      catalogVersion: row.catalog_version,
      decisions: row.decisions,
      needsReview: row.needs_review,
      conditions: row.condition_names,
      createdBy: row.created_by,
      createdAt: new Date(row.created_at).toISOString(),
      updatedAt: new Date(row.updated_at).toISOString(),
      submittedAt: row.submitted_at === null ? null : new Date(row.submitted_at).toISOString(),
      reviewer: claim?.claimedBy ?? (reviewed ? row.reviewed_by : null),
      claim,
      rejectReason: status === 5 ? row.reject_reason : null,
    };
  }

  const orderOf = (query: Pick<WorklistQuery, 'sort' | 'order'>): WorklistOrder => ({
    sort: query.sort,
    order: query.order,
  });

  return {
    /** One page of the worklist and the cursor of the next (null on the last). */
    async page(caller: Caller, query: WorklistQuery): Promise<WorklistPage> {
      const filter = await filterOf(caller, query);
      const hash = filtersHash(caller, query);
      const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor, hash);
      const rows = await worklist.page(
        filter,
        { ...orderOf(query), ...(after ? { after } : {}) },
        query.limit + 1,
      );
      const shown = rows.slice(0, query.limit);
      const last = shown.at(-1);
      return {
        items: shown.map((row) => entryOf(caller, row)),
        nextCursor: rows.length > query.limit && last ? encodeCursor(last, hash) : null,
      };
    },

    /** The counts per status and per view for the filters (W-06). */
    async counts(caller: Caller, query: CountsQuery): Promise<WorklistCounts> {
      const { view: _view, ...filter } = await filterOf(caller, query);
      const [byStatus, mine, awaitingMyReview, returnedToMe] = await Promise.all([
        worklist.countByStatus(filter),
        worklist.countView({ ...filter, view: 'mine' }),
        worklist.countView({ ...filter, view: 'awaitingMyReview' }),
        worklist.countView({ ...filter, view: 'returnedToMe' }),
      ]);
      return {
        byStatus: Object.fromEntries(STATUSES.map((s) => [String(s), byStatus.get(s) ?? 0])),
        mine,
        awaitingMyReview,
        returnedToMe,
      };
    },

    /**
     * The filtered worklist as an xlsx workbook in the caller's language (W-07): at most
     * `max` rows (WORKLIST_EXPORT_MAX), and whether more were left out.
     */
    async export(
      caller: Caller,
      query: ExportQuery,
      max: number = WORKLIST_EXPORT_MAX,
    ): Promise<WorklistExport> {
      const filter = await filterOf(caller, query);
      const rows = await worklist.page(filter, orderOf(query), max + 1);
      const shown = rows.slice(0, max).map((row) => entryOf(caller, row));
      const generatedAt = now();
      const active = await deps.catalog.active();
      const workbook = await buildWorklistWorkbook({
        language: caller.language,
        // The indicators any insurer exported decides on (K-13), in the catalogue's order.
        indicators: active.catalog.indicators.filter((indicator) =>
          filter.insurers.some((code) =>
            insurerIndicators(active.catalog, code).some((own) => own.code === indicator.code),
          ),
        ),
        entries: shown,
        generatedAt,
      });
      const stamp = generatedAt.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
      return {
        fileName: `worklist_${stamp}.xlsx`,
        content: workbook.toString('base64'),
        rows: shown.length,
        truncated: rows.length > max,
      };
    },
  };
}
