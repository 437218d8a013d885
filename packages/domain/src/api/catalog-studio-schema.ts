import { z } from 'zod';
import { versionSummarySchema } from './schemas.ts';

/**
 * The catalogue studio's requests and answers (requirements K-03, K-06, K-08, K-11, K-14;
 * design §14): drafts edited with a revision, their check's problems with file and line,
 * submission, four-eyes approval, scheduled activation, release requests (rollback) and zip
 * import and export.
 */

/** Bounds of a catalogue's files, in an upload, a draft or a zip (K-14). */
export const CATALOG_FILE_LIMITS = {
  /** Files in one catalogue. */
  maxFiles: 2000,
  /** Characters of one file's text. */
  maxFileChars: 2 * 1024 * 1024,
  /** Characters of a file's path. */
  maxPathChars: 300,
  /** Bytes of a zip as sent (before base64). */
  maxZipBytes: 16 * 1024 * 1024,
  /** Bytes of a zip's files together once unpacked. */
  maxUnzippedBytes: 64 * 1024 * 1024,
  /** How many times larger than its compressed size a zip may unpack to. */
  maxZipRatio: 200,
} as const;

/** A catalogue version's number as text ("3"). */
const versionNumber = z.string().regex(/^[1-9]\d{0,8}$/, 'field_format');
/** A draft's or a release's id as text. */
const recordId = z.string().regex(/^[1-9]\d{0,17}$/, 'field_format');
const note = z.string().trim().min(1).max(2000);
const filePath = z.string().min(1).max(CATALOG_FILE_LIMITS.maxPathChars);
const fileText = z.string().max(CATALOG_FILE_LIMITS.maxFileChars);

/** One problem of a catalogue's check (lint or a regression case), where it sits. */
export const catalogProblemSchema = z
  .object({
    file: z.string(),
    /** 1-based; 0 when it concerns the whole file. */
    line: z.number().int(),
    message: z.string(),
    /** Where in the file's data, when the problem is in its data rather than its YAML. */
    path: z.array(z.union([z.string(), z.number()])).optional(),
  })
  .meta({ id: 'CatalogProblem' });
export type CatalogProblem = z.infer<typeof catalogProblemSchema>;

/**
 * A draft's life: edited (draft) → submitted with a note (frozen) → approved by another
 * administrator (its files are a version now, activation maybe scheduled) → released (that
 * version was activated). A draft is retired instead when it is given up; a submitted one
 * can be returned to draft.
 */
export const DRAFT_STATUSES = ['draft', 'submitted', 'approved', 'released', 'retired'] as const;
export const draftStatusSchema = z.enum(DRAFT_STATUSES);
export type DraftStatus = z.infer<typeof draftStatusSchema>;

export const draftParamsSchema = z.object({ id: recordId }).strict();
export const draftConflictParamsSchema = z.object({ id: recordId, conflictId: recordId }).strict();

/** A draft in the list: everything but its files. */
export const draftSummarySchema = z
  .object({
    id: z.string(),
    /** The version the draft was created from. */
    basedOn: z.string(),
    /** +1 on every save; a save names the revision it was made on (K-06). */
    revision: z.number().int(),
    status: draftStatusSchema,
    /** Display names. */
    author: z.string(),
    notes: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    updatedBy: z.string(),
    submissionNote: z.string().nullable(),
    submittedBy: z.string().nullable(),
    submittedAt: z.string().nullable(),
    /** Why it was returned to draft, the last time it was. */
    returnNote: z.string().nullable(),
    approver: z.string().nullable(),
    approvedAt: z.string().nullable(),
    /** When the approved version is (or was) to be activated; null for at once. */
    activateAt: z.string().nullable(),
    /** The version its files became on approval. */
    version: z.string().nullable(),
    /** The release that activates that version. */
    releaseId: z.string().nullable(),
    /** Recoverable copies of edits refused as stale (K-06). */
    conflicts: z.number().int(),
  })
  .meta({ id: 'CatalogDraftSummary' });
export type DraftSummary = z.infer<typeof draftSummarySchema>;

/**
 * An edit refused because the draft had moved on (409), kept so that nobody's work is lost:
 * the paths it changed with the texts it wanted (null: it deleted the file).
 */
export const draftConflictCopySchema = z
  .object({
    id: z.string(),
    savedBy: z.string(),
    savedAt: z.string(),
    /** The revision the refused edit was made on. */
    revision: z.number().int(),
    files: z.record(z.string(), z.string().nullable()),
  })
  .meta({ id: 'CatalogDraftConflictCopy' });

