import { insurerIndicators, type DisclosureDocument, type DisclosureStatus } from '@vmer/domain';
import { mayReview } from '@vmer/domain/lifecycle';
import { compareRevisions, type RevisionSide } from '@vmer/domain/revision-compare';
import type {
  compareQuerySchema,
  Override,
  OverrideBody,
  OverrideReason,
  overridesAnswerSchema,
  ReviewClaim,
  RevisionCompare,
  RevisionSummary,
} from '@vmer/domain/workbench';
import type { z } from 'zod';
import type { Kysely } from 'kysely';
import type { CatalogService } from '../catalog/catalog-service.ts';
import type { Database } from '../db/schema.ts';
import { HttpError, type FieldError } from '../http/errors.ts';
import { HTTP_MESSAGES } from '../http/messages.ts';
import type { Repositories } from '../repositories.ts';
import { requireEditor, requireReader, type Caller, type Reader } from './disclosure-access.ts';
import { onceByKey, requestSha256 } from './disclosure-idempotency.ts';
import type { DisclosureRow, Executor } from './disclosure-repository.ts';
import { catalogFor } from './disclosure-product.ts';
import { claimOf, heldByAnother, requireNoOtherClaim } from './review-claims.ts';
import type { OverrideRow } from './review-repository.ts';
import type { RevisionRow, RevisionSummaryRow } from './revision-repository.ts';

type OverridesAnswer = z.infer<typeof overridesAnswerSchema>;
type CompareQuery = z.infer<typeof compareQuerySchema>;

/** 403 unless the caller's role reviews disclosures (design §3). */
function requireReviewer(caller: Pick<Caller, 'role'>): void {
  if (!mayReview(caller.role)) throw new HttpError(403, 'forbidden');
}

const statusText = (row: DisclosureRow) =>
  HTTP_MESSAGES[`disclosure_status_${row.status as DisclosureStatus}`];

/** Runs `work` in the transaction given, or in a new one. */
function inTransaction<T>(executor: Executor, work: (trx: Executor) => Promise<T>): Promise<T> {
  return executor.isTransaction ? work(executor) : executor.transaction().execute(work);
}

/** An override row as the API and the export show it. */
export function overrideOf(row: OverrideRow): Override {
  return {
    impairmentUuid: row.impairment_uuid,
    indicator: row.indicator,
    engineDecision: row.engine_decision,
    decision: row.decision,
    reason: row.reason as OverrideReason,
    note: row.note,
    by: row.by_name,
    at: new Date(row.at).toISOString(),
  };
}

function summaryOf(row: RevisionSummaryRow): RevisionSummary {
  return {
    revision: row.revision,
    operation: row.operation,
    status: row.status as DisclosureStatus,
    catalogVersion: row.catalog_version,
    actor: row.actor,
    at: new Date(row.at).toISOString(),
  };
}

/**
 * Review of submitted disclosures (design §10, requirements W-13 to W-19): claims, overrides
 * of the engine's decisions, and the kept revisions with their comparison. Who may see a
 * disclosure at all is the disclosure scope (another insurer's answers 404); claiming and
 * overriding are for underwriters who did not submit it; reading revisions and overrides is
 * for everyone who works on disclosures.
 */
