import type {
  CatalogProblem,
  Draft,
  DraftStatus,
  DraftSummary,
  Release,
} from '@vmer/domain/api';
import { CATALOG_FILE_LIMITS } from '@vmer/domain/api';
import { isSourcePath } from '@vmer/domain/catalog/check';
import { checkSourceTexts, type SourceTexts } from '@vmer/domain/catalog/source-texts';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { AuthUser } from '../auth/authenticate.ts';
import type { AuditChange, AuditRecord } from '../admin/admin-audit-repository.ts';
import type { Database } from '../db/schema.ts';
import { HttpError, type FieldError } from '../http/errors.ts';
import { refuseBadText } from '../http/nul-guard.ts';
import type { Repositories } from '../repositories.ts';
import type { CatalogService, VersionSummary } from './catalog-service.ts';
import type { CatalogDraftsTable, CatalogReleasesTable } from './catalog-tables.ts';

type DraftRow = Selectable<CatalogDraftsTable>;
type ReleaseRow = Selectable<CatalogReleasesTable>;

/** Who does a step: a signed-in administrator, or the server itself (a scheduled activation). */
export interface Actor {
  subject: string;
  displayName: string;
}

const SYSTEM: Actor = { subject: 'system', displayName: 'system' };

/** An impairment file's name: letters, digits, dots, dashes and underscores, no folder. */
const IMPAIRMENT_NAME = /^impairments\/[A-Za-z0-9][A-Za-z0-9._-]*\.yaml$/;

/** Whether a path names a catalogue file a studio may write: no folder but impairments/, no `..`. */
export function isStudioPath(path: string): boolean {
  return (
    isSourcePath(path) &&
    path.length <= CATALOG_FILE_LIMITS.maxPathChars &&
    (!path.startsWith('impairments/') || IMPAIRMENT_NAME.test(path))
  );
}

/**
 * Refuses a catalogue's files that break the bounds of K-14 (count, size, path shape) or hold a
 * character no database stores, with a 400 naming each offending path.
 */
function refuseBadFiles(files: Record<string, string | null>, root = 'files'): void {
  const errors: FieldError[] = [];
  const paths = Object.keys(files);
  if (paths.length > CATALOG_FILE_LIMITS.maxFiles) {
    errors.push({
      path: root,
      message: { key: 'catalog_too_many_files', params: { max: CATALOG_FILE_LIMITS.maxFiles } },
    });
  }
  for (const path of paths) {
    if (!isStudioPath(path)) errors.push({ path: `${root}.${path}`, message: 'catalog_path_invalid' });
    const text = files[path];
    if (typeof text === 'string' && text.length > CATALOG_FILE_LIMITS.maxFileChars) {
      errors.push({
        path: `${root}.${path}`,
        message: {
          key: 'catalog_file_too_big',
          params: { max: CATALOG_FILE_LIMITS.maxFileChars },
        },
      });
    }
  }
  if (errors.length > 0) throw new HttpError(400, 'bad_request', errors.slice(0, 50));
  refuseBadText(files, root);
}

/** A 400 listing a catalogue's problems, each as `file:line` and its message. */
export function problemsError(
  problems: readonly CatalogProblem[],
  key: 'catalog_invalid' | 'catalog_draft_problems' = 'catalog_invalid',
): HttpError {
  return new HttpError(
    400,
    { key, params: { count: problems.length } },
    problems.map((problem) => ({
      path: `${problem.file}:${problem.line}`,
      message: { en: problem.message, cn_traditional: problem.message },
    })),
  );
}

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

function draftSummary(row: DraftRow, conflicts: number): DraftSummary {
  return {
    id: String(row.id),
    basedOn: String(row.based_on),
    revision: row.revision,
    status: row.status,
    author: row.author_name,
    notes: row.notes,
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
    updatedBy: row.updated_by,
    submissionNote: row.submission_note,
    submittedBy: row.submitted_by_name,
    submittedAt: iso(row.submitted_at),
    returnNote: row.return_note,
    approver: row.approver_name,
    approvedAt: iso(row.approved_at),
    activateAt: iso(row.activate_at),
    version: row.version === null ? null : String(row.version),
    releaseId: row.release_id === null ? null : String(row.release_id),
    conflicts,
  };
}

