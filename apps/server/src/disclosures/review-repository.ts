import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Database, DisclosureAuditTable, DisclosureOverridesTable } from '../db/schema.ts';
import type { ClaimGuard, Executor, InsurerScope } from './disclosure-repository.ts';
import type { ClaimColumns } from './review-claims.ts';

export type OverrideRow = Selectable<DisclosureOverridesTable>;
type NewAuditEntry = Omit<Insertable<DisclosureAuditTable>, 'id' | 'at' | 'revision'>;

/** Who takes, releases or overrides: the person's subject and user name. */
export interface Reviewer {
  subject: string;
  userName: string;
}

/** The audit entry of a review step that leaves the status as it is. */
function auditOf(
  row: { id: string; insurer_code: string; status: number; catalog_version: string | null },
  actor: string,
  operation: 'claim' | 'release' | 'override',
  extra: Pick<NewAuditEntry, 'payload_sha256' | 'reason'> = {},
): NewAuditEntry {
  return {
    disclosure_id: row.id,
    insurer_code: row.insurer_code,
    actor,
    operation,
    from_status: row.status,
    to_status: row.status,
    catalog_version: row.catalog_version,
    ...extra,
  };
}

const WRITTEN = ['id', 'insurer_code', 'status', 'catalog_version', 'version'] as const;

/** Whether the row's claim was taken longer ago than `minutes`: lapsed, it counts as none. */
const lapsed = (minutes: number) =>
  sql<boolean>`claimed_at <= now() - make_interval(mins => cast(${minutes} as integer))`;

/**
 * Review claims and overrides (design §10). A claim is a lease written on the disclosure row by
 * a conditional update, so two reviewers racing get one row each way: one success, one
 * nothing. Every step writes its audit entry in the same transaction.
 */
