import type { AccountRequestState } from '@vmer/domain/admin';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { AccountRequestsTable, Database } from '../db/schema.ts';
import type { InsurerScope } from '../disclosures/disclosure-repository.ts';

export type AccountRequestRow = Selectable<AccountRequestsTable>;

/** Requests for access (design §5), read by the administrators of the insurer each names. */
export function accountRequestRepository(db: Kysely<Database>) {
  return {
    async add(values: Omit<Insertable<AccountRequestsTable>, 'created_at'>): Promise<void> {
      await db.insertInto('account_requests').values(values).execute();
    },

    /** A page of the requests naming one of the caller's insurers, newest first. */
    async page(
      scope: InsurerScope,
      state: AccountRequestState,
      offset: number,
      limit: number,
    ): Promise<AccountRequestRow[]> {
      if (scope.insurers.length === 0) return [];
      return db
        .selectFrom('account_requests')
        .selectAll()
        .where('insurer_code', 'in', scope.insurers)
        .where('state', '=', state)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute();
    },
  };
}
