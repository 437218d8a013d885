import { createHash, randomUUID } from 'node:crypto';
import { MESSAGES, type DisclosureDocument, type DisclosureStatus } from '@vmer/domain';
import {
  actionFor,
  checkOperation,
  exportFileName,
  mayEdit,
  mayOperate,
  mayReview,
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
  type WorklistPage,
  type WorklistQuery,
} from '@vmer/domain/lifecycle';
import type { Kysely } from 'kysely';
import type { AuthUser } from '../auth/authenticate.ts';
import type { CatalogService } from '../catalog/catalog-service.ts';
import type { CatalogView, ProductView } from '../catalog/catalog-view.ts';
import type { Database } from '../db/schema.ts';
import { HttpError, type FieldError } from '../http/errors.ts';
import { HTTP_MESSAGES } from '../http/messages.ts';
import { pageOf, pageWindow } from '../http/paging.ts';
import {
  completionProblems,
  documentDecisions,
  evaluateDocument,
  parseDocument,
  saveProblems,
  saveRefused,
  type EvaluatedDocument,
  type PayloadProfile,
} from './disclosure-document.ts';
import {
  disclosureRepository,
  type AuditOf,
  type DisclosureRow,
  type Executor,
  type InsurerScope,
} from './disclosure-repository.ts';
import { planCatalogueUpdate, type CatalogueUpdatePlan } from './catalogue-update.ts';
import { buildExportWorkbook } from './export-workbook.ts';
import { idempotencyRepository } from './idempotency-repository.ts';

/** Who calls: a signed-in person (the auth hook's user). */
export type Caller = Pick<AuthUser, 'subject' | 'userName' | 'role' | 'insurers' | 'language'>;

/** Who asks for a disclosure: a signed-in person or a caller system (client credentials). */
export interface Requester {
  /** Recorded in the audit trail: a user name or a client id. */
  actor: string;
  /** Whose Idempotency-Keys these are: the person's subject, or `client:` and the client id. */
  subject: string;
  insurers: readonly string[];
}

/** Rows per worklist page. */
export const WORKLIST_PAGE_SIZE = 20;

type StoreOperation = 'save' | 'submit';
type ReviewOperation = 'validate' | 'reject';

/** Thrown inside a transaction whose Idempotency-Key another request holds. */
class KeyTaken extends Error {}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The 409 of a move design §4 does not allow, saying what the disclosure is now. */
function refuseMove(
  operation: StoreOperation | ReviewOperation,
  from: DisclosureStatus,
): HttpError {
  return new HttpError(409, {
    key: `disclosure_${operation}_forbidden`,
    params: { status: HTTP_MESSAGES[`disclosure_status_${from}`] },
  });
}

/**
 * The disclosure lifecycle (design §4): requests, save, submit, validate, reject, export,
 * the worklist and the audit trail. Each change runs in one transaction with its audit entry
 * and, when the caller sent an Idempotency-Key, with the answer kept under that key.
 */
