import { randomUUID } from 'node:crypto';
import { MESSAGES, type DisclosureDocument, type DisclosureStatus } from '@vmer/domain';
import {
  exportFileName,
  OPERATION_TARGET,
  type AuditEntry,
  type CatalogueUpdateBody,
  type CatalogueUpdated,
  type CatalogueUpdateSummary,
  type DisclosureExport,
  type DisclosurePayload,
  type DisclosureRequest,
  type DisclosureRequestCreated,
  type DisclosureReviewed,
  type DisclosureSaved,
  type DisclosureView,
  type RejectBody,
} from '@vmer/domain/lifecycle';
import type { Kysely } from 'kysely';
import type { CatalogService } from '../catalog/catalog-service.ts';
import type { ProductView } from '../catalog/catalog-view.ts';
import type { Database } from '../db/schema.ts';
import type { BusinessMetrics } from '../http/business-metrics.ts';
import { HttpError, type FieldError } from '../http/errors.ts';
import {
  isClientReader,
  requireCatalogueUpdate,
  requireMove,
  requireReader,
  requireReview,
  requireStore,
  targetOf,
  type Caller,
  type Reader,
  type Requester,
  type ReviewOperation,
  type StoreOperation,
} from './disclosure-access.ts';
import {
  completionProblems,
  documentDecisions,
  evaluateDocument,
  parseDocument,
  refuseImplausible,
  saveProblems,
  saveRefused,
} from './disclosure-document.ts';
import { onceByKey, requestSha256 } from './disclosure-idempotency.ts';
import {
  auditEntry,
  disclosureView,
  payloadProfile,
  requestDocument,
  rowProfile,
} from './disclosure-mapping.ts';
import { catalogFor, keepCatalogVersion, productCodes, productFor } from './disclosure-product.ts';
import type { Repositories } from '../repositories.ts';
import { type AuditOf, type DisclosureRow, type InsurerScope } from './disclosure-repository.ts';
import { planCatalogueUpdate, type CatalogueUpdatePlan } from './catalogue-update.ts';
import { buildExportWorkbook } from './export-workbook.ts';
import { claimOf, requireNoOtherClaim } from './review-claims.ts';
import { overrideOf } from './review-service.ts';
import { rowSummary } from './row-summary.ts';

function incomplete(errors: FieldError[]): HttpError {
  return new HttpError(400, MESSAGES.questionnaire_incomplete, errors);
}

/**
 * The disclosure lifecycle (design §4): requests, save, submit, validate, reject, export
 * and the audit trail (the worklist is worklist-service.ts). Each change runs in one transaction with its audit entry
 * and, when the caller sent an Idempotency-Key, with the answer kept under that key. Who may
 * do what lives in disclosure-access.ts, the catalogue and product checks in
 * disclosure-product.ts, the keys in disclosure-idempotency.ts and the row-to-API shapes in
 * disclosure-mapping.ts.
 */