function release(row: ReleaseRow): Release {
  return {
    id: String(row.id),
    version: String(row.version),
    kind: row.kind,
    draftId: row.draft_id === null ? null : String(row.draft_id),
    status: row.status,
    note: row.note,
    requestedBy: row.requested_by_name,
    requestedAt: iso(row.requested_at)!,
    approver: row.approver_name,
    approvedAt: iso(row.approved_at),
    activateAt: iso(row.activate_at),
    activatedAt: iso(row.activated_at),
    cancelledBy: row.cancelled_by_name,
    cancelledAt: iso(row.cancelled_at),
  };
}

/** A save refused as stale: what the 409 answer carries (K-06). */
interface DraftConflict {
  revision: number;
  updatedBy: string;
  updatedAt: string;
  files: Record<string, string | null>;
  conflictId: string;
}

export type SaveResult =
  | {
      ok: true;
      revision: number;
      updatedAt: string;
      updatedBy: string;
      problems: CatalogProblem[];
    }
  | { ok: false; conflict: DraftConflict };

const notFound = () => new HttpError(404, 'not_found');

/** A scheduled release cancelled between the job's look and its activation. */
class ReleaseGone extends Error {}

/**
 * The catalogue studio (design §14, requirements K-03, K-06, K-08, K-11): drafts edited with a
 * revision, submitted with a note, approved by an administrator who neither wrote nor
 * submitted them; release requests that activate a version, at once or when due (the
 * `catalogue-releases` job round). Every step is recorded in the administration trail, never a
 * file's text.
 */
