/**
 * The disclosure lifecycle (design §3, §4): which status moves are allowed, which screen
 * mode a status opens in for a role, who may validate or reject, and the shapes of the
 * lifecycle calls (requirements §7). The server enforces these rules and the web app uses the same
 * functions to show its buttons, so the two never disagree.
 */
import { z } from 'zod';
import { APPLICATION_NUMBER_PATTERN } from './applicant.ts';
import {
  APPLICATION_NUMBER_MAX,
  DISCLOSURE_STATUS,
  disclosureActionSchema,
  genderSchema,
  rsmScoreSchema,
  type DisclosureAction,
  type DisclosureStatus,
  type Role,
  type ValidationResult,
} from './model.ts';

/** Every status, in lifecycle order. */
export const DISCLOSURE_STATUSES: readonly DisclosureStatus[] = Object.values(DISCLOSURE_STATUS);

/** Whether a number is one of the five disclosure statuses. */
export function isDisclosureStatus(value: unknown): value is DisclosureStatus {
  return typeof value === 'number' && (DISCLOSURE_STATUSES as readonly number[]).includes(value);
}

/** The allowed moves (design §4): 1→2, 1→3, 2→2, 2→3, 3→4, 3→5, 5→2, 5→3. */
export const ALLOWED_MOVES: Readonly<Record<DisclosureStatus, readonly DisclosureStatus[]>> = {
  1: [2, 3],
  2: [2, 3],
  3: [4, 5],
  4: [],
  5: [2, 3],
};

/** Whether a disclosure may move from one status to another. */
export function canMove(from: DisclosureStatus, to: DisclosureStatus): boolean {
  return ALLOWED_MOVES[from].includes(to);
}

/** The operations that change a disclosure. */
export const DISCLOSURE_OPERATIONS = ['save', 'submit', 'validate', 'reject'] as const;
export type DisclosureOperation = (typeof DISCLOSURE_OPERATIONS)[number];

/** The status each operation leads to. */
export const OPERATION_TARGET: Readonly<Record<DisclosureOperation, DisclosureStatus>> = {
  save: DISCLOSURE_STATUS.SAVED,
  submit: DISCLOSURE_STATUS.SUBMITTED,
  validate: DISCLOSURE_STATUS.VALIDATED,
  reject: DISCLOSURE_STATUS.REJECTED,
};

/**
 * Checks an operation against a disclosure's current status. A refused move gives the issue
 * `status_move_forbidden` with the operation and both statuses as params, so the message can
 * say what was tried and why it is not allowed.
 */
export function checkOperation(
  operation: DisclosureOperation,
  from: DisclosureStatus,
): ValidationResult {
  const to = OPERATION_TARGET[operation];
  if (canMove(from, to)) return { ok: true, issues: [] };
  return {
    ok: false,
    issues: [{ code: 'status_move_forbidden', path: 'status', params: { operation, from, to } }],
  };
}

/** Roles that create, save, submit and export disclosures (design §3). */
export const EDITOR_ROLES: readonly Role[] = ['agent', 'interviewer', 'underwriter'];
/** Roles that validate or reject submitted disclosures (design §3). */
export const REVIEWER_ROLES: readonly Role[] = ['underwriter'];

/** Whether a role may create, save, submit and export disclosures. */
export function mayEdit(role: Role): boolean {
  return EDITOR_ROLES.includes(role);
}

/** Whether a role may validate and reject submitted disclosures. */
export function mayReview(role: Role): boolean {
  return REVIEWER_ROLES.includes(role);
}

/** Whether a role may perform an operation at all (the status is checked separately). */
export function mayOperate(role: Role, operation: DisclosureOperation): boolean {
  return operation === 'validate' || operation === 'reject' ? mayReview(role) : mayEdit(role);
}

const ACTION_BY_STATUS: Readonly<Record<DisclosureStatus, DisclosureAction>> = {
  1: 'create',
  2: 'edit',
  3: 'view',
  4: 'view',
  5: 'edit',
};

/**
 * The mode a disclosure opens in (design §4): NEW opens in create, SAVED and REJECTED in
 * edit, SUBMITTED and VALIDATED in view. A role that may not edit disclosures (admin) always
 * gets view, since the server would refuse its save or submit.
 */
