import type { DisclosureStatus, Language } from '@vmer/domain';
import {
  checkOperation,
  mayEdit,
  mayOperate,
  mayReview,
  type DisclosurePayload,
} from '@vmer/domain/lifecycle';
import type { AuthClient, AuthUser } from '../auth/authenticate.ts';
import { HttpError, type FieldError } from '../http/errors.ts';
import { HTTP_MESSAGES } from '../http/messages.ts';
import type {
  DisclosureHead,
  DisclosureRow,
  Executor,
  InsurerScope,
  disclosureRepository,
} from './disclosure-repository.ts';

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

/**
 * A caller system reading disclosures with the read scope (requirements N-01): only the ones
 * it requested (`requestedBy`, its `client:` subject), within its insurers.
 */
export interface ClientReader extends InsurerScope {
  clientId: string;
  requestedBy: string;
  /** A caller system has no language of its own: its Accept-Language decides. */
  language: Language;
}

/** Who reads a disclosure: a signed-in person, or a caller system (client credentials). */
export type Reader = Caller | ClientReader;

/** Whether the reader is a caller system rather than a person. */
export function isClientReader(reader: Reader): reader is ClientReader {
  return 'clientId' in reader;
}

/**
 * Who reads disclosures: a caller system with the read scope, limited to the disclosures it
 * requested, or a signed-in person.
 */
export function readerOf(client: AuthClient | undefined, user: Caller, language: Language): Reader {
  if (!client) return user;
  return {
    clientId: client.clientId,
    requestedBy: clientSubject(client),
    insurers: client.insurers,
    language,
  };
}

/** The subject a caller system's requests are recorded under (`created_by_subject`). */
function clientSubject(client: AuthClient): string {
  return `client:${client.clientId}`;
}

/**
 * 403 unless the reader may read disclosure data: a caller system (its scope limits what it
 * finds) or a person whose role saves and submits.
 */
export function requireReader(reader: Reader): void {
  if (!isClientReader(reader)) requireEditor(reader);
}

export type StoreOperation = 'save' | 'submit';
export type ReviewOperation = 'validate' | 'reject';

/**
 * Who may ask for a disclosure: a caller system with the request scope, or a person whose
 * role saves disclosures; 403 for anyone else.
 */
export function requesterOf(
  client: AuthClient | undefined,
  user: Pick<AuthUser, 'subject' | 'userName' | 'role' | 'insurers'>,
): Requester {
  if (client)
    return {
      actor: client.clientId,
      subject: clientSubject(client),
      insurers: client.insurers,
    };
  if (mayEdit(user.role))
    return { actor: user.userName, subject: user.subject, insurers: user.insurers };
  throw new HttpError(403, 'forbidden');
}

/** 403 unless the caller's role saves and submits disclosures. */
export function requireEditor(caller: Pick<Caller, 'role'>): void {
  if (!mayEdit(caller.role)) throw new HttpError(403, 'forbidden');
}

/** 403 unless the caller's role may save or submit. */
export function requireStore(caller: Pick<Caller, 'role'>, operation: StoreOperation): void {
  if (!mayOperate(caller.role, operation)) throw new HttpError(403, 'forbidden');
}

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

/** 409 unless the disclosure's status allows the operation (design §4). */
export function requireMove(
  operation: StoreOperation | ReviewOperation,
  from: DisclosureStatus,
): void {
  if (!checkOperation(operation, from).ok) throw refuseMove(operation, from);
}

/**
 * A review by this caller of this disclosure: the role reviews (403), the status allows the
 * move (409), and the caller is not the one who submitted it (403).
 */
export function requireReview(
  caller: Pick<Caller, 'role' | 'subject'>,
  operation: ReviewOperation,
  row: DisclosureRow,
): void {
  if (!mayReview(caller.role)) throw new HttpError(403, 'forbidden');
  requireMove(operation, row.status as DisclosureStatus);
  // Separation of duties (design §3): a second person reviews what one submitted.
  if (row.submitted_by === caller.subject) {
    throw new HttpError(403, 'disclosure_review_own_submission');
  }
}

/**
 * A draft that may be moved to the current catalogue: the role edits (403) and the status
 * still allows a save (409).
 */
export function requireCatalogueUpdate(caller: Pick<Caller, 'role'>, row: DisclosureRow): void {
  requireEditor(caller);
  const status = row.status as DisclosureStatus;
  if (!checkOperation('save', status).ok) {
    throw new HttpError(409, {
      key: 'disclosure_update_catalogue_forbidden',
      params: { status: HTTP_MESSAGES[`disclosure_status_${status}`] },
    });
  }
}

/**
 * The disclosure a payload names by id (or by request id) among the caller's insurers',
 * locked for the change: 404 when the caller has none such, 400 when the payload's codes
 * contradict the stored ones. Undefined when the payload names none (a new disclosure).
 */
export async function targetOf(
  disclosures: ReturnType<typeof disclosureRepository>,
  caller: InsurerScope,
  payload: DisclosurePayload,
  trx: Executor,
): Promise<DisclosureHead | undefined> {
  let row: DisclosureHead | undefined;
  if (payload.id) row = await disclosures.findHead(caller, { id: payload.id }, trx);
  else if (payload.requestId)
    row = await disclosures.findHead(caller, { requestId: payload.requestId }, trx);
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
