import type { Kysely, Selectable } from 'kysely';
import type { Database, DisclosureRevisionsTable } from '../db/schema.ts';
import type { Executor, InsurerScope } from './disclosure-repository.ts';

export type RevisionRow = Selectable<DisclosureRevisionsTable>;
export type RevisionSummaryRow = Omit<RevisionRow, 'document'>;

const SUMMARY = [
  'disclosure_id',
  'revision',
  'insurer_code',
  'operation',
  'status',
  'catalog_version',
  'actor',
  'at',
] as const;

/**
 * The kept revisions of disclosures (design §10): the disclosure writes append them in the
 * statement that stores a document (disclosure-repository.ts); here they are only read.
 */
export function revisionRepository(db: Kysely<Database>) {
  return {
    /** A disclosure's revisions without their documents, oldest first. */
    async list(
      scope: InsurerScope,
      disclosureId: string,
      trx: Executor = db,
    ): Promise<RevisionSummaryRow[]> {
      if (scope.insurers.length === 0) return [];
      return trx
        .selectFrom('disclosure_revisions')
        .select(SUMMARY)
        .where('disclosure_id', '=', disclosureId)
        .where('insurer_code', 'in', scope.insurers)
        .orderBy('revision')
        .execute();
    },

    /** One revision of a disclosure with its document: the one numbered, or the latest. */
    async find(
      scope: InsurerScope,
      disclosureId: string,
      revision: number | undefined,
      trx: Executor = db,
    ): Promise<RevisionRow | undefined> {
      if (scope.insurers.length === 0) return undefined;
      return trx
        .selectFrom('disclosure_revisions')
        .selectAll()
        .where('disclosure_id', '=', disclosureId)
        .where('insurer_code', 'in', scope.insurers)
        .$if(revision !== undefined, (qb) => qb.where('revision', '=', revision!))
        .orderBy('revision', 'desc')
        .limit(1)
        .executeTakeFirst();
    },
  };
}
