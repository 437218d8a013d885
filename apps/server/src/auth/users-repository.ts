import type { Language, Role } from '@vmer/domain';
import type { Kysely, Selectable } from 'kysely';
import type { Database, UsersTable } from '../db/schema.ts';

export type UserRow = Selectable<UsersTable>;

/** What an access token says about its subject; absent claims are undefined. */
export interface TokenIdentity {
  subject: string;
  userName: string;
  displayName: string;
  role: Role | undefined;
  insurers: string[] | undefined;
}

export function findUserBySubject(db: Kysely<Database>, subject: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('subject', '=', subject).executeTakeFirst();
}

/** A user of the embedded provider, by the name typed on the sign-in page (any case). */
export function findLocalUser(db: Kysely<Database>, userName: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['user_name']), '=', userName.toLowerCase()))
    .where('password_hash', 'is not', null)
    .executeTakeFirst();
}

/**
 * Records a subject seen in a valid token (external issuer): created on first sight, its
 * names and any role or insurers the token carries kept up to date. Claims absent from the
 * token leave the stored values alone, so an administrator can set them in the table.
 */
export async function upsertUser(db: Kysely<Database>, identity: TokenIdentity): Promise<UserRow> {
  const row = await db
    .insertInto('users')
    .values({
      subject: identity.subject,
      user_name: identity.userName,
      display_name: identity.displayName,
      role: identity.role ?? null,
      insurers: identity.insurers ?? [],
    })
    .onConflict((oc) =>
      oc.column('subject').doUpdateSet((eb) => ({
        user_name: eb.ref('excluded.user_name'),
        display_name: eb.ref('excluded.display_name'),
        ...(identity.role === undefined ? {} : { role: eb.ref('excluded.role') }),
        ...(identity.insurers === undefined ? {} : { insurers: eb.ref('excluded.insurers') }),
        updated_at: new Date(),
      })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  return row;
}

export async function setUserLanguage(db: Kysely<Database>, subject: string, language: Language): Promise<boolean> {
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