export function actionFor(status: DisclosureStatus, role: Role): DisclosureAction {
  return mayEdit(role) ? ACTION_BY_STATUS[status] : 'view';
}

/**
 * Whether Validate and Reject are offered (requirements §4, design §3): in view mode, on a
 * submitted disclosure, to a reviewer.
 */
export function reviewOffered(status: DisclosureStatus, role: Role): boolean {
  return (
    status === DISCLOSURE_STATUS.SUBMITTED && mayReview(role) && actionFor(status, role) === 'view'
  );
}

// ---------------------------------------------------------------------------------------
// The lifecycle calls (requirements §7, design §4, §5)

/** An application number as the server takes it (requirements §5): 1 to 30 of the allowed characters. */
export const applicationNumberSchema = z
  .string()
  .min(1, 'application_number_required')
  .regex(APPLICATION_NUMBER_PATTERN, 'application_number_helper');

/** Largest disclosureJson accepted (design §5): 1 MiB. */
export const DISCLOSURE_JSON_MAX = 1024 * 1024;
const REDIRECTION_MAX = 2000;
const HOST_LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?';
const HOST_AND_PORT = new RegExp(`^${HOST_LABEL}(?:\\.${HOST_LABEL})*(?::\\d{1,5})?$`);

/**
 * Whether an address is a safe redirect target (design §4): an absolute https URL, or a
 * path on this origin. Protocol-relative (`//host`) and backslash paths are refused because
 * browsers treat them as other origins.
 */
