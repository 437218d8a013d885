import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { MESSAGES, type Role } from '@vmer/domain';
import {
  USER_PAGE_SIZE,
  type AdminUser,
  type CreateUser,
  type CreatedUser,
  type UpdateUser,
  type UserListQuery,
} from '@vmer/domain/admin';
import type { Kysely } from 'kysely';
import type { AuthUser } from '../auth/authenticate.ts';
import { hashPassword } from '../auth/password.ts';
import {
  AUDITED_USER_FIELDS as AUDITED,
  auditedUser as audited,
  PENDING_SUBJECT_PREFIX,
  type UserRow,
} from '../auth/users-repository.ts';
import type { Executor } from '../catalog/catalog-repository.ts';
import type { AdminAuditTable, Database } from '../db/schema.ts';
import { HttpError, type FieldError, type Message } from '../http/errors.ts';
import type { Repositories } from '../repositories.ts';
import { changesBetween } from './admin-audit-repository.ts';
import { adminUsersRepository, type UserPosition } from './users-repository.ts';

/** The fields of a person the trail records, before → after. */

const refusedField = (path: string, message: Message) =>
  new HttpError(400, 'bad_request', [{ path, message }]);

/** The person as the administrator sees them: only the insurers both hold are named. */
function adminUserOf(caller: AuthUser, row: UserRow): AdminUser {
  const held = row.insurers.filter((code) => caller.insurers.includes(code));
  return {
    subject: row.subject,
    userName: row.user_name,
    displayName: row.display_name,
    email: row.email,
    role: row.role as Role | null,
    insurers: held,
    otherInsurers: row.insurers.length - held.length,
    active: row.active,
    signIn: row.password_hash === null ? 'external' : 'embedded',
    manageable: held.length === row.insurers.length && row.subject !== caller.subject,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** A first password: 16 characters from 96 random bits, shown once. */
function initialPassword(): string {
  return randomBytes(12).toString('base64url');
}

/** 400 naming `path` for the first insurer the caller does not hold. */
function checkHeld(caller: AuthUser, insurers: readonly string[], path = 'insurers'): void {
  const foreign = insurers.find((code) => !caller.insurers.includes(code));
  if (foreign !== undefined)
    throw refusedField(path, { key: 'admin_insurer_not_held', params: { insurer: foreign } });
}

/** People and access (design §11, requirements O-02 to O-07). */
export function adminUsersService(db: Kysely<Database>, repositories: Repositories) {
  const users = adminUsersRepository(db);
  const audit = repositories.adminAudit;

  function filtersHash(caller: AuthUser, query: UserListQuery): string {
    const bound = [
      caller.subject,
      query.q ?? null,
      [...new Set(query.role ?? [])].sort(),
      [...new Set(query.insurer ?? [])].sort(),
      query.active ?? null,
    ];
    return createHash('sha256').update(JSON.stringify(bound)).digest('base64url').slice(0, 22);
  }

  function decodeCursor(cursor: string, hash: string): UserPosition {
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    } catch {
      parsed = undefined;
    }
    if (
      !Array.isArray(parsed) ||
      parsed.length !== 3 ||
      typeof parsed[0] !== 'string' ||
      typeof parsed[1] !== 'string' ||
      parsed[2] !== hash
    )
      throw refusedField('query.cursor', 'admin_cursor_invalid');
    return { name: parsed[0], subject: parsed[1] };
  }

  /**
   * Creates a person in the caller's transaction and records it; the embedded user's first
   * password is answered once. Used by a direct creation and by an approved account request.
   */
  async function create(
    executor: Executor,
    caller: AuthUser,
    input: CreateUser,
    passwordHash: { password: string; hash: string } | undefined,
    action = 'create',
  ): Promise<CreatedUser> {
    checkHeld(caller, input.insurers);
    // The placeholder of a person waiting for their first sign-in is never a subject given.
    if (input.signIn === 'external' && input.subject?.startsWith(PENDING_SUBJECT_PREFIX))
      throw refusedField('subject', MESSAGES.subject_invalid);
    const email = input.email ?? null;
    const subject =
      input.signIn === 'embedded'
        ? input.userName
        : (input.subject ?? `${PENDING_SUBJECT_PREFIX}${randomUUID()}`);
    const userName =
      input.signIn === 'embedded' ? input.userName : (input.email ?? input.subject ?? subject);
    const taken = await users.taken(executor, {
      subject,
      ...(input.signIn === 'embedded' ? { userName } : {}),
      email,
    });
    const errors: FieldError[] = [];
    if (input.signIn === 'embedded' && (taken.userName || taken.subject))
      errors.push({ path: 'userName', message: 'admin_user_name_taken' });
    if (input.signIn === 'external' && taken.subject)
      errors.push({ path: 'subject', message: 'admin_subject_taken' });
    if (taken.email) errors.push({ path: 'email', message: 'admin_email_taken' });
    if (errors.length > 0) throw new HttpError(400, 'bad_request', errors);

    const now = new Date();
    const row = await users.insert(executor, {
      subject,
      user_name: userName,
      display_name: input.displayName,
      email,
      role: input.role,
      insurers: [...new Set(input.insurers)],
      password_hash: input.signIn === 'embedded' ? (passwordHash?.hash ?? null) : null,
      created_at: now,
      updated_at: now,
    });
    await audit.record(executor, {
      actor: caller,
      subjectType: 'user',
      subjectId: row.subject,
      action,
      insurers: row.insurers,
      changes: [
        { field: 'signIn', before: null, after: input.signIn },
        ...changesBetween(null, audited(row), AUDITED),
      ],
    });
    return {
      user: adminUserOf(caller, row),
      initialPassword: input.signIn === 'embedded' ? (passwordHash?.password ?? null) : null,
    };
  }

  return {
    async page(caller: AuthUser, query: UserListQuery) {
      if (query.insurer) checkHeld(caller, query.insurer, 'query.insurer');
      const hash = filtersHash(caller, query);
      const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor, hash);
      const limit = USER_PAGE_SIZE;
      const rows = await users.page(
        {
          q: query.q,
          roles: query.role,
          insurers: query.insurer?.length ? query.insurer : caller.insurers,
          active: query.active,
        },
        after,
        limit + 1,
      );
      const shown = rows.slice(0, limit);
      const last = shown.at(-1);
      return {
        items: shown.map((row) => adminUserOf(caller, row)),
        nextCursor:
          rows.length > limit && last
            ? Buffer.from(JSON.stringify([last.sort_name, last.subject, hash])).toString(
                'base64url',
              )
            : null,
      };
    },

    /** A first password and its hash, made before the transaction (scrypt takes a while). */
    async newPassword(input: CreateUser) {
      if (input.signIn !== 'embedded') return undefined;
      const password = initialPassword();
      return { password, hash: await hashPassword(password) };
    },

    create,

    async createUser(caller: AuthUser, input: CreateUser): Promise<CreatedUser> {
      const password = await this.newPassword(input);
      return db.transaction().execute((trx) => create(trx, caller, input, password));
    },

    /**
     * Changes a person (O-05, O-07): the version read must still be the stored one (409), the
     * caller never changes their own role, insurers or activation, grants only insurers they
     * hold, and changes role or activation only of people all of whose insurers they hold.
     */
    async update(caller: AuthUser, subject: string, input: UpdateUser): Promise<AdminUser> {
      if (input.insurers) checkHeld(caller, input.insurers);
      return db.transaction().execute(async (trx) => {
        const row = await users.find(trx, caller, subject, true);
        if (!row) throw new HttpError(404, 'not_found');
        if (new Date(row.updated_at).toISOString() !== new Date(input.updatedAt).toISOString())
          throw new HttpError(409, 'conflict');
        const view = adminUserOf(caller, row);
        // Insurers the caller does not hold stay; the order of those kept stays too.
        const insurers = input.insurers
          ? [
              ...row.insurers.filter(
                (code) => !caller.insurers.includes(code) || input.insurers?.includes(code),
              ),
              ...new Set(input.insurers.filter((code) => !row.insurers.includes(code))),
            ]
          : row.insurers;
        const next = {
          ...audited(row),
          ...(input.displayName === undefined ? {} : { displayName: input.displayName }),
          ...(input.email === undefined ? {} : { email: input.email }),
          ...(input.role === undefined ? {} : { role: input.role }),
          ...(input.active === undefined ? {} : { active: input.active }),
          insurers,
        };
        const changes = changesBetween(audited(row), next, AUDITED);
        const changed = new Set(changes.map((change) => change.field));
        const guarded = ['role', 'insurers', 'active'].filter((field) => changed.has(field));
        if (guarded.length > 0 && row.subject === caller.subject)
          throw new HttpError(403, 'admin_own_account');
        if ((changed.has('role') || changed.has('active')) && !view.manageable)
          throw new HttpError(403, 'admin_not_manageable');
        if (changed.has('insurers') && insurers.length === 0)
          throw refusedField('insurers', 'admin_insurers_empty');
        if (changed.has('email') && next.email) {
          const taken = await users.taken(trx, { email: next.email }, row.subject);
          if (taken.email) throw refusedField('email', 'admin_email_taken');
        }
        if (changes.length === 0) return view;
        // Later than the version read even within the same millisecond, so it always moves.
        const updatedAt = new Date(Math.max(Date.now(), new Date(row.updated_at).getTime() + 1));
        const updated = await users.update(trx, row.subject, {
          display_name: next.displayName,
          email: next.email,
          role: next.role,
          insurers,
          active: next.active,
          updated_at: updatedAt,
        });
        await audit.record(trx, {
          actor: caller,
          subjectType: 'user',
          subjectId: row.subject,
          action: 'update',
          insurers: [...row.insurers, ...insurers],
          changes,
        });
        return adminUserOf(caller, updated);
      });
    },

    /** The trail of the caller's insurers, newest first, filtered by what it concerns. */
    async audit(
      caller: AuthUser,
      query: {
        subjectType?: AdminAuditTable['subject_type'];
        subjectId?: string;
        cursor?: string;
      },
    ) {
      if (query.cursor !== undefined && !audit.isCursor(query.cursor))
        throw refusedField('query.cursor', 'admin_cursor_invalid');
      const limit = USER_PAGE_SIZE;
      const items = await audit.page(caller, {
        subjectType: query.subjectType,
        subjectId: query.subjectId,
        after: query.cursor,
        limit,
      });
      const shown = items.slice(0, limit);
      return {
        items: shown,
        nextCursor: items.length > limit ? (shown.at(-1)?.id ?? null) : null,
      };
    },
  };
}

export type AdminUsersService = ReturnType<typeof adminUsersService>;