export function reviewService(deps: {
  db: Kysely<Database>;
  catalog: CatalogService;
  repositories: Pick<Repositories, 'disclosures' | 'idempotency' | 'reviews' | 'revisions'>;
  /** REVIEW_CLAIM_MINUTES: how long a claim lasts. */
  claimMinutes: number;
}) {
  const { db, catalog, claimMinutes: minutes } = deps;
  const { disclosures, reviews, revisions } = deps.repositories;
  const once = onceByKey(db, deps.repositories.idempotency);

  async function found(caller: Reader, id: string, trx: Executor = db): Promise<DisclosureRow> {
    const row = await disclosures.findById(caller, id, trx);
    if (!row) throw new HttpError(404, 'not_found');
    return row;
  }

  /** Why this caller may not claim this disclosure now, if they may not. */
  function refuseClaim(caller: Caller, row: DisclosureRow): void {
    if (row.status !== 3) {
      throw new HttpError(409, {
        key: 'review_claim_forbidden',
        params: { status: statusText(row) },
      });
    }
    // Separation of duties (design §3, W-17): a second person reviews what one submitted.
    if (row.submitted_by === caller.subject)
      throw new HttpError(403, 'review_claim_own_submission');
    requireNoOtherClaim(row, caller, minutes);
  }

  /** Why an override of this disclosure by this caller is refused. */
  function refusedOverride(caller: Caller, row: DisclosureRow, version: number): HttpError {
    if (row.submitted_by === caller.subject) {
      return new HttpError(403, 'review_claim_own_submission');
    }
    if (row.status !== 3) {
      return new HttpError(409, { key: 'override_forbidden', params: { status: statusText(row) } });
    }
    const claim = claimOf(row, caller, minutes);
    if (claim && !claim.mine) return heldByAnother(claim);
    if (!claim) return new HttpError(409, 'review_claim_required');
    if (row.version !== version) return new HttpError(409, 'disclosure_stale_version');
    return new HttpError(409, 'conflict');
  }

  /** The revision of a disclosure with that number (the latest when undefined), or 404. */
  async function revisionOf(caller: Caller, id: string, revision?: number): Promise<RevisionRow> {
    const row = await revisions.find(caller, id, revision);
    if (!row) {
      throw revision === undefined
        ? new HttpError(404, 'not_found')
        : new HttpError(404, { key: 'revision_not_found', params: { revision } });
    }
    return row;
  }

  async function sideOf(row: RevisionRow): Promise<RevisionSide> {
    const document = row.document as DisclosureDocument;
    const view = await catalogFor(catalog, row.catalog_version ?? document.catalogVersion);
    return { summary: summaryOf(row), document, catalog: view.catalog };
  }

  return {
    /** Takes (or renews) the caller's claim on a submitted disclosure (W-14). */
    async claim(caller: Caller, id: string): Promise<ReviewClaim | null> {
      requireReviewer(caller);
      refuseClaim(caller, await found(caller, id));
      const taken = await inTransaction(db, (trx) =>
        reviews.claim(caller, id, caller, minutes, trx),
      );
      if (taken) return claimOf(taken, caller, minutes);
      // Someone came first between the read and the write: say who, or what changed.
      refuseClaim(caller, await found(caller, id));
      throw new HttpError(409, 'conflict');
    },

    /** Releases the caller's claim (W-14): only the holder may. */
    async release(caller: Caller, id: string): Promise<null> {
      requireReviewer(caller);
      const row = await found(caller, id);
      if (await inTransaction(db, (trx) => reviews.release(caller, id, caller, trx))) return null;
      requireNoOtherClaim(row, caller, minutes);
      throw new HttpError(409, 'review_not_claimed');
    },

    /**
     * The reviewer holding the claim overrides (or with `decision: null` restores) the engine's
     * decision of one condition for one benefit (W-18): the disclosure's version moves on and
     * the audit trail records the reason, the note and the change.
     */
    async override(
      caller: Caller,
      id: string,
      body: OverrideBody,
      idempotencyKey?: string,
    ): Promise<OverridesAnswer> {
      requireReviewer(caller);
      const row = await found(caller, id);
      const document = row.document as DisclosureDocument | null;
      // Nothing stored yet: nothing to override (a request is not submitted).
      if (!document) throw refusedOverride(caller, row, body.version);
      const entry = document.impairments.find((i) => i.uuid === body.impairmentUuid);
      // The catalogue is read before any transaction is open (PGlite has one connection).
      const view = await catalogFor(catalog, row.catalog_version ?? document.catalogVersion);
      const errors: FieldError[] = [];
      if (!entry) errors.push({ path: 'impairmentUuid', message: 'override_condition_unknown' });
      const indicators = insurerIndicators(view.catalog, row.insurer_code);
      if (!indicators.some((i) => i.code === body.indicator)) {
        errors.push({ path: 'indicator', message: 'override_indicator_unknown' });
      }
      const known = new Set(view.catalog.exclusions.map((e) => e.code));
      for (const code of body.decision?.split(',').filter((c) => c.startsWith('EX')) ?? []) {
        if (!known.has(code)) {
          errors.push({
            path: 'decision',
            message: { key: 'override_exclusion_unknown', params: { code } },
          });
        }
      }
      if (errors.length > 0 || !entry) throw new HttpError(400, 'bad_request', errors);

      const engine = entry.decision?.[body.indicator] ?? '';
      const change = `${entry.name} ${body.indicator}: ${engine}`;
      const reason =
        body.decision === null
          ? `restored (${change})`
          : `${body.reason}${body.note ? `: ${body.note}` : ''} (${change} → ${body.decision})`;
      const payloadSha256 = requestSha256({ id, ...body });
      return once(caller, idempotencyKey, 'override', payloadSha256, (key) =>
        inTransaction(key, async (trx) => {
          const step = await reviews.overrideStep(
            caller,
            id,
            body.version,
            { subject: caller.subject, userName: caller.userName, minutes },
            { payload_sha256: payloadSha256, reason },
            trx,
          );
          // Not the submitter, still submitted, the caller's live claim, the version loaded:
          // checked here, after a retry with the same Idempotency-Key had its first answer.
          if (!step) throw refusedOverride(caller, await found(caller, id, trx), body.version);
          if (body.decision === null) {
            await reviews.removeOverride(id, body.impairmentUuid, body.indicator, trx);
          } else {
            await reviews.putOverride(
              {
                disclosure_id: id,
                impairment_uuid: body.impairmentUuid,
                indicator: body.indicator,
                insurer_code: row.insurer_code,
                catalog_version: step.catalog_version,
                engine_decision: engine,
                decision: body.decision,
                reason: body.reason!,
                note: body.note || null,
                by_subject: caller.subject,
                by_name: caller.userName,
              },
              trx,
            );
          }
          const rows = await reviews.overrides(caller, id, trx);
          return { version: step.version, overrides: rows.map(overrideOf) };
        }),
      );
    },

    /** A disclosure's current overrides (W-18); a caller system's of those it requested (N-01). */
    async overrides(caller: Reader, id: string): Promise<OverridesAnswer> {
      requireReader(caller);
      const row = await found(caller, id);
      const rows = await reviews.overrides(caller, id);
      return { version: row.version, overrides: rows.map(overrideOf) };
    },

    /** A disclosure's kept revisions, oldest first (W-13). */
    async revisions(caller: Caller, id: string): Promise<RevisionSummary[]> {
      requireEditor(caller);
      await found(caller, id);
      return (await revisions.list(caller, id)).map(summaryOf);
    },

    /** What changed between two revisions, in the caller's language (W-13, W-21). */
    async compare(caller: Caller, id: string, query: CompareQuery): Promise<RevisionCompare> {
      requireEditor(caller);
      const disclosure = await found(caller, id);
      const from = await sideOf(await revisionOf(caller, id, query.from));
      const to = await sideOf(await revisionOf(caller, id, query.to));
      return compareRevisions(from, to, disclosure.insurer_code, caller.language);
    },
  };
}
