import type { DisclosureDocument, DisclosureStatus } from '@vmer/domain';
import {
  actionFor,
  type AuditEntry,
  type DisclosurePayload,
  type DisclosureView,
  type ReviewClaim,
} from '@vmer/domain/lifecycle';
import type { Caller } from './disclosure-access.ts';
import type { PayloadProfile } from './disclosure-document.ts';
import type { AuditRow, DisclosureRow } from './disclosure-repository.ts';

/** The profile fields a save, submit or export payload carries beside its document. */
export function payloadProfile(payload: DisclosurePayload): PayloadProfile {
  return {
    applicationNumber: payload.applicationNumber,
    age: payload.age,
    gender: payload.gender,
    rsmScore: payload.rsmScore,
  };
}

/** The same profile fields as a stored disclosure holds them. */
export function rowProfile(
  row: Pick<DisclosureRow, 'application_number' | 'age' | 'gender' | 'rsm_score'>,
): PayloadProfile {
  return {
    applicationNumber: row.application_number,
    age: row.age,
    gender: row.gender as PayloadProfile['gender'],
    rsmScore: row.rsm_score as PayloadProfile['rsmScore'],
  };
}

/**
 * A stored disclosure as the caller opens it: in the mode its status and the caller's role
 * give, with the document it holds (the request's profile when nothing is saved yet).
 */
export function disclosureView(
  row: DisclosureRow,
  /** A caller system has no role: it reads in view mode. */
  caller: Pick<Caller, 'subject'> & Partial<Pick<Caller, 'role'>>,
  document: DisclosureDocument,
  claim: ReviewClaim | null,
): DisclosureView {
  const status = row.status as DisclosureStatus;
  return {
    id: row.id,
    requestId: row.request_id,
    action: caller.role ? actionFor(status, caller.role) : 'view',
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
    claim,
    disclosureJson: JSON.stringify(document),
  };
}

/** The document of a request nobody has saved yet: its profile, on the given catalogue version. */
export function requestDocument(row: DisclosureRow, catalogVersion: string): DisclosureDocument {
  return {
    schemaVersion: 1,
    catalogVersion,
    profile: {
      age: row.age,
      gender: row.gender as DisclosureDocument['profile']['gender'],
      rsmScore: row.rsm_score as DisclosureDocument['profile']['rsmScore'],
    },
    impairments: [],
  };
}

/** An audit row as the API lists it. */
export function auditEntry(entry: AuditRow): AuditEntry {
  return {
    at: new Date(entry.at).toISOString(),
    actor: entry.actor,
    operation: entry.operation as AuditEntry['operation'],
    fromStatus: entry.from_status as DisclosureStatus | null,
    toStatus: entry.to_status as DisclosureStatus,
    catalogVersion: entry.catalog_version,
    payloadSha256: entry.payload_sha256,
    reason: entry.reason,
    revision: entry.revision,
  };
}
