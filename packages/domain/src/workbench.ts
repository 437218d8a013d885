/**
 * The underwriter's workbench (docs/design.md §10): the worklist query and its rows, the
 * counts per status, review claims, overrides of the engine's decision, revisions and their
 * comparison. The server validates with these schemas and the web app types its calls and
 * builds its filters from them, so the two never disagree.
 */
import { z } from 'zod';
import { APPLICATION_NUMBER_PATTERN } from './applicant.ts';
import { dateParam, filterCode, flagParam, listOf } from './query-params.ts';
import type { LocalizedText } from './languages.ts';
import {
  disclosureIdSchema,
  disclosureStatusSchema,
  insurerCodeSchema,
  reviewClaimSchema,
} from './lifecycle.ts';

export { reviewClaimSchema, type ReviewClaim } from './lifecycle.ts';
import { indicatorCodeSchema, type DisclosureStatus } from './model.ts';

// ---------------------------------------------------------------------------------------
// The worklist

/** Rows per worklist page unless the caller asks for fewer or more. */
export const WORKLIST_PAGE_SIZE = 50;
export const WORKLIST_PAGE_SIZE_MAX = 100;
/** The widest date range a worklist filter may span, in days. */
export const WORKLIST_RANGE_MAX_DAYS = 366;
/** The most rows the worklist download writes. */
export const WORKLIST_EXPORT_MAX = 10_000;

/** The date columns the worklist sorts by. */
export const WORKLIST_SORTS = ['updatedAt', 'createdAt', 'submittedAt'] as const;
export type WorklistSort = (typeof WORKLIST_SORTS)[number];

/**
 * The named views of the worklist, each a fixed filter: everything in scope, what I created,
 * submitted disclosures awaiting a review by me (not submitted by me, unclaimed or claimed by
 * me), and rejected disclosures I created ("Returned to me").
 */
export const WORKLIST_VIEWS = ['all', 'mine', 'awaitingMyReview', 'returnedToMe'] as const;
export type WorklistView = (typeof WORKLIST_VIEWS)[number];

/**
 * GET /api/impairment/video_mer/disclosures: the worklist query. Every filter is optional and
 * they combine with AND; `cursor` is the opaque `nextCursor` of the previous page, valid only
 * with the same filters and sort. A date range runs from its first to its last day inclusive
 * (server time zone UTC), at most {@link WORKLIST_RANGE_MAX_DAYS} days, and not reversed.
 * Sorting by `submittedAt` lists the disclosures submitted at least once (the others have no
 * place in that order).
 */
export const worklistQuerySchema = z
  .object({
    view: z.enum(WORKLIST_VIEWS).default('all'),
    status: listOf(z.coerce.number().pipe(disclosureStatusSchema)).optional(),
    insurer: listOf(insurerCodeSchema).optional(),
    channel: filterCode.optional(),
    product: filterCode.optional(),
    /** Application-number prefix; the allowed set holds no LIKE wildcard. */
    q: z
      .string()
      .refine((q) => q === '' || APPLICATION_NUMBER_PATTERN.test(q), 'application_number_helper')
      .optional(),
    /** A catalogue condition's uuid: disclosures that disclose it. */
    condition: z.string().min(1).max(200).optional(),
    /** Only disclosures whose decisions hold any D, P, U or exclusion. */
    needsReview: flagParam.optional(),
    createdFrom: dateParam.optional(),
    createdTo: dateParam.optional(),
    submittedFrom: dateParam.optional(),
    submittedTo: dateParam.optional(),
    sort: z.enum(WORKLIST_SORTS).default('updatedAt'),
    order: z.enum(['asc', 'desc']).default('desc'),
    limit: z.coerce.number().int().min(1).max(WORKLIST_PAGE_SIZE_MAX).default(WORKLIST_PAGE_SIZE),
    cursor: z.string().max(500).optional(),
  })
  .strict();
export type WorklistQuery = z.output<typeof worklistQuerySchema>;
export type WorklistQueryInput = z.input<typeof worklistQuerySchema>;