export function disclosureService(deps: {
  db: Kysely<Database>;
  catalog: CatalogService;
  repositories: Pick<Repositories, 'disclosures' | 'idempotency' | 'reviews'>;
  /** REVIEW_CLAIM_MINUTES: how long a review claim keeps others from validating or rejecting. */
  claimMinutes: number;
  /** Counts the decisions a submit stores (requirements N-19). */
  metrics?: Pick<BusinessMetrics, 'decisionsSubmitted'>;
}) {
  const { db, catalog, claimMinutes } = deps;
  const { disclosures, reviews } = deps.repositories;
  const once = onceByKey(db, deps.repositories.idempotency);

  async function store(
    caller: Caller,
    operation: StoreOperation,
    payload: DisclosurePayload,
    idempotencyKey?: string,
  ): Promise<DisclosureSaved> {
    requireStore(caller, operation);
    const document = parseDocument(payload.disclosureJson);
    const view = await catalogFor(catalog, document.catalogVersion);
    const payloadSha256 = requestSha256(payload);
    return once(caller, idempotencyKey, operation, payloadSha256, async (trx) => {
      const row = await targetOf(disclosures, caller, payload, trx);
      const to = OPERATION_TARGET[operation];
      let product: ProductView | undefined;
      if (row) {
        if (payload.version == null) {
          throw new HttpError(400, 'bad_request', [
            { path: 'version', message: 'disclosure_version_required' },
          ]);
        }
        if (payload.version !== row.version) throw new HttpError(409, 'disclosure_stale_version');
        requireMove(operation, row.status as DisclosureStatus);
        keepCatalogVersion(row, view);
      } else {
        product = productFor(view, caller.insurers, payload);
      }
      const codes = productCodes(row, product);
      const profile = payloadProfile(payload);
      const evaluated = evaluateDocument(document, view, profile, codes);
      // I-16 to I-22: what cannot be true is refused first, as it is what keeps a decision back.
      refuseImplausible(evaluated);
      const problems =
        operation === 'save' ? saveProblems(evaluated) : completionProblems(evaluated, 'submit');
      if (problems.length > 0) {
        throw operation === 'save' ? saveRefused(problems) : incomplete(problems);
      }
      const disclosureJson = JSON.stringify(evaluated.document);
      const summary = rowSummary(evaluated.document, evaluated.evaluation);
      const values = {
        application_number: payload.applicationNumber,
        age: payload.age,
        gender: payload.gender,
        rsm_score: payload.rsmScore,
        status: to,
        catalog_version: view.version,
        document: disclosureJson,
        ...summary,
        updated_by: caller.userName,
        // The reason stays in view while the interviewer corrects; a new submission ends it.
        ...(operation === 'submit'
          ? { reject_reason: null, submitted_by: caller.subject, submitted_at: new Date() }
          : {}),
      };
      const audit: AuditOf = {
        actor: caller.userName,
        operation,
        from_status: row ? row.status : null,
        catalog_version: view.version,
        payload_sha256: payloadSha256,
        reason: null,
        keepsRevision: true,
      };
      const saved = row
        ? await disclosures.update(caller, row.id, row.version, values, audit, trx)
        : await disclosures.insert(
            caller,
            {
              ...values,
              insurer_code: codes.insurerCode,
              channel: codes.channel,
              product_code: codes.productCode,
              id: randomUUID(),
              request_id: randomUUID(),
              redirection: null,
              created_by: caller.userName,
              created_by_subject: caller.subject,
            },
            audit,
            trx,
          );
      // The version moved on between the read and the write: someone else's change came first.
      if (!saved) throw new HttpError(409, 'disclosure_stale_version');
      if (operation === 'submit') {
        deps.metrics?.decisionsSubmitted(
          codes.insurerCode,
          JSON.parse(summary.decision_categories) as Record<string, string>,
        );
      }
      return {
        id: saved.id,
        requestId: saved.request_id,
        status: to,
        version: saved.version,
        disclosureJson,
      };
    });
  }

  async function review(
    caller: Caller,
    operation: ReviewOperation,
    id: string,
    body: RejectBody,
    idempotencyKey?: string,
  ): Promise<DisclosureReviewed> {
    const payloadSha256 = requestSha256({ id, ...body });
    return once(caller, idempotencyKey, operation, payloadSha256, async (trx) => {
      const row = await disclosures.findById(caller, id, trx);
      if (!row) throw new HttpError(404, 'not_found');
      requireReview(caller, operation, row);
      requireNoOtherClaim(row, caller, claimMinutes);
      const from = row.status as DisclosureStatus;
      const to = OPERATION_TARGET[operation];
      const reason = operation === 'reject' ? (body.reason ?? null) : null;
      const saved = await disclosures.update(
        caller,
        row.id,
        row.version,
        {
          status: to,
          reject_reason: reason,
          reviewed_by: caller.userName,
          updated_by: caller.userName,
          // The review is over: its claim ends with it (design §10).
          claimed_by: null,
          claimed_by_name: null,
          claimed_at: null,
        },
        {
          actor: caller.userName,
          operation,
          from_status: from,
          catalog_version: row.catalog_version,
          payload_sha256: payloadSha256,
          reason,
        },
        trx,
        // Only while nobody else holds a live claim: a claim taken since the read wins (W-15).
        { subject: caller.subject, minutes: claimMinutes },
      );
      if (!saved) {
        const now = await disclosures.findById(caller, id, trx);
        if (now) requireNoOtherClaim(now, caller, claimMinutes);
        throw new HttpError(409, 'disclosure_stale_version');
      }
      return { id: saved.id, requestId: saved.request_id, status: to, version: saved.version };
    });
  }

  /**
   * What moving a draft to the active catalogue version would do. Only a draft (a disclosure
   * that can still be saved) on an older version than the active one moves; 409 otherwise.
   */
  async function planUpdate(caller: Caller, row: DisclosureRow): Promise<CatalogueUpdatePlan> {
    requireCatalogueUpdate(caller, row);
    const active = await catalog.active();
    if (
      row.catalog_version === null ||
      row.document === null ||
      row.catalog_version === active.version
    ) {
      throw new HttpError(409, 'disclosure_catalogue_current');
    }
    const from = await catalog.version(row.catalog_version);
    if (!from)
      throw new Error(`catalogue version ${row.catalog_version} of a disclosure is missing`);
    return planCatalogueUpdate(row.document as DisclosureDocument, from, active, rowProfile(row), {
      insurerCode: row.insurer_code,
      channel: row.channel,
      productCode: row.product_code,
    });
  }

  return {
    /** What updating a draft to the current catalogue would change; nothing is stored. */
    async previewCatalogueUpdate(caller: Caller, id: string): Promise<CatalogueUpdateSummary> {
      const row = await disclosures.findById(caller, id);
      if (!row) throw new HttpError(404, 'not_found');
      return (await planUpdate(caller, row)).summary;
    },

    /**
     * Moves a draft to the active catalogue version on the caller's explicit request: answers
     * kept where their question still exists, decisions recomputed, an audit entry written.
     */
    async updateCatalogue(
      caller: Caller,
      id: string,
      body: CatalogueUpdateBody,
      idempotencyKey?: string,
    ): Promise<CatalogueUpdated> {
      const payloadSha256 = requestSha256({ id, ...body });
      // The plan reads the catalogue, which is done before any transaction is open.
      const current = await disclosures.findById(caller, id);
      if (!current) throw new HttpError(404, 'not_found');
      // A refusal is raised after the key's replay: a retry of an update that went through
      // finds the disclosure current and its version moved on, and gets the first answer.
      const plan = await planUpdate(caller, current).catch((error: unknown) => {
        if (error instanceof HttpError) return error;
        throw error;
      });
      return once(caller, idempotencyKey, 'update_catalogue', payloadSha256, async (trx) => {
        if (plan instanceof HttpError) throw plan;
        if (body.version !== current.version) throw new HttpError(409, 'disclosure_stale_version');
        const disclosureJson = JSON.stringify(plan.evaluated.document);
        const toVersion = plan.summary.toVersion;
        const saved = await disclosures.update(
          caller,
          current.id,
          body.version,
          {
            catalog_version: toVersion,
            document: disclosureJson,
            ...rowSummary(plan.evaluated.document, plan.evaluated.evaluation),
            updated_by: caller.userName,
          },
          {
            actor: caller.userName,
            operation: 'update_catalogue',
            from_status: current.status,
            catalog_version: toVersion,
            payload_sha256: payloadSha256,
            reason: null,
            keepsRevision: true,
          },
          trx,
        );
        // Written on a version that has moved on since it was read: someone else came first.
        if (!saved) throw new HttpError(409, 'disclosure_stale_version');
        return {
          id: saved.id,
          requestId: saved.request_id,
          status: saved.status as DisclosureStatus,
          version: saved.version,
          disclosureJson,
          summary: plan.summary,
        };
      });
    },

    /**
     * A caller system (or a person) asks for a disclosure (design §4): it is created NEW
     * for one of the requester's insurers and a product of the active catalogue.
     */
    async createRequest(
      requester: Requester,
      body: DisclosureRequest,
      idempotencyKey?: string,
    ): Promise<DisclosureRequestCreated> {
      const view = await catalog.active();
      const product = productFor(view, requester.insurers, body);
      const scope: InsurerScope = { insurers: requester.insurers };
      const payloadSha256 = requestSha256(body);
      // A caller retrying after a cut connection gets the request it made, not a second one.
      return once(requester, idempotencyKey, 'request', payloadSha256, async (trx) => {
        const id = randomUUID();
        const requestId = randomUUID();
        await disclosures.insert(
          scope,
          {
            id,
            request_id: requestId,
            insurer_code: product.insurer.code,
            channel: product.channel,
            product_code: product.product.code,
            application_number: body.applicationNumber,
            age: body.age ?? null,
            gender: body.gender ?? null,
            rsm_score: body.rsmScore ?? null,
            redirection: body.redirection ?? null,
            status: 1,
            catalog_version: null,
            document: null,
            reject_reason: null,
            created_by: requester.actor,
            created_by_subject: requester.subject,
            updated_by: requester.actor,
          },
          {
            actor: requester.actor,
            operation: 'request',
            from_status: null,
            catalog_version: null,
            payload_sha256: payloadSha256,
            reason: null,
          },
          trx,
        );
        return { requestId, id, address: `/questionnaire/${requestId}` };
      });
    },

    /**
     * The disclosure opened at /questionnaire/{requestId}, in the mode its status and the
     * caller's role give; a caller system reads the ones it requested, in view mode (N-01).
     */
    async view(reader: Reader, requestId: string): Promise<DisclosureView> {
      const row = await disclosures.findByRequestId(reader, requestId);
      if (!row) throw new HttpError(404, 'not_found');
      const saved = row.document as DisclosureDocument | null;
      // Nothing saved yet: the request's profile, answered against the active catalogue.
      const document = saved ?? requestDocument(row, (await catalog.active()).version);
      if (isClientReader(reader))
        return disclosureView(row, { subject: reader.requestedBy }, document, null);
      return disclosureView(row, reader, document, claimOf(row, reader, claimMinutes));
    },

    save: (caller: Caller, payload: DisclosurePayload, key?: string) =>
      store(caller, 'save', payload, key),
    submit: (caller: Caller, payload: DisclosurePayload, key?: string) =>
      store(caller, 'submit', payload, key),
    validate: (caller: Caller, id: string, key?: string) => review(caller, 'validate', id, {}, key),
    reject: (caller: Caller, id: string, body: RejectBody, key?: string) =>
      review(caller, 'reject', id, body, key),

    /**
     * The disclosure as a spreadsheet in the caller's language (requirements §7), only when complete
     * (requirements §5): otherwise 400 naming what is missing. Nothing is stored.
     */
    async export(caller: Reader, payload: DisclosurePayload): Promise<DisclosureExport> {
      // The roles that save and submit: an administrator manages, and sees no disclosure data.
      requireReader(caller);
      // A caller system exports only a disclosure it requested, so its payload names one.
      if (isClientReader(caller) && !payload.id && !payload.requestId)
        throw new HttpError(403, 'forbidden');
      const document = parseDocument(payload.disclosureJson);
      const view = await catalogFor(catalog, document.catalogVersion);
      const row = await targetOf(disclosures, caller, payload, db);
      keepCatalogVersion(row, view);
      const product = row ? undefined : productFor(view, caller.insurers, payload);
      const codes = productCodes(row, product);
      const profile = payloadProfile(payload);
      const evaluated = evaluateDocument(document, view, profile, codes);
      refuseImplausible(evaluated);
      const problems = completionProblems(evaluated, 'export');
      if (problems.length > 0) throw incomplete(problems);
      const workbook = await buildExportWorkbook({
        language: caller.language,
        catalog: view.catalog,
        catalogVersion: view.version,
        ...codes,
        applicationNumber: payload.applicationNumber,
        profile: evaluated.document.profile,
        ...documentDecisions(evaluated),
        generatedAt: new Date(),
        // A stored disclosure's overrides go beside the engine's decisions (W-18).
        overrides: row ? (await reviews.overrides(caller, row.id)).map(overrideOf) : [],
      });
      return {
        fileName: exportFileName(payload.applicationNumber),
        content: workbook.toString('base64'),
      };
    },

    /** A disclosure's audit trail, oldest first. */
    async audit(caller: Caller, id: string): Promise<AuditEntry[]> {
      const row = await disclosures.findById(caller, id);
      if (!row) throw new HttpError(404, 'not_found');
      const entries = await disclosures.audit(caller, id);
      return entries.map(auditEntry);
    },
  };
}

export type DisclosureService = ReturnType<typeof disclosureService>;
