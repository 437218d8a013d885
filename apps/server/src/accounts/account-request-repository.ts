import type { AccountRequestState } from '@vmer/domain/admin';
import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Executor } from '../catalog/catalog-repository.ts';
import type { AccountRequestsTable, Database } from '../db/schema.ts';
import type { InsurerScope } from '../disclosures/disclosure-repository.ts';

/** A request as an administrator reads it: whether an administrator holds its insurer, and who decided it. */
export type AccountRequestRow = Selectable<AccountRequestsTable> & {
  routed: boolean;
  decided_by_name: string | null;
};

/**
 * Requests for access (design §5, §11), read by the administrators of the insurer each names;
 * a request naming an insurer no active administrator holds is read by every administrator.
 */
export function accountRequestRepository(db: Kysely<Database>) {
  /** The requests the caller may see, with `routed` and the decider's name. */
  const visible = (executor: Executor, scope: InsurerScope) => {
    const held = sql`${sql.val([...scope.insurers, ''])}::text[]`;
    return executor
      .selectFrom('account_requests as r')
      .leftJoin('users as d', 'd.subject', 'r.decided_by')
      .selectAll('r')
      .select([
        'd.display_name as decided_by_name',
        sql<boolean>`exists (select 1 from users a where a.role = 'admin' and a.active and r.insurer_code = any(a.insurers))`.as(
          'routed',
        ),
      ])
      .where(
        sql<boolean>`(r.insurer_code = any(${held}) or not exists (select 1 from users a where a.role = 'admin' and a.active and r.insurer_code = any(a.insurers)))`,
      );
  };

  return {
    async add(values: Omit<Insertable<AccountRequestsTable>, 'created_at'>): Promise<void> {
      await db.insertInto('account_requests').values(values).execute();
    },

    /** A page of the requests the caller may see in one state, newest first. */
    async page(
      scope: InsurerScope,
      state: AccountRequestState,
      offset: number,
      limit: number,
    ): Promise<AccountRequestRow[]> {
      return visible(db, scope)
        .where('r.state', '=', state)
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute();
    },

    /** A request the caller may see, locked for its decision. */
    async lock(
      trx: Executor,
      scope: InsurerScope,
      id: string,
    ): Promise<AccountRequestRow | undefined> {
      const row = await visible(trx, scope).where('r.id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      await trx
        .selectFrom('account_requests')
        .select('id')
        .where('id', '=', id)
        .forUpdate()
        .execute();
      // Read again under the lock: another decision may have been committed meanwhile.
      return visible(trx, scope).where('r.id', '=', id).executeTakeFirst();
    },

    async decide(
      trx: Executor,
      id: string,
      values: Pick<
        Updateable<AccountRequestsTable>,
        'state' | 'decided_by' | 'decided_at' | 'decline_reason' | 'user_subject'
      >,
    ): Promise<void> {
      await trx
        .updateTable('account_requests')
        .set(values)
        .where('id', '=', id)
        .where('state', '=', 'pending')
        .execute();
    },
  };
}