export function studioService(
  db: Kysely<Database>,
  catalog: CatalogService,
  repositories: Repositories,
) {
  /** The catalogue concerns every insurer it configures: their administrators read its trail. */
  async function catalogueInsurers(): Promise<string[]> {
    try {
      return (await catalog.active()).catalog.insurers.map(({ code }) => code);
    } catch {
      return [];
    }
  }

  async function audit(
    trx: Transaction<Database>,
    actor: Actor,
    subject: { type: 'catalogueDraft' | 'catalogueRelease'; id: string },
    action: string,
    changes: AuditChange[],
    insurers: string[],
  ): Promise<void> {
    const entry: AuditRecord = {
      actor: { subject: actor.subject, displayName: actor.displayName },
      subjectType: subject.type,
      subjectId: subject.id,
      action,
      insurers,
      changes,
    };
    await repositories.adminAudit.record(trx, entry);
  }

  async function conflictCount(ids: string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .selectFrom('catalog_draft_conflicts')
      .select(['draft_id', sql<number>`count(*)`.as('n')])
      .where('draft_id', 'in', ids)
      .groupBy('draft_id')
      .execute();
    return new Map(rows.map((row) => [String(row.draft_id), Number(row.n)]));
  }

  async function lockDraft(trx: Transaction<Database>, id: string): Promise<DraftRow> {
    const row = await trx
      .selectFrom('catalog_drafts')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  async function lockRelease(trx: Transaction<Database>, id: string): Promise<ReleaseRow> {
    const row = await trx
      .selectFrom('catalog_releases')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  async function summaryOf(id: string): Promise<DraftSummary> {
    const row = await db
      .selectFrom('catalog_drafts')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound();
    return draftSummary(row, (await conflictCount([id])).get(id) ?? 0);
  }

  async function releaseOf(id: string): Promise<Release> {
    const row = await db
      .selectFrom('catalog_releases')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound();
    return release(row);
  }

  /** A future activation time, or null for at once; a past one is refused. */
  function activationTime(activateAt: string | null | undefined): Date | null {
    if (activateAt === undefined || activateAt === null) return null;
    const at = new Date(activateAt);
    if (at.getTime() <= Date.now()) {
      throw new HttpError(400, 'bad_request', [
        { path: 'activateAt', message: 'catalog_activate_at_past' },
      ]);
    }
    return at;
  }

  /**
   * Activates a release's version now, in one transaction with the release's (and its draft's)
   * new state and the trail's entry.
   */
  async function activateRelease(
    releaseId: string,
    actor: Actor,
    insurers: string[],
  ): Promise<VersionSummary | undefined> {
    const row = await db
      .selectFrom('catalog_releases')
      .select('version')
      .where('id', '=', releaseId)
      .executeTakeFirstOrThrow();
    return catalog.activate(String(row.version), async (trx) => {
      const locked = await lockRelease(trx, releaseId);
      // Cancelled meanwhile: nothing is activated.
      if (locked.status !== 'scheduled') throw new ReleaseGone();
      await trx
        .updateTable('catalog_releases')
        .set({ status: 'activated', activated_at: new Date() })
        .where('id', '=', releaseId)
        .execute();
      if (locked.draft_id !== null) {
        await trx
          .updateTable('catalog_drafts')
          .set({ status: 'released' })
          .where('id', '=', locked.draft_id)
          .execute();
      }
      await audit(
        trx,
        actor,
        { type: 'catalogueRelease', id: releaseId },
        'activate',
        [{ field: 'version', before: null, after: String(locked.version) }],
        insurers,
      );
    });
  }

  return {
    async listDrafts(status?: DraftStatus): Promise<DraftSummary[]> {
      let query = db.selectFrom('catalog_drafts').selectAll().orderBy('id', 'desc');
      if (status) query = query.where('status', '=', status);
      const rows = await query.execute();
      const counts = await conflictCount(rows.map((row) => String(row.id)));
      return rows.map((row) => draftSummary(row, counts.get(String(row.id)) ?? 0));
    },

    async draft(id: string): Promise<Draft> {
      const row = await db
        .selectFrom('catalog_drafts')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) throw notFound();
      const copies = await db
        .selectFrom('catalog_draft_conflicts')
        .selectAll()
        .where('draft_id', '=', id)
        .orderBy('id')
        .execute();
      return {
        ...draftSummary(row, copies.length),
        files: row.files,
        problems: checkSourceTexts(row.files).problems,
        conflictCopies: copies.map((copy) => ({
          id: String(copy.id),
          savedBy: copy.saved_by_name,
          savedAt: iso(copy.saved_at)!,
          revision: copy.revision,
          files: copy.files,
        })),
      };
    },

    /** A draft holding the files of `basedOn`, or of a zip (`files`). */
    async createDraft(
      user: AuthUser,
      basedOn: string,
      options: { notes?: string | undefined; files?: SourceTexts | undefined } = {},
    ): Promise<string> {
      const files = options.files ?? (await catalog.sources(basedOn));
      if (!files || (await catalog.version(basedOn)) === undefined) throw notFound();
      const insurers = await catalogueInsurers();
      return db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('catalog_drafts')
          .values({
            based_on: Number(basedOn),
            files: JSON.stringify(files),
            author_subject: user.subject,
            author_name: user.displayName,
            editors: [user.subject],
            notes: options.notes ?? '',
            updated_by: user.displayName,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await audit(
          trx,
          user,
          { type: 'catalogueDraft', id: String(id) },
          'create',
          [
            { field: 'basedOn', before: null, after: basedOn },
            ...(options.files
              ? [{ field: 'files', before: null, after: Object.keys(files).length }]
              : []),
          ],
          insurers,
        );
        return String(id);
      });
    },

    /**
     * Writes the changed files of a draft made on `revision` (null deletes a file). A stale
     * revision keeps the edit as a conflict copy and answers what the draft holds now.
     */
    async save(
      user: AuthUser,
      id: string,
      revision: number,
      changes: Record<string, string | null>,
    ): Promise<SaveResult> {
      refuseBadFiles(changes);
      const insurers = await catalogueInsurers();
      const result = await db.transaction().execute(async (trx): Promise<SaveResult> => {
        const row = await lockDraft(trx, id);
        if (row.status !== 'draft') {
          throw new HttpError(409, {
            key: 'catalog_draft_not_editable',
            params: { status: row.status },
          });
        }
        const paths = Object.keys(changes);
        if (row.revision !== revision) {
          const { id: conflictId } = await trx
            .insertInto('catalog_draft_conflicts')
            .values({
              draft_id: id,
              revision,
              files: JSON.stringify(changes),
              saved_by_subject: user.subject,
              saved_by_name: user.displayName,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await audit(
            trx,
            user,
            { type: 'catalogueDraft', id },
            'conflict',
            [
              { field: 'revision', before: row.revision, after: revision },
              { field: 'paths', before: null, after: paths },
            ],
            insurers,
          );
          return {
            ok: false,
            conflict: {
              revision: row.revision,
              updatedBy: row.updated_by,
              updatedAt: iso(row.updated_at)!,
              files: Object.fromEntries(paths.map((path) => [path, row.files[path] ?? null])),
              conflictId: String(conflictId),
            },
          };
        }
        const files = { ...row.files };
        for (const [path, text] of Object.entries(changes)) {
          if (text === null) delete files[path];
          else files[path] = text;
        }
        if (Object.keys(files).length > CATALOG_FILE_LIMITS.maxFiles) {
          throw new HttpError(400, 'bad_request', [
            {
              path: 'files',
              message: {
                key: 'catalog_too_many_files',
                params: { max: CATALOG_FILE_LIMITS.maxFiles },
              },
            },
          ]);
        }
        const now = new Date();
        await trx
          .updateTable('catalog_drafts')
          .set({
            files: JSON.stringify(files),
            revision: row.revision + 1,
            updated_at: now,
            updated_by: user.displayName,
            editors: row.editors.includes(user.subject)
              ? row.editors
              : [...row.editors, user.subject],
          })
          .where('id', '=', id)
          .execute();
        await audit(
          trx,
          user,
          { type: 'catalogueDraft', id },
          'save',
          [
            { field: 'revision', before: row.revision, after: row.revision + 1 },
            { field: 'paths', before: null, after: paths },
          ],
          insurers,
        );
        return {
          ok: true,
          revision: row.revision + 1,
          updatedAt: now.toISOString(),
          updatedBy: user.displayName,
          problems: checkSourceTexts(files).problems,
        };
      });
      return result;
    },

    async dismissConflict(user: AuthUser, id: string, conflictId: string): Promise<DraftSummary> {
      const insurers = await catalogueInsurers();
      await db.transaction().execute(async (trx) => {
        await lockDraft(trx, id);
        const removed = await trx
          .deleteFrom('catalog_draft_conflicts')
          .where('id', '=', conflictId)
          .where('draft_id', '=', id)
          .executeTakeFirst();
        if (Number(removed.numDeletedRows) === 0) throw notFound();
        await audit(
          trx,
          user,
          { type: 'catalogueDraft', id },
          'dismiss conflict',
          [{ field: 'conflict', before: conflictId, after: null }],
          insurers,
        );
      });
      return summaryOf(id);
    },

    async retire(user: AuthUser, id: string): Promise<DraftSummary> {
      const insurers = await catalogueInsurers();
      await db.transaction().execute(async (trx) => {
        const row = await lockDraft(trx, id);
        if (row.status !== 'draft' && row.status !== 'submitted') {
          throw new HttpError(409, 'catalog_draft_not_retirable');
        }
        await trx
          .updateTable('catalog_drafts')
          .set({ status: 'retired', updated_at: new Date(), updated_by: user.displayName })
          .where('id', '=', id)
          .execute();
        await audit(
          trx,
          user,
          { type: 'catalogueDraft', id },
          'retire',
          [{ field: 'status', before: row.status, after: 'retired' }],
          insurers,
        );
      });
      return summaryOf(id);
    },

    /** Freezes a draft for approval; refused with each problem while the check finds any (K-08). */
    async submit(user: AuthUser, id: string, note: string): Promise<DraftSummary> {
      const insurers = await catalogueInsurers();
      await db.transaction().execute(async (trx) => {
        const row = await lockDraft(trx, id);
        if (row.status !== 'draft') {
          throw new HttpError(409, {
            key: 'catalog_draft_not_editable',
            params: { status: row.status },
          });
        }
        const { problems } = checkSourceTexts(row.files);
        if (problems.length > 0) throw problemsError(problems, 'catalog_draft_problems');
        await trx
          .updateTable('catalog_drafts')
          .set({
            status: 'submitted',
            submission_note: note,
            submitted_by_subject: user.subject,
            submitted_by_name: user.displayName,
            submitted_at: new Date(),
          })
          .where('id', '=', id)
          .execute();
        await audit(
          trx,
          user,
          { type: 'catalogueDraft', id },
          'submit',
          [
            { field: 'status', before: 'draft', after: 'submitted' },
            { field: 'note', before: null, after: note },
          ],
          insurers,
        );
      });
      return summaryOf(id);
    },

    async returnToDraft(user: AuthUser, id: string, note: string): Promise<DraftSummary> {
      const insurers = await catalogueInsurers();
      await db.transaction().execute(async (trx) => {
        const row = await lockDraft(trx, id);
        if (row.status !== 'submitted') {
          throw new HttpError(409, {
            key: 'catalog_draft_not_submitted',
            params: { status: row.status },
          });
        }
        await trx
          .updateTable('catalog_drafts')
          .set({ status: 'draft', return_note: note, updated_at: new Date() })
          .where('id', '=', id)
          .execute();
        await audit(
          trx,
          user,
          { type: 'catalogueDraft', id },
          'return',
          [
            { field: 'status', before: 'submitted', after: 'draft' },
            { field: 'note', before: null, after: note },
          ],
          insurers,
        );
      });
      return summaryOf(id);
    },

    /**
     * A second administrator approves a submitted draft: its files import as a new immutable
     * version (the same files answer their existing version) and a release activates it, at
     * once or at `activateAt` (K-11).
     */
    async approveDraft(
      user: AuthUser,
      id: string,
      activateAt: string | null | undefined,
    ): Promise<{ draft: DraftSummary; version: VersionSummary; release: Release }> {
      const at = activationTime(activateAt);
      const row = await db
        .selectFrom('catalog_drafts')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) throw notFound();
      if (row.status !== 'submitted') {
        throw new HttpError(409, {
          key: 'catalog_draft_not_submitted',
          params: { status: row.status },
        });
      }
      if (row.editors.includes(user.subject) || row.submitted_by_subject === user.subject) {
        throw new HttpError(403, 'catalog_own_draft');
      }
      const insurers = await catalogueInsurers();
      let releaseId = '';
      const result = await catalog.import(row.files, {
        author: row.author_name,
        notes: [row.notes, row.submission_note].filter(Boolean).join(' — '),
        activate: at === null,
        alsoInTransaction: async (trx, version) => {
          const locked = await lockDraft(trx, id);
          if (locked.status !== 'submitted' || locked.revision !== row.revision) {
            throw new HttpError(409, {
              key: 'catalog_draft_not_submitted',
              params: { status: locked.status },
            });
          }
          const now = new Date();
          const inserted = await trx
            .insertInto('catalog_releases')
            .values({
              version,
              kind: 'draft',
              draft_id: id,
              status: at === null ? 'activated' : 'scheduled',
              note: row.submission_note ?? '',
              requested_by_subject: row.submitted_by_subject ?? row.author_subject,
              requested_by_name: row.submitted_by_name ?? row.author_name,
              requested_at: row.submitted_at ?? now,
              approver_subject: user.subject,
              approver_name: user.displayName,
              approved_at: now,
              activate_at: at,
              activated_at: at === null ? now : null,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          releaseId = String(inserted.id);
          await trx
            .updateTable('catalog_drafts')
            .set({
              status: at === null ? 'released' : 'approved',
              approver_subject: user.subject,
              approver_name: user.displayName,
              approved_at: now,
              activate_at: at,
              version,
              release_id: releaseId,
            })
            .where('id', '=', id)
            .execute();
          await audit(
            trx,
            user,
            { type: 'catalogueDraft', id },
            'approve',
            [
              { field: 'status', before: 'submitted', after: at === null ? 'released' : 'approved' },
              { field: 'version', before: null, after: String(version) },
            ],
            insurers,
          );
          await audit(
            trx,
            user,
            { type: 'catalogueRelease', id: releaseId },
            at === null ? 'activate' : 'schedule',
            [
              { field: 'version', before: null, after: String(version) },
              ...(at ? [{ field: 'activateAt', before: null, after: at.toISOString() }] : []),
            ],
            insurers,
          );
        },
      });
      if (!result.ok) throw problemsError(result.problems);
      return {
        draft: await summaryOf(id),
        version: result.version,
        release: await releaseOf(releaseId),
      };
    },

    async listReleases(status?: Release['status']): Promise<Release[]> {
      let query = db.selectFrom('catalog_releases').selectAll().orderBy('id', 'desc');
      if (status) query = query.where('status', '=', status);
      return (await query.execute()).map(release);
    },

    /** Asks for an existing version to be activated (a rollback, or a fresh upload's release). */
    async requestRelease(user: AuthUser, version: string, note: string): Promise<Release> {
      if ((await catalog.version(version)) === undefined) throw notFound();
      const insurers = await catalogueInsurers();
      const id = await db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('catalog_releases')
          .values({
            version: Number(version),
            kind: 'rollback',
            status: 'requested',
            note,
            requested_by_subject: user.subject,
            requested_by_name: user.displayName,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await audit(
          trx,
          user,
          { type: 'catalogueRelease', id: String(inserted.id) },
          'request',
          [
            { field: 'version', before: null, after: version },
            { field: 'note', before: null, after: note },
          ],
          insurers,
        );
        return String(inserted.id);
      });
      return releaseOf(id);
    },

    async approveRelease(
      user: AuthUser,
      id: string,
      activateAt: string | null | undefined,
    ): Promise<Release> {
      const at = activationTime(activateAt);
      const row = await releaseOf(id);
      const stored = await db
        .selectFrom('catalog_releases')
        .select('requested_by_subject')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const mustBeRequested = (status: string) => {
        if (status !== 'requested')
          throw new HttpError(409, { key: 'catalog_release_not_requested', params: { status } });
      };
      mustBeRequested(row.status);
      if (stored.requested_by_subject === user.subject) {
        throw new HttpError(403, 'catalog_own_release');
      }
      const insurers = await catalogueInsurers();
      const target = { type: 'catalogueRelease', id } as const;
      // Checked again under the release's lock (and, to activate now, the catalogue's), so two
      // approvals approve once.
      const approve = async (trx: Transaction<Database>) => {
        mustBeRequested((await lockRelease(trx, id)).status);
        const now = new Date();
        const status = at === null ? 'activated' : 'scheduled';
        await trx
          .updateTable('catalog_releases')
          .set({
            status,
            approver_subject: user.subject,
            approver_name: user.displayName,
            approved_at: now,
            ...(at === null ? { activated_at: now } : { activate_at: at }),
          })
          .where('id', '=', id)
          .execute();
        await audit(
          trx,
          user,
          target,
          'approve',
          [{ field: 'status', before: 'requested', after: status }],
          insurers,
        );
        await audit(
          trx,
          user,
          target,
          at === null ? 'activate' : 'schedule',
          [
            { field: 'version', before: null, after: row.version },
            ...(at === null ? [] : [{ field: 'activateAt', before: null, after: at.toISOString() }]),
          ],
          insurers,
        );
      };
      if (at === null) await catalog.activate(row.version, approve);
      else await db.transaction().execute(approve);
      return releaseOf(id);
    },

    /** Cancels a request or a scheduled activation; an approved draft stays approved. */
    async cancelRelease(user: AuthUser, id: string): Promise<Release> {
      const insurers = await catalogueInsurers();
      await db.transaction().execute(async (trx) => {
        const row = await lockRelease(trx, id);
        if (row.status !== 'requested' && row.status !== 'scheduled') {
          throw new HttpError(409, {
            key: 'catalog_release_not_cancellable',
            params: { status: row.status },
          });
        }
        await trx
          .updateTable('catalog_releases')
          .set({ status: 'cancelled', cancelled_by_name: user.displayName, cancelled_at: new Date() })
          .where('id', '=', id)
          .execute();
        await audit(
          trx,
          user,
          { type: 'catalogueRelease', id },
          row.status === 'scheduled' ? 'cancel schedule' : 'cancel',
          [{ field: 'status', before: row.status, after: 'cancelled' }],
          insurers,
        );
      });
      return releaseOf(id);
    },

    /**
     * Activates the scheduled releases whose time has come, oldest first (the
     * `catalogue-releases` job round, which one server runs at a time).
     * @returns the ids activated.
     */
    async activateDue(): Promise<string[]> {
      const due = await db
        .selectFrom('catalog_releases')
        .select('id')
        .where('status', '=', 'scheduled')
        .where('activate_at', '<=', sql<Date>`now()`)
        .orderBy('activate_at')
        .orderBy('id')
        .execute();
      const done: string[] = [];
      const insurers = due.length > 0 ? await catalogueInsurers() : [];
      for (const { id } of due) {
        const still = await db
          .selectFrom('catalog_releases')
          .select('status')
          .where('id', '=', id)
          .executeTakeFirst();
        if (still?.status !== 'scheduled') continue;
        try {
          await activateRelease(String(id), SYSTEM, insurers);
          done.push(String(id));
        } catch (error) {
          if (!(error instanceof ReleaseGone)) throw error;
        }
      }
      return done;
    },
  };
}

export type StudioService = ReturnType<typeof studioService>;