export function isAllowedRedirection(value: string): boolean {
  if (value.length === 0 || value.length > REDIRECTION_MAX) return false;
  // Browsers strip or mangle control characters and white space, so a value holding one may
  // not go where it looks like it goes; a backslash reads as a slash.
  if (/[\p{Cc}\s\\]/u.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  const match = /^https:\/\/([^/?#]*)/i.exec(value);
  // The authority must be a plain host name with an optional port: no user info to mislead.
  return match !== null && HOST_AND_PORT.test(match[1]!);
}

const codeSchema = z
  .string()
  .min(1)
  .max(50)
  .regex(/^[A-Za-z0-9_-]+$/);
/** Insurer codes are lower case (catalogue, requirements §4). */
export const insurerCodeSchema = z
  .string()
  .min(1)
  .max(50)
  .regex(/^[a-z0-9]+$/);
export const disclosureIdSchema = z.uuid();
const redirectionSchema = z
  .string()
  .max(REDIRECTION_MAX)
  .refine(isAllowedRedirection, 'redirection_invalid');

/** POST /api/impairment/video_mer/request: a caller system asks for a disclosure. */
export const disclosureRequestSchema = z
  .object({
    applicationNumber: applicationNumberSchema,
    insurerCode: insurerCodeSchema,
    channel: codeSchema,
    productCode: codeSchema,
    age: z.number().int().min(0).max(150).nullable().optional(),
    gender: genderSchema.nullable().optional(),
    rsmScore: rsmScoreSchema.nullable().optional(),
    redirection: redirectionSchema.nullable().optional(),
  })
  .strict();
export type DisclosureRequest = z.infer<typeof disclosureRequestSchema>;

/** A disclosure status, 1 to 5. */
export const disclosureStatusSchema = z.literal([1, 2, 3, 4, 5]);

/** Its answer: the request id and the address on this origin that opens it. */
export const disclosureRequestCreatedSchema = z.object({
  requestId: z.string(),
  id: z.string(),
  address: z.string(),
});
export type DisclosureRequestCreated = z.infer<typeof disclosureRequestCreatedSchema>;

/**
 * The payload of save, submit and export (requirements §7, design §4). Without `id` save and submit
 * create a disclosure for the insurer, channel and product given; with `id` they update it and
 * carry the `version` they loaded.
 */
export const disclosurePayloadSchema = z
  .object({
    id: disclosureIdSchema.nullable().optional(),
    requestId: disclosureIdSchema.nullable().optional(),
    version: z.number().int().min(1).nullable().optional(),
    applicationNumber: applicationNumberSchema,
    age: z.number().int().min(0).max(150).nullable(),
    gender: genderSchema.nullable(),
    rsmScore: rsmScoreSchema.nullable(),
    disclosureJson: z.string().max(DISCLOSURE_JSON_MAX),
    insurerCode: insurerCodeSchema.optional(),
    channel: codeSchema.optional(),
    productCode: codeSchema.optional(),
  })
  .strict();
export type DisclosurePayload = z.infer<typeof disclosurePayloadSchema>;

/** POST /api/impairment/video_mer/reject/{id}: an optional reason the interviewer then reads. */
export const rejectBodySchema = z
  .object({ reason: z.string().trim().min(1).max(500).optional() })
  .strict();
export type RejectBody = z.infer<typeof rejectBodySchema>;

/** The answer of validate and reject. */
export const disclosureReviewedSchema = z.object({
  id: z.string(),
  requestId: z.string(),
  status: disclosureStatusSchema,
  version: z.number().int(),
});
export type DisclosureReviewed = z.infer<typeof disclosureReviewedSchema>;

/** The answer of save and submit: the stored disclosure with the server's decisions. */
export const disclosureSavedSchema = disclosureReviewedSchema.extend({
  disclosureJson: z.string(),
});
export type DisclosureSaved = z.infer<typeof disclosureSavedSchema>;

/** GET /api/impairment/video_mer/disclosure/{requestId} (design §4). */
/** Who holds a submitted disclosure for review, until when. */
export const reviewClaimSchema = z.object({
  /** The holder's user name, to show. */
  claimedBy: z.string(),
  /** Whether the caller is the holder. */
  mine: z.boolean(),
  /** ISO 8601. */
  claimedAt: z.string(),
  /** ISO 8601: after this the claim lapses by itself. */
  expiresAt: z.string(),
});
export type ReviewClaim = z.infer<typeof reviewClaimSchema>;

export const disclosureViewSchema = z.object({
  id: z.string(),
  requestId: z.string(),
  action: disclosureActionSchema,
  status: disclosureStatusSchema,
  version: z.number().int(),
  applicationNumber: z.string(),
  age: z.number().int().nullable(),
  gender: genderSchema.nullable(),
  rsmScore: rsmScoreSchema.nullable(),
  insurerCode: z.string(),
  channel: z.string(),
  productCode: z.string(),
  redirection: z.string().nullable(),
  catalogVersion: z.string().nullable(),
  /** The reason given by the underwriter who last rejected it, until it is submitted again. */
  rejectReason: z.string().nullable(),
  /**
   * Whether the caller submitted it last: then another underwriter reviews it, and Validate
   * and Reject are not offered to the caller.
   */
  submittedByCaller: z.boolean(),
  /** Who holds it for review now (workbench, design §10); null when nobody does. */
  claim: reviewClaimSchema.nullable(),
  disclosureJson: z.string(),
});
export type DisclosureView = z.infer<typeof disclosureViewSchema>;

/** The answer of export: the browser saves `content` (the xlsx file, base64) as `fileName`. */
export const disclosureExportSchema = z.object({ fileName: z.string(), content: z.string() });
export type DisclosureExport = z.infer<typeof disclosureExportSchema>;

/** The spreadsheet's file name for an application number (requirements §7). */
export function exportFileName(applicationNumber: string): string {
  return `questionnaire_${applicationNumber}.xlsx`;
}

/** One entry of a disclosure's audit trail (design §4). */
export const auditEntrySchema = z.object({
  /** ISO 8601. */
  at: z.string(),
  /** The user name (or the caller system's client id) that made the change. */
  actor: z.string(),
  operation: z.enum([
    'request',
    ...DISCLOSURE_OPERATIONS,
    'update_catalogue',
    'claim',
    'release',
    'override',
  ]),
  fromStatus: disclosureStatusSchema.nullable(),
  toStatus: disclosureStatusSchema,
  catalogVersion: z.string().nullable(),
  /** sha256 of the request's payload, hex. */
  payloadSha256: z.string().nullable(),
  /** The reason given with a reject; for an override, the reason code and note. */
  reason: z.string().nullable(),
  /** The revision of the document a save, submit or catalogue update kept (workbench). */
  revision: z.number().int().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/**
 * POST /api/impairment/video_mer/disclosure/{id}/update-catalogue: moves a draft to the active
 * catalogue version, carrying the disclosure's version the caller loaded.
 */
export const catalogueUpdateBodySchema = z.object({ version: z.number().int().min(1) }).strict();
export type CatalogueUpdateBody = z.infer<typeof catalogueUpdateBodySchema>;

const bilingualText = z.object({ en: z.string(), cn_traditional: z.string() });

/** What moving one condition to the active catalogue version changes. */
export const catalogueUpdateConditionSchema = z.object({
  uuid: z.string(),
  name: bilingualText,
  /** The condition no longer exists, or is no longer offered to this applicant: it is dropped. */
  removed: z.boolean(),
  /** The texts of the questions the new version adds to the condition. */
  questionsAdded: z.array(bilingualText),
  /** The texts of the questions the new version no longer asks. */
  questionsRemoved: z.array(bilingualText),
  /** Answers kept: their question still exists and the answer still fits it. */
  answersKept: z.number().int(),
  /** Answers dropped: their question is gone or the answer no longer fits it. */
  answersDropped: z.number().int(),
  /** The stored decision, per indicator, and the decision under the new version. */
  before: z.record(z.string(), z.string()),
  after: z.record(z.string(), z.string()),
});
export type CatalogueUpdateCondition = z.infer<typeof catalogueUpdateConditionSchema>;

/** The summary of a move to the active catalogue version, shown before and after it is made. */
export const catalogueUpdateSummarySchema = z.object({
  fromVersion: z.string(),
  toVersion: z.string(),
  conditions: z.array(catalogueUpdateConditionSchema),
});
export type CatalogueUpdateSummary = z.infer<typeof catalogueUpdateSummarySchema>;

/** The answer of the update: the stored disclosure and what changed. */
export const catalogueUpdatedSchema = disclosureSavedSchema.extend({
  summary: catalogueUpdateSummarySchema,
});
export type CatalogueUpdated = z.infer<typeof catalogueUpdatedSchema>;

// ---------------------------------------------------------------------------------------
// The logging calls (requirements §7, design §5): bounded so they cannot fill the database

const LOG_TEXT_MAX = 500;
const LOG_LIST_MAX = 200;
const logText = z.string().max(LOG_TEXT_MAX);
/** A decision-like map, e.g. `{ LIFE: "25" }`, with a bounded number of entries. */
const logDecision = z
  .record(z.string().max(20), logText)
  .refine((record) => Object.keys(record).length <= LOG_LIST_MAX, 'too_many_entries');

/**
 * POST /api/analytics/web/create (requirements §7). `requestId` ties the event to a disclosure
 * request; `insurerCode` says whose event it is (default: the caller's first insurer).
 */
export const trackingEventSchema = z
  .object({
    activity: logText.min(1),
    fromPage: logText,
    details: logText.nullable().optional(),
    questionList: z.array(logText).max(LOG_LIST_MAX).optional(),
    requestId: disclosureIdSchema.nullable().optional(),
    insurerCode: insurerCodeSchema.optional(),
  })
  .strict();
export type TrackingEvent = z.infer<typeof trackingEventSchema>;

/** Search log types (design §8): 1 chosen from the list, 2 custom condition added, 3 no match. */
export const SEARCH_TYPES = [1, 2, 3] as const;

/** POST /api/search/disease/create (requirements §7). */
export const searchEventSchema = z
  .object({
    keyword: logText,
    disease: logText.nullable().optional(),
    type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    insurerCode: insurerCodeSchema.optional(),
  })
  .strict();
export type SearchEvent = z.infer<typeof searchEventSchema>;

/**
 * POST /api/conclusion/create (requirements §7): the conclusion the interviewer reached, per
 * condition and consolidated.
 */
export const conclusionSchema = z
  .object({
    requestId: disclosureIdSchema.nullable().optional(),
    insurerCode: insurerCodeSchema.optional(),
    applicationNumber: z.string().max(APPLICATION_NUMBER_MAX).optional(),
    impairments: z
      .array(
        z
          .object({
            uuid: logText,
            name: logText,
            decision: logDecision,
          })
          .strict(),
      )
      .max(LOG_LIST_MAX)
      .optional(),
    consolidated: logDecision.optional(),
    exclusions: z.array(logText).max(LOG_LIST_MAX).optional(),
    note: logText.optional(),
  })
  .strict();
export type Conclusion = z.infer<typeof conclusionSchema>;