export function reviewRepository(db: Kysely<Database>) {
  return {
    /**
     * Takes (or renews) the claim on a submitted disclosure the reviewer did not submit, when
     * nobody else holds a live one, with its audit entry. Undefined when it was not taken:
     * the caller reads the row again to say why.
     */
    async claim(
      scope: InsurerScope,
      id: string,
      reviewer: Reviewer,
      minutes: number,
      trx: Executor,
    ): Promise<ClaimColumns | undefined> {
      if (scope.insurers.length === 0) return undefined;
      const row = await trx
        .updateTable('disclosures')
        .set({
          claimed_by: reviewer.subject,
          claimed_by_name: reviewer.userName,
          claimed_at: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .where('insurer_code', 'in', scope.insurers)
        .where('status', '=', 3)
        .where(sql<boolean>`submitted_by is distinct from ${reviewer.subject}`)
        .where((eb) =>
          eb.or([
            eb('claimed_by', 'is', null),
            eb('claimed_by', '=', reviewer.subject),
            lapsed(minutes),
          ]),
        )
        .returning([...WRITTEN, 'claimed_by', 'claimed_by_name', 'claimed_at'])
        .executeTakeFirst();
      if (!row) return undefined;
      await trx
        .insertInto('disclosure_audit')
        .values(auditOf(row, reviewer.userName, 'claim'))
        .execute();
      return row;
    },

    /** Releases the reviewer's own claim, with its audit entry; false when they hold none. */
    async release(
      scope: InsurerScope,
      id: string,
      reviewer: Reviewer,
      trx: Executor,
    ): Promise<boolean> {
      if (scope.insurers.length === 0) return false;
      const row = await trx
        .updateTable('disclosures')
        .set({ claimed_by: null, claimed_by_name: null, claimed_at: null })
        .where('id', '=', id)
        .where('insurer_code', 'in', scope.insurers)
        .where('claimed_by', '=', reviewer.subject)
        .returning(WRITTEN)
        .executeTakeFirst();
      if (!row) return false;
      await trx
        .insertInto('disclosure_audit')
        .values(auditOf(row, reviewer.userName, 'release'))
        .execute();
      return true;
    },

    /**
     * Moves a submitted disclosure's version on for an override by the reviewer holding a
     * live claim, with the override's audit entry. Undefined when the version moved on, the
     * status changed or the claim is not theirs (any more): the caller reads the row again.
     */
    async overrideStep(
      scope: InsurerScope,
      id: string,
      expectedVersion: number,
      claim: ClaimGuard & { userName: string },
      audit: Pick<NewAuditEntry, 'payload_sha256' | 'reason'>,
      trx: Executor,
    ): Promise<{ version: number; catalog_version: string | null } | undefined> {
      if (scope.insurers.length === 0) return undefined;
      const row = await trx
        .updateTable('disclosures')
        .set({
          version: sql<number>`version + 1`,
          updated_at: sql<Date>`now()`,
          updated_by: claim.userName,
        })
        .where('id', '=', id)
        .where('insurer_code', 'in', scope.insurers)
        .where('version', '=', expectedVersion)
        .where('status', '=', 3)
        .where('claimed_by', '=', claim.subject)
        .where((eb) => eb.not(lapsed(claim.minutes)))
        .returning(WRITTEN)
        .executeTakeFirst();
      if (!row) return undefined;
      await trx
        .insertInto('disclosure_audit')
        .values(auditOf(row, claim.userName, 'override', audit))
        .execute();
      return row;
    },

    /** Records an override (or replaces the one of the same condition and benefit). */
    async putOverride(values: Insertable<DisclosureOverridesTable>, trx: Executor): Promise<void> {
      await trx
        .insertInto('disclosure_overrides')
        .values(values)
        .onConflict((oc) =>
          oc.columns(['disclosure_id', 'impairment_uuid', 'indicator']).doUpdateSet((eb) => ({
            engine_decision: eb.ref('excluded.engine_decision'),
            decision: eb.ref('excluded.decision'),
            reason: eb.ref('excluded.reason'),
            note: eb.ref('excluded.note'),
            by_subject: eb.ref('excluded.by_subject'),
            by_name: eb.ref('excluded.by_name'),
            catalog_version: eb.ref('excluded.catalog_version'),
            at: sql<Date>`now()`,
          })),
        )
        .execute();
    },

    /** Removes the override of one condition and benefit, if there is one. */
    async removeOverride(
      disclosureId: string,
      impairmentUuid: string,
      indicator: string,
      trx: Executor,
    ): Promise<void> {
      await trx
        .deleteFrom('disclosure_overrides')
        .where('disclosure_id', '=', disclosureId)
        .where('impairment_uuid', '=', impairmentUuid)
        .where('indicator', '=', indicator)
        .execute();
    },

    /** A disclosure's overrides, in the order they were first made. */
    async overrides(
      scope: InsurerScope,
      disclosureId: string,
      trx: Executor = db,
    ): Promise<OverrideRow[]> {
      if (scope.insurers.length === 0) return [];
      return trx
        .selectFrom('disclosure_overrides')
        .selectAll()
        .where('disclosure_id', '=', disclosureId)
        .where('insurer_code', 'in', scope.insurers)
        .orderBy('impairment_uuid')
        .orderBy('indicator')
        .execute();
    },

    /**
     * How many overrides stand per catalogue version and condition (W-19), among the scope's
     * insurers: what the dashboard counts, most overridden first.
     */
    async overrideCounts(
      scope: InsurerScope,
      trx: Executor = db,
    ): Promise<{ catalogVersion: string | null; impairmentUuid: string; count: number }[]> {
      if (scope.insurers.length === 0) return [];
      const rows = await trx
        .selectFrom('disclosure_overrides')
        .select(['catalog_version', 'impairment_uuid', (eb) => eb.fn.countAll<string>().as('n')])
        .where('insurer_code', 'in', scope.insurers)
        .groupBy(['catalog_version', 'impairment_uuid'])
        .orderBy('n', 'desc')
        .orderBy('catalog_version')
        .orderBy('impairment_uuid')
        .execute();
      return rows.map((row) => ({
        catalogVersion: row.catalog_version,
        impairmentUuid: row.impairment_uuid,
        count: Number(row.n),
      }));
    },
  };
}
