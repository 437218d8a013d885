import type { AdminAccountRequest, CreateUser } from '@vmer/domain/admin';
import type { Kysely } from 'kysely';
import type { AuthUser } from '../auth/authenticate.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import type { Repositories } from '../repositories.ts';
import type { AdminUsersService } from '../admin/users-service.ts';
import type { AccountRequestRow } from './account-request-repository.ts';

/** A request as the administration screen shows it. */
export function adminAccountRequestOf(row: AccountRequestRow): AdminAccountRequest {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    insurerCode: row.insurer_code,
    role: row.role,
    message: row.message,
    createdAt: new Date(row.created_at).toISOString(),
    routed: row.routed,
    state: row.state,
    decidedBy: row.decided_by_name ?? row.decided_by,
    decidedAt: row.decided_at ? new Date(row.decided_at).toISOString() : null,
    declineReason: row.decline_reason,
    userSubject: row.user_subject,
  };
}

/**
 * Decisions on requests for access (design §11, requirements O-09, O-10): each in one
 * transaction with its audit entries; a request already decided answers 409, one the caller
 * may not see 404.
 */
export function accountRequestService(
  db: Kysely<Database>,
  repositories: Repositories,
  users: AdminUsersService,
) {
  const requests = repositories.accountRequests;
  const audit = repositories.adminAudit;

  /** The insurers a decision concerns: the request's, and the decider's when no administrator holds it. */
  const concerned = (caller: AuthUser, row: AccountRequestRow, more: readonly string[] = []) => [
    row.insurer_code,
    ...(row.routed ? [] : caller.insurers),
    ...more,
  ];

  async function pending(trx: Kysely<Database>, caller: AuthUser, id: string) {
    const row = await requests.lock(trx, caller, id);
    if (!row) throw new HttpError(404, 'not_found');
    if (row.state !== 'pending') throw new HttpError(409, 'account_request_decided');
    return row;
  }

  return {
    async approve(caller: AuthUser, id: string, input: CreateUser) {
      const password = await users.newPassword(input);
      return db.transaction().execute(async (trx) => {
        const row = await pending(trx, caller, id);
        const created = await users.create(trx, caller, input, password, 'createFromRequest');
        const decidedAt = new Date();
        await requests.decide(trx, id, {
          state: 'approved',
          decided_by: caller.subject,
          decided_at: decidedAt,
          user_subject: created.user.subject,
        });
        await audit.record(trx, {
          actor: caller,
          subjectType: 'accountRequest',
          subjectId: id,
          action: 'approve',
          insurers: concerned(caller, row, input.insurers),
          changes: [
            { field: 'state', before: 'pending', after: 'approved' },
            { field: 'userSubject', before: null, after: created.user.subject },
          ],
        });
        return {
          ...created,
          request: adminAccountRequestOf({
            ...row,
            state: 'approved',
            decided_by: caller.subject,
            decided_by_name: caller.displayName,
            decided_at: decidedAt,
            user_subject: created.user.subject,
          }),
        };
      });
    },

    async decline(caller: AuthUser, id: string, reason: string) {
      return db.transaction().execute(async (trx) => {
        const row = await pending(trx, caller, id);
        const decidedAt = new Date();
        await requests.decide(trx, id, {
          state: 'declined',
          decided_by: caller.subject,
          decided_at: decidedAt,
          decline_reason: reason,
        });
        await audit.record(trx, {
          actor: caller,
          subjectType: 'accountRequest',
          subjectId: id,
          action: 'decline',
          insurers: concerned(caller, row),
          changes: [
            { field: 'state', before: 'pending', after: 'declined' },
            { field: 'declineReason', before: null, after: reason },
          ],
        });
        return adminAccountRequestOf({
          ...row,
          state: 'declined',
          decided_by: caller.subject,
          decided_by_name: caller.displayName,
          decided_at: decidedAt,
          decline_reason: reason,
        });
      });
    },
  };
}
