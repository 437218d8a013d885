import type { Language, Role } from '@vmer/domain';
import { CompiledQuery, type Kysely, type Selectable } from 'kysely';
import { PREPARED } from '../db/database.ts';
import type { Database, UsersTable } from '../db/schema.ts';
import { adminAuditRepository, changesBetween } from '../admin/admin-audit-repository.ts';

export type UserRow = Selectable<UsersTable>;

/** What an access token says about its subject; absent claims are undefined. */
export interface TokenIdentity {
  subject: string;
  userName: string;
  displayName: string;
  role: Role | undefined;
  insurers: string[] | undefined;
  /** The `email` claim, unless the token says it is not verified (`email_verified: false`). */
  email: string | undefined;
}

/**
 * The subject of an external person pre-registered by e-mail until their first sign-in binds
 * the subject their issuer sends (design §11).
 */
export const PENDING_SUBJECT_PREFIX = 'pending-email:';

/** The fields of a person the administration trail records (never a password or its hash). */
export const AUDITED_USER_FIELDS = [
  'userName',
  'displayName',
  'email',
  'role',
  'insurers',
  'active',
] as const;

/** A person's row as the administration trail records it. */
export function auditedUser(row: UserRow) {
  return {
    userName: row.user_name,
    displayName: row.display_name,
    email: row.email,
    role: row.role,
    insurers: row.insurers,
    active: row.active,
  };
}

/**
 * Records in the administration trail, in the transaction that made it, a person's first
 * sign-in at the company's provider: a new person recorded from their token's claims (before
 * null), or a pre-registered one bound to the subject their issuer sends. The person is the
 * actor; the administrators of the person's insurers read it.
 */
async function recordFirstSignIn(
  trx: Kysely<Database>,
  before: UserRow | null,
  after: UserRow,
): Promise<void> {
  await adminAuditRepository(trx).record(trx, {
    actor: { subject: after.subject, displayName: after.display_name },
    subjectType: 'user',
    subjectId: after.subject,
    action: 'firstSignIn',
    insurers: after.insurers,
    changes: [
      ...(before === null ? [{ field: 'signIn', before: null, after: 'external' }] : []),
      ...changesBetween(before && auditedUser(before), auditedUser(after), AUDITED_USER_FIELDS),
    ],
  });
}

/**
 * Binds the person pre-registered with the token's e-mail address to the token's subject, in
 * one transaction; undefined when nobody waits for that address. Names come from the token,
 * role and insurers stay as the administrator gave them.
 */
export async function bindPreRegistered(
  db: Kysely<Database>,
  identity: TokenIdentity,
): Promise<UserRow | undefined> {
  const email = identity.email;
  if (!email) return undefined;
  return db.transaction().execute(async (trx) => {
    const waiting = await trx
      .selectFrom('users')
      .selectAll()
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
      .where('subject', 'like', `${PENDING_SUBJECT_PREFIX}%`)
      .where('password_hash', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!waiting) return undefined;
    const bound = await trx
      .updateTable('users')
      .set({
        subject: identity.subject,
        user_name: identity.userName,
        display_name: identity.displayName,
        updated_at: new Date(),
      })
      .where('subject', '=', waiting.subject)
      .returningAll()
      .executeTakeFirst();
    if (bound) await recordFirstSignIn(trx, waiting, bound);
    return bound;
  });
}

export function findUserBySubject(
  db: Kysely<Database>,
  subject: string,
): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('subject', '=', subject).executeTakeFirst();
}

/** What the auth hook reads of the caller's row at every request. */
export type CallerRow = Pick<
  UserRow,
  'subject' | 'user_name' | 'display_name' | 'role' | 'insurers' | 'language' | 'active'
>;

/** The columns of a {@link CallerRow}: a record over its keys, so that none is forgotten. */
const CALLER_COLUMNS: Record<keyof CallerRow, true> = {
  subject: true,
  user_name: true,
  display_name: true,
  role: true,
  insurers: true,
  language: true,
  active: true,
};

/**
 * The lookup the auth hook makes at every request: fixed text, so it is neither built by the
 * query builder nor planned by PostgreSQL at every call (PREPARED), and only the columns the
 * hook reads (the row's two timestamps alone cost more to parse than the rest of it).
 */
const CALLER_BY_SUBJECT = `${PREPARED}select ${Object.keys(CALLER_COLUMNS)
  .map((column) => `"${column}"`)
  .join(', ')} from "users" where "subject" = $1`;

export async function findCallerBySubject(
  db: Kysely<Database>,
  subject: string,
): Promise<CallerRow | undefined> {
  const result = await db.executeQuery<CallerRow>(CompiledQuery.raw(CALLER_BY_SUBJECT, [subject]));
  return result.rows[0];
}

/** A user of the embedded provider, by the name typed on the sign-in page (any case). */
export function findLocalUser(
  db: Kysely<Database>,
  userName: string,
): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['user_name']), '=', userName.toLowerCase()))
    .where('password_hash', 'is not', null)
    .executeTakeFirst();
}

/**
 * Records a subject of an external issuer seen for the first time, with the role and
 * insurers its token names. Once recorded, the row is the authority: later tokens never
 * write role or insurers back (see UserDirectory). A concurrent first sight finds the row
 * the other request wrote.
 */
export async function insertUserFromClaims(
  db: Kysely<Database>,
  identity: TokenIdentity,
): Promise<UserRow> {
  const inserted = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('users')
      .values({
        subject: identity.subject,
        user_name: identity.userName,
        display_name: identity.displayName,
        role: identity.role ?? null,
        insurers: identity.insurers ?? [],
      })
      .onConflict((oc) => oc.column('subject').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (row) await recordFirstSignIn(trx, null, row);
    return row;
  });
  return (
    inserted ??
    (await db
      .selectFrom('users')
      .selectAll()
      .where('subject', '=', identity.subject)
      .executeTakeFirstOrThrow())
  );
}

/** Keeps an external user's names as their issuer gives them now; role and insurers are left alone. */
export async function updateUserNames(
  db: Kysely<Database>,
  subject: string,
  names: { userName: string; displayName: string },
): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({ user_name: names.userName, display_name: names.displayName, updated_at: new Date() })
    .where('subject', '=', subject)
    .returningAll()
    .executeTakeFirst();
}

export async function setUserLanguage(
  db: Kysely<Database>,
  subject: string,
  language: Language,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ language, updated_at: new Date() })
    .where('subject', '=', subject)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export interface NewLocalUser {
  userName: string;
  displayName: string;
  role: Role;
  insurers: string[];
  passwordHash: string;
  demo: boolean;
}

/** Adds users of the embedded provider that do not exist yet (by subject = user name). */
export async function insertLocalUsers(db: Kysely<Database>, users: NewLocalUser[]): Promise<void> {
  if (users.length === 0) return;
  await db
    .insertInto('users')
    .values(
      users.map((user) => ({
        subject: user.userName,
        user_name: user.userName,
        display_name: user.displayName,
        role: user.role,
        insurers: user.insurers,
        password_hash: user.passwordHash,
        demo: user.demo,
      })),
    )
    .onConflict((oc) => oc.column('subject').doNothing())
    .execute();
}