/** One worklist row. */
export const worklistEntrySchema = z.object({
  id: z.string(),
  requestId: z.string(),
  applicationNumber: z.string(),
  insurerCode: z.string(),
  channel: z.string(),
  productCode: z.string(),
  status: disclosureStatusSchema,
  version: z.number().int(),
  catalogVersion: z.string().nullable(),
  /** The consolidated decision per indicator as the document writes it ('D', 'EX1,EX3', '50'). */
  decisions: z.record(z.string(), z.string()),
  /** Whether any decision is D, P, U or an exclusion. */
  needsReview: z.boolean(),
  /** The names of the disclosed conditions, in the document's order. */
  conditions: z.array(z.string()),
  createdBy: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  updatedAt: z.string(),
  submittedAt: z.string().nullable(),
  /** Who validated or rejected it, or holds it for review now. */
  reviewer: z.string().nullable(),
  claim: reviewClaimSchema.nullable(),
  /** The reason of the last rejection, while rejected. */
  rejectReason: z.string().nullable(),
});
export type WorklistEntry = z.infer<typeof worklistEntrySchema>;

export const worklistPageSchema = z.object({
  items: z.array(worklistEntrySchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type WorklistPage = z.infer<typeof worklistPageSchema>;

/**
 * GET …/disclosures/counts: the same filters without status, view, sort and cursor; counts
 * per status, and per view for the tabs and the header badge.
 */
export const worklistCountsQuerySchema = worklistQuerySchema.omit({
  status: true,
  view: true,
  sort: true,
  order: true,
  limit: true,
  cursor: true,
});
export const worklistCountsSchema = z.object({
  byStatus: z.record(z.string(), z.number().int()),
  mine: z.number().int(),
  awaitingMyReview: z.number().int(),
  returnedToMe: z.number().int(),
});
export type WorklistCounts = z.infer<typeof worklistCountsSchema>;

/**
 * GET …/disclosures/export: the worklist query without the cursor, as an xlsx workbook of at
 * most {@link WORKLIST_EXPORT_MAX} rows in the caller's language (base64, like the disclosure
 * export), with whether rows were left out.
 */
export const worklistExportQuerySchema = worklistQuerySchema.omit({ cursor: true, limit: true });
export const worklistExportSchema = z.object({
  fileName: z.string(),
  /** The workbook, base64. */
  content: z.string(),
  rows: z.number().int(),
  truncated: z.boolean(),
});
export type WorklistExport = z.infer<typeof worklistExportSchema>;

// ---------------------------------------------------------------------------------------
// Review: claims and overrides

/** Minutes a review claim lasts unless released or renewed (configuration REVIEW_CLAIM_MINUTES). */
export const REVIEW_CLAIM_MINUTES_DEFAULT = 60;

/**
 * A claim, validate, reject, release or override refused because another reviewer holds the
 * claim answers 409, its message naming the holder; `errors` carries the holder's user name
 * at this path and the claim's expiry (ISO 8601) at {@link CLAIM_EXPIRES_PATH}.
 */
export const CLAIM_HOLDER_PATH = 'claim.claimedBy';
export const CLAIM_EXPIRES_PATH = 'claim.expiresAt';

/** POST …/disclosure/{id}/claim answers the claim; DELETE releases it (answers null). */
export const claimAnswerSchema = reviewClaimSchema.nullable();

/** Why a reviewer overrides the engine's decision; each has a translated label. */
export const OVERRIDE_REASONS = [
  'medical_evidence',
  'treatment_complete',
  'underwriting_judgement',
  'reinsurer_advice',
  'disclosure_error',
  'other',
] as const;
export type OverrideReason = (typeof OVERRIDE_REASONS)[number];
/**
 * Each override reason as people read it: the review screen's list, the case view, the audit
 * trail and the disclosure export all say the same words.
 */
export const OVERRIDE_REASON_LABELS: Readonly<Record<OverrideReason, LocalizedText>> = {
  medical_evidence: { en: 'Further medical evidence', cn_traditional: '進一步醫療證明' },
  treatment_complete: { en: 'Treatment completed', cn_traditional: '治療已完成' },
  underwriting_judgement: { en: 'Underwriting judgement', cn_traditional: '核保判斷' },
  reinsurer_advice: { en: "Reinsurer's advice", cn_traditional: '再保險公司意見' },
  disclosure_error: { en: 'Error in the disclosure', cn_traditional: '披露內容有誤' },
  other: { en: 'Other', cn_traditional: '其他' },
};
export const OVERRIDE_NOTE_MAX = 500;
/** The longest reject reason (the reject body's own limit). */
export const REJECT_REASON_MAX = 500;

/** An override decision: what the engine can decide, exclusions as 'EX1,EX3'. */
export const overrideDecisionSchema = z
  .string()
  .regex(/^(D|P|U|\d+|EX\d+(,EX\d+)*)$/, 'override_decision_invalid');

/**
 * PUT …/disclosure/{id}/override: the reviewer holding the claim overrides one condition's
 * decision for one benefit on a submitted disclosure; `decision: null` removes the override.
 * Carries the disclosure's version the reviewer loaded.
 */
export const overrideBodySchema = z
  .object({
    version: z.number().int().min(1),
    /** The condition's uuid as the document records it. */
    impairmentUuid: z.string().min(1).max(200),
    indicator: indicatorCodeSchema,
    decision: overrideDecisionSchema.nullable(),
    reason: z.enum(OVERRIDE_REASONS).optional(),
    note: z.string().trim().max(OVERRIDE_NOTE_MAX).optional(),
  })
  .strict()
  .refine((b) => b.decision === null || b.reason !== undefined, {
    message: 'override_reason_required',
    path: ['reason'],
  });
export type OverrideBody = z.infer<typeof overrideBodySchema>;

/** One override as stored and shown beside the engine's decision. */
export const overrideSchema = z.object({
  impairmentUuid: z.string(),
  indicator: z.string(),
  /** The engine's decision when the override was made. */
  engineDecision: z.string(),
  decision: z.string(),
  reason: z.enum(OVERRIDE_REASONS),
  note: z.string().nullable(),
  by: z.string(),
  /** ISO 8601. */
  at: z.string(),
});
export type Override = z.infer<typeof overrideSchema>;

/** The answer of an override: the disclosure's new version and all its current overrides. */
export const overridesAnswerSchema = z.object({
  version: z.number().int(),
  overrides: z.array(overrideSchema),
});

// ---------------------------------------------------------------------------------------
// Revisions and comparison

/** One kept revision of a disclosure's document: every save, submit and catalogue update. */
export const revisionSummarySchema = z.object({
  revision: z.number().int().min(1),
  operation: z.string(),
  status: disclosureStatusSchema,
  catalogVersion: z.string().nullable(),
  actor: z.string(),
  /** ISO 8601. */
  at: z.string(),
});
export type RevisionSummary = z.infer<typeof revisionSummarySchema>;

/** GET …/disclosure/{id}/compare?from=&to=: two revision numbers; `to` defaults to the latest. */
export const compareQuerySchema = z
  .object({
    from: z.coerce.number().int().min(1),
    to: z.coerce.number().int().min(1).optional(),
  })
  .strict();

/** An answer as a reader sees it: the question's text and the answer in words with its unit. */
const answerLineSchema = z.object({
  questionUuid: z.string(),
  question: z.string(),
  answer: z.string(),
});

/** What changed between two revisions, in the caller's language. */
export const revisionCompareSchema = z.object({
  from: revisionSummarySchema,
  to: revisionSummarySchema,
  profile: z.array(z.object({ field: z.string(), before: z.string(), after: z.string() })),
  conditionsAdded: z.array(z.string()),
  conditionsRemoved: z.array(z.string()),
  answers: z.array(
    z.object({
      condition: z.string(),
      change: z.enum(['added', 'removed', 'changed']),
      before: answerLineSchema.nullable(),
      after: answerLineSchema.nullable(),
    }),
  ),
  decisions: z.array(
    z.object({
      condition: z.string(),
      indicator: z.string(),
      before: z.string().nullable(),
      after: z.string().nullable(),
    }),
  ),
});
export type RevisionCompare = z.infer<typeof revisionCompareSchema>;

/** Path parameters of the workbench's per-disclosure calls. */
export const workbenchIdParamsSchema = z.object({ id: disclosureIdSchema }).strict();

/** Statuses whose disclosures a reviewer may claim. */
export const CLAIMABLE_STATUSES: readonly DisclosureStatus[] = [3];