export function disclosureService(deps: { db: Kysely<Database>; catalog: CatalogService }) {
  const { db, catalog } = deps;
  const disclosures = disclosureRepository(db);
  const keys = idempotencyRepository(db);

  /**
   * Runs a change once per Idempotency-Key (design §4): a retry with the same key gets the
   * first answer, a key reused for another request 422. The key is taken inside the change's
   * transaction, so a concurrent retry waits for the first and then answers its result.
   * Without a key the change needs no transaction of its own: its one write statement carries
   * the audit entry and the version check.
   */
  async function once<T>(
    caller: Pick<Caller, 'subject'>,
    key: string | undefined,
    operation: string,
    requestSha256: string,
    work: (trx: Executor) => Promise<T>,
  ): Promise<T> {
    if (key === undefined) return work(db);
    const replay = async (): Promise<T> => {
      const stored = await keys.find(caller.subject, key);
      if (!stored || stored.response === null) throw new HttpError(409, 'idempotency_in_progress');
      if (stored.operation !== operation || stored.request_sha256 !== requestSha256) {
        throw new HttpError(422, 'idempotency_key_reused');
      }
      return stored.response as T;
    };
    if (await keys.find(caller.subject, key)) return replay();
    try {
      return await db.transaction().execute(async (trx) => {
        if (!(await keys.claim({ subject: caller.subject, key, operation, requestSha256 }, trx)))
          throw new KeyTaken();
        const response = await work(trx);
        await keys.complete(caller.subject, key, response, trx);
        return response;
      });
    } catch (error) {
      if (error instanceof KeyTaken) return replay();
      throw error;
    }
  }

  /** The catalogue version a document names, or the active one when it names none. */
  async function catalogFor(version: string): Promise<CatalogView> {
    if (version === '') return catalog.active();
    const view = await catalog.version(version);
    if (!view) {
      throw new HttpError(400, 'disclosure_document_invalid', [
        { path: 'disclosureJson.catalogVersion', message: 'disclosure_catalog_version_unknown' },
      ]);
    }
    return view;
  }

  /** A product of the caller's insurers, for a disclosure made without a request. */
  function productFor(
    view: CatalogView,
    insurers: readonly string[],
    codes: {
      insurerCode?: string | undefined;
      channel?: string | undefined;
      productCode?: string | undefined;
    },
  ): ProductView {
    const missing: FieldError[] = (['insurerCode', 'channel', 'productCode'] as const)
      .filter((field) => !codes[field])
      .map((field) => ({ path: field, message: 'field_required' }));
    if (missing.length > 0) throw new HttpError(400, 'bad_request', missing);
    const { insurerCode, channel, productCode } = codes as Required<typeof codes>;
    if (!insurers.includes(insurerCode)) throw new HttpError(403, 'forbidden');
    const insurer = view.catalog.insurers.find((i) => i.code === insurerCode);
    if (!insurer)
      throw new HttpError(400, 'bad_request', [
        { path: 'insurerCode', message: 'field_not_allowed' },
      ]);
    const product = view.product(insurerCode, channel, productCode);
    if (product) return product;
    const channelKnown = insurer.channels.some(
      (c) => c.code.toLowerCase() === channel.toLowerCase(),
    );
    throw new HttpError(400, 'bad_request', [
      channelKnown
        ? { path: 'productCode', message: 'insurer_product_unknown' }
        : { path: 'channel', message: 'insurer_channel_unknown' },
    ]);
  }

  /** The disclosure a payload names by id (or by request id), locked for the change. */
  async function targetOf(
    caller: Caller,
    payload: DisclosurePayload,
    trx: Executor,
  ): Promise<DisclosureRow | undefined> {
    let row: DisclosureRow | undefined;
    if (payload.id) row = await disclosures.findById(caller, payload.id, trx);
    else if (payload.requestId)
      row = await disclosures.findByRequestId(caller, payload.requestId, trx);
    else return undefined;
    if (!row) throw new HttpError(404, 'not_found');
    const mismatches: FieldError[] = [];
    const expect = (field: string, sent: string | null | undefined, stored: string) => {
      if (sent != null && sent.toLowerCase() !== stored.toLowerCase()) {
        mismatches.push({ path: field, message: 'disclosure_field_mismatch' });
      }
    };
    expect('requestId', payload.requestId, row.request_id);
    expect('insurerCode', payload.insurerCode, row.insurer_code);
    expect('channel', payload.channel, row.channel);
    expect('productCode', payload.productCode, row.product_code);
    if (mismatches.length > 0) throw new HttpError(400, 'bad_request', mismatches);
    return row;
  }

  /**
   * A stored disclosure keeps the catalogue version it was answered on: a save, submit or
   * export naming another one is refused (409), so its decisions never move silently. Moving
   * it is the explicit catalogue update.
   */
  function keepCatalogVersion(row: DisclosureRow | undefined, view: CatalogView): void {
    if (!row || row.catalog_version === null || row.catalog_version === view.version) return;
    throw new HttpError(409, {
      key: 'disclosure_catalog_version_changed',
      params: { stored: row.catalog_version, sent: view.version },
    });
  }

  function basicOf(payload: DisclosurePayload): PayloadProfile {
    return {
      applicationNumber: payload.applicationNumber,
      age: payload.age,
      gender: payload.gender,
      rsmScore: payload.rsmScore,
    };
  }

  function productCodes(row: DisclosureRow | undefined, product: ProductView | undefined) {
    return row
      ? { insurerCode: row.insurer_code, channel: row.channel, productCode: row.product_code }
      : {
          insurerCode: product!.insurer.code,
          channel: product!.channel,
          productCode: product!.product.code,
        };
  }

  function incomplete(errors: FieldError[]): HttpError {
    const message = MESSAGES.questionnaire_incomplete;
    return new HttpError(400, message, errors);
  }

  async function store(
    caller: Caller,
    operation: StoreOperation,
    payload: DisclosurePayload,
    idempotencyKey?: string,
  ): Promise<DisclosureSaved> {
    if (!mayOperate(caller.role, operation)) throw new HttpError(403, 'forbidden');
    const document = parseDocument(payload.disclosureJson);
    const view = await catalogFor(document.catalogVersion);
    const payloadSha256 = sha256(JSON.stringify(payload));
    return once(caller, idempotencyKey, operation, payloadSha256, async (trx) => {
      const row = await targetOf(caller, payload, trx);
      const to = OPERATION_TARGET[operation];
      let product: ProductView | undefined;
      if (row) {
        if (payload.version == null) {
          throw new HttpError(400, 'bad_request', [
            { path: 'version', message: 'disclosure_version_required' },
          ]);
        }
        if (payload.version !== row.version) throw new HttpError(409, 'disclosure_stale_version');
        if (!checkOperation(operation, row.status as DisclosureStatus).ok) {
          throw refuseMove(operation, row.status as DisclosureStatus);
        }
        keepCatalogVersion(row, view);
      } else {
        product = productFor(view, caller.insurers, payload);
      }
      const codes = productCodes(row, product);
      const evaluated = evaluateDocument(document, view, basicOf(payload), codes);
      const problems =
        operation === 'save'
          ? saveProblems(evaluated, basicOf(payload))
          : completionProblems(evaluated, basicOf(payload), 'submit');
      if (problems.length > 0) {
        throw operation === 'save'
          ? saveRefused(problems)
          : incomplete(problems);
      }
      const disclosureJson = JSON.stringify(evaluated.document);
      const values = {
        application_number: payload.applicationNumber,
        age: payload.age,
        gender: payload.gender,
        rsm_score: payload.rsmScore,
        status: to,
        catalog_version: view.version,
        document: disclosureJson,
        updated_by: caller.userName,
        // The reason stays in view while the interviewer corrects; a new submission ends it.
        ...(operation === 'submit' ? { reject_reason: null, submitted_by: caller.subject } : {}),
      };
      const audit: AuditOf = {
        actor: caller.userName,
        operation,
        from_status: row ? row.status : null,
        catalog_version: view.version,
        payload_sha256: payloadSha256,
        reason: null,
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
            },
            audit,
            trx,
          );
      // The version moved on between the read and the write: someone else's change came first.
      if (!saved) throw new HttpError(409, 'disclosure_stale_version');
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
    const payloadSha256 = sha256(JSON.stringify({ id, ...body }));
    return once(caller, idempotencyKey, operation, payloadSha256, async (trx) => {
      const row = await disclosures.findById(caller, id, trx);
      if (!row) throw new HttpError(404, 'not_found');
      if (!mayReview(caller.role)) throw new HttpError(403, 'forbidden');
      const from = row.status as DisclosureStatus;
      if (!checkOperation(operation, from).ok) throw refuseMove(operation, from);
      // Separation of duties (design §3): a second person reviews what one submitted.
      if (row.submitted_by === caller.subject) {
        throw new HttpError(403, 'disclosure_review_own_submission');
      }
      const to = OPERATION_TARGET[operation];
      const reason = operation === 'reject' ? (body.reason ?? null) : null;
      const saved = await disclosures.update(
        caller,
        row.id,
        row.version,
        { status: to, reject_reason: reason, updated_by: caller.userName },
        {
          actor: caller.userName,
          operation,
          from_status: from,
          catalog_version: row.catalog_version,
          payload_sha256: payloadSha256,
          reason,
        },
        trx,
      );
      if (!saved) throw new HttpError(409, 'disclosure_stale_version');
      return { id: saved.id, requestId: saved.request_id, status: to, version: saved.version };
    });
  }

  /**
   * What moving a draft to the active catalogue version would do. Only a draft (a disclosure
   * that can still be saved) on an older version than the active one moves; 409 otherwise.
   */
  async function planUpdate(caller: Caller, row: DisclosureRow): Promise<CatalogueUpdatePlan> {
    if (!mayEdit(caller.role)) throw new HttpError(403, 'forbidden');
    const status = row.status as DisclosureStatus;
    if (!checkOperation('save', status).ok) {
      throw new HttpError(409, {
        key: 'disclosure_update_catalogue_forbidden',
        params: { status: HTTP_MESSAGES[`disclosure_status_${status}`] },
      });
    }
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
    return planCatalogueUpdate(
      row.document as DisclosureDocument,
      from,
      active,
      {
        applicationNumber: row.application_number,
        age: row.age,
        gender: row.gender as PayloadProfile['gender'],
        rsmScore: row.rsm_score as PayloadProfile['rsmScore'],
      },
      { insurerCode: row.insurer_code, channel: row.channel, productCode: row.product_code },
    );
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
      const payloadSha256 = sha256(JSON.stringify({ id, ...body }));
      // The plan reads the catalogue, which is done before any transaction is open.
      const current = await disclosures.findById(caller, id);
      if (!current) throw new HttpError(404, 'not_found');
      if (body.version !== current.version) throw new HttpError(409, 'disclosure_stale_version');
      const plan = await planUpdate(caller, current);
      return once(caller, idempotencyKey, 'update_catalogue', payloadSha256, async (trx) => {
        const disclosureJson = JSON.stringify(plan.evaluated.document);
        const toVersion = plan.summary.toVersion;
        const saved = await disclosures.update(
          caller,
          current.id,
          body.version,
          { catalog_version: toVersion, document: disclosureJson, updated_by: caller.userName },
          {
            actor: caller.userName,
            operation: 'update_catalogue',
            from_status: current.status,
            catalog_version: toVersion,
            payload_sha256: payloadSha256,
            reason: null,
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
      const payloadSha256 = sha256(JSON.stringify(body));
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

    /** The disclosure opened at /questionnaire/{requestId}, in the mode its status and the caller's role give. */
    async view(caller: Caller, requestId: string): Promise<DisclosureView> {
      const row = await disclosures.findByRequestId(caller, requestId);
      if (!row) throw new HttpError(404, 'not_found');
      let document = row.document as DisclosureDocument | null;
      if (document === null) {
        // Nothing saved yet: the request's profile, answered against the active catalogue.
        const active = await catalog.active();
        document = {
          schemaVersion: 1,
          catalogVersion: active.version,
          profile: {
            age: row.age,
            gender: row.gender as DisclosureDocument['profile']['gender'],
            rsmScore: row.rsm_score as DisclosureDocument['profile']['rsmScore'],
          },
          impairments: [],
        };
      }
      const status = row.status as DisclosureStatus;
      return {
        id: row.id,
        requestId: row.request_id,
        action: actionFor(status, caller.role),
        status,
        version: row.version,
        applicationNumber: row.application_number,
        age: row.age,
        gender: row.gender as DisclosureView['gender'],
        rsmScore: row.rsm_score as DisclosureView['rsmScore'],
        insurerCode: row.insurer_code,
        channel: row.channel,
        productCode: row.product_code,
        redirection: row.redirection,
        catalogVersion: row.catalog_version,
        rejectReason: row.reject_reason,
        submittedByCaller: row.submitted_by !== null && row.submitted_by === caller.subject,
        disclosureJson: JSON.stringify(document),
      };
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
    async export(caller: Caller, payload: DisclosurePayload): Promise<DisclosureExport> {
      // The roles that save and submit: an administrator manages, and sees no disclosure data.
      if (!mayEdit(caller.role)) throw new HttpError(403, 'forbidden');
      const document = parseDocument(payload.disclosureJson);
      const view = await catalogFor(document.catalogVersion);
      const row = await targetOf(caller, payload, db);
      keepCatalogVersion(row, view);
      const product = row ? undefined : productFor(view, caller.insurers, payload);
      const codes = productCodes(row, product);
      const evaluated: EvaluatedDocument = evaluateDocument(
        document,
        view,
        basicOf(payload),
        codes,
      );
      const problems = completionProblems(evaluated, basicOf(payload), 'export');
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
      });
      return {
        fileName: exportFileName(payload.applicationNumber),
        content: workbook.toString('base64'),
      };
    },

    /** A page of the caller's insurers' disclosures, most recently changed first. */
    async worklist(caller: Caller, query: WorklistQuery): Promise<WorklistPage> {
      const rows = await disclosures.worklist(caller, {
        ...(query.status === undefined ? {} : { status: query.status }),
        ...(query.q ? { prefix: query.q } : {}),
        ...pageWindow(query.page, WORKLIST_PAGE_SIZE),
      });
      return pageOf(query.page, WORKLIST_PAGE_SIZE, rows, (row) => ({
        id: row.id,
        requestId: row.request_id,
        applicationNumber: row.application_number,
        insurerCode: row.insurer_code,
        channel: row.channel,
        productCode: row.product_code,
        status: row.status as DisclosureStatus,
        version: row.version,
        updatedAt: new Date(row.updated_at).toISOString(),
      }));
    },

    /** A disclosure's audit trail, oldest first. */
    async audit(caller: Caller, id: string): Promise<AuditEntry[]> {
      const row = await disclosures.findById(caller, id);
      if (!row) throw new HttpError(404, 'not_found');
      const entries = await disclosures.audit(caller, id);
      return entries.map((entry) => ({
        at: new Date(entry.at).toISOString(),
        actor: entry.actor,
        operation: entry.operation as AuditEntry['operation'],
        fromStatus: entry.from_status as DisclosureStatus | null,
        toStatus: entry.to_status as DisclosureStatus,
        catalogVersion: entry.catalog_version,
        payloadSha256: entry.payload_sha256,
        reason: entry.reason,
      }));
    },
  };
}

export type DisclosureService = ReturnType<typeof disclosureService>;