/** A draft with its files, its check's problems and its conflict copies. */
export const draftSchema = draftSummarySchema
  .extend({
    /** The catalogue's files by path (`catalog.yaml`, `impairments/<uuid>.yaml`), as YAML. */
    files: z.record(z.string(), z.string()),
    /** Lint and regression-case problems of the files; empty when it may be submitted. */
    problems: z.array(catalogProblemSchema),
    conflictCopies: z.array(draftConflictCopySchema),
  })
  .meta({ id: 'CatalogDraft' });
export type Draft = z.infer<typeof draftSchema>;

export const draftListQuerySchema = z
  .object({
    /** Only drafts of this status; all when left out. */
    status: draftStatusSchema.optional(),
  })
  .strict();

export const createDraftSchema = z
  .object({ basedOn: versionNumber, notes: z.string().trim().max(2000).optional() })
  .strict();

/**
 * A save: the revision the editor started from and the files it changed (a text to write, null
 * to delete). Files left out stay as they are.
 */
export const saveDraftSchema = z
  .object({
    revision: z.number().int().min(1),
    files: z.record(filePath, fileText.nullable()),
  })
  .strict();

export const draftSavedSchema = z
  .object({
    revision: z.number().int(),
    updatedAt: z.string(),
    updatedBy: z.string(),
    problems: z.array(catalogProblemSchema),
  })
  .meta({ id: 'CatalogDraftSaved' });

/**
 * The `body` of a save's 409 when the draft moved on: who saved which revision when, the
 * current texts of the paths both edits touched (null: the file is gone), and the id of the
 * conflict copy that keeps the refused edit.
 */
export const draftConflictSchema = z
  .object({
    revision: z.number().int(),
    updatedBy: z.string(),
    updatedAt: z.string(),
    files: z.record(z.string(), z.string().nullable()),
    conflictId: z.string(),
  })
  .meta({ id: 'CatalogDraftConflict' });

export const submitDraftSchema = z.object({ note }).strict();
export const returnDraftSchema = z.object({ note }).strict();

/** When an approved version is activated: at once when left out or null, else then (ISO 8601). */
const activateAtSchema = z.iso
  .datetime({ offset: true })
  .nullable()
  .optional()
  .meta({ description: 'When to activate (ISO 8601, in the future); at once when left out' });

export const approveSchema = z.object({ activateAt: activateAtSchema }).strict();

/**
 * A release: the activation of a version, approved by an administrator other than the one
 * who asked for it. From a draft (`draft`: asked by its submission) or for an existing version
 * (`rollback`, also what activating a version asks for).
 */
export const RELEASE_STATUSES = ['requested', 'scheduled', 'activated', 'cancelled'] as const;
export const releaseStatusSchema = z.enum(RELEASE_STATUSES);
export const releaseSchema = z
  .object({
    id: z.string(),
    version: z.string(),
    kind: z.enum(['draft', 'rollback']),
    draftId: z.string().nullable(),
    status: releaseStatusSchema,
    note: z.string(),
    requestedBy: z.string(),
    requestedAt: z.string(),
    approver: z.string().nullable(),
    approvedAt: z.string().nullable(),
    activateAt: z.string().nullable(),
    activatedAt: z.string().nullable(),
    cancelledBy: z.string().nullable(),
    cancelledAt: z.string().nullable(),
  })
  .meta({ id: 'CatalogRelease' });
export type Release = z.infer<typeof releaseSchema>;

export const releaseParamsSchema = z.object({ id: recordId }).strict();
export const releaseListQuerySchema = z.object({ status: releaseStatusSchema.optional() }).strict();
export const releaseRequestSchema = z.object({ version: versionNumber, note }).strict();

export const draftApprovedSchema = z
  .object({ draft: draftSummarySchema, version: versionSummarySchema, release: releaseSchema })
  .meta({ id: 'CatalogDraftApproved' });

/** A version's or a draft's files as a zip of the catalogue folder's YAML files (K-14). */
export const catalogZipSchema = z
  .object({
    fileName: z.string(),
    /** The zip, base64. */
    content: z.string(),
  })
  .meta({ id: 'CatalogZip' });

/** A zip (base64) imported as a new version or as a new draft (K-14). */
export const zipImportSchema = z
  .object({
    content: z.string().max(Math.ceil((CATALOG_FILE_LIMITS.maxZipBytes * 4) / 3) + 4),
    as: z.enum(['version', 'draft']),
    notes: z.string().trim().max(2000).optional(),
    /** A draft's `basedOn`: the active version when left out. */
    basedOn: versionNumber.optional(),
  })
  .strict();

export const zipImportedSchema = z
  .discriminatedUnion('as', [
    z.object({ as: z.literal('version'), created: z.boolean(), version: versionSummarySchema }),
    z.object({ as: z.literal('draft'), draft: draftSummarySchema }),
  ])
  .meta({ id: 'CatalogZipImported' });
