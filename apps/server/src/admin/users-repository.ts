import type { Role } from '@vmer/domain';
import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { UserRow } from '../auth/users-repository.ts';
import type { Executor } from '../catalog/catalog-repository.ts';
import type { Database, UsersTable } from '../db/schema.ts';
import type { InsurerScope } from '../disclosures/disclosure-repository.ts';

/** What the users list is filtered by; every filter is over the administrator's insurers. */
export interface UserFilter {
  /** Part of a name, user name or e-mail address (any case). */
  q?: string | undefined;
  roles?: readonly Role[] | undefined;
  /** Insurers to list people of; each one the administrator holds. */
  insurers: readonly string[];
  active?: boolean | undefined;
}

/** A position in the list: the sort name and the subject of the last row read. */
export interface UserPosition {
  name: string;
  subject: string;
}

const textArray = (values: readonly string[]) => sql`${sql.val([...values])}::text[]`;

/** `%`, `_` and `\` typed in a search are matched as themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The users table as the administration screens read and change it (design §11). Every read
 * is over people who share an insurer with the administrator.
 */
export function adminUsersRepository(db: Kysely<Database>) {
  return {
    /** A page of people by name (then subject), after `after`; `limit` rows. */
    async page(filter: UserFilter, after: UserPosition | undefined, limit: number) {
      if (filter.insurers.length === 0) return [];
      let select = db
        .selectFrom('users')
        .selectAll()
        .select(sql<string>`lower(display_name)`.as('sort_name'))
        .where(sql<boolean>`insurers && ${textArray(filter.insurers)}`);
      if (filter.q) {
        const pattern = likePattern(filter.q.toLowerCase());
        select = select.where((eb) =>
          eb.or([
            eb(eb.fn('lower', ['display_name']), 'like', pattern),
            eb(eb.fn('lower', ['user_name']), 'like', pattern),
            eb(eb.fn('lower', ['email']), 'like', pattern),
          ]),
        );
      }
      if (filter.roles?.length) select = select.where('role', 'in', [...filter.roles]);
      if (filter.active !== undefined) select = select.where('active', '=', filter.active);
      if (after) {
        select = select.where(
          sql<boolean>`(lower(display_name), subject) > (${after.name}, ${after.subject})`,
        );
      }
      return select
        .orderBy(sql`lower(display_name)`)
        .orderBy('subject')
        .limit(limit)
        .execute();
    },

    /** A person sharing an insurer with the administrator; locked for update inside a transaction. */
    async find(
      executor: Executor,
      scope: InsurerScope,
      subject: string,
      lock = false,
    ): Promise<UserRow | undefined> {
      if (scope.insurers.length === 0) return undefined;
      const select = executor
        .selectFrom('users')
        .selectAll()
        .where('subject', '=', subject)
        .where(sql<boolean>`insurers && ${textArray(scope.insurers)}`);
      return (lock ? select.forUpdate() : select).executeTakeFirst();
    },

    /** Which of a new person's identifiers someone already has. */
    async taken(
      executor: Executor,
      wanted: { subject?: string; userName?: string; email?: string | null },
      except?: string,
    ): Promise<{ subject: boolean; userName: boolean; email: boolean }> {
      const rows = await executor
        .selectFrom('users')
        .select(['subject', 'user_name', 'email', 'password_hash'])
        .where((eb) =>
          eb.or([
            eb('subject', '=', wanted.subject ?? ''),
            eb(eb.fn('lower', ['user_name']), '=', wanted.userName?.toLowerCase() ?? ''),
            eb(eb.fn('lower', ['email']), '=', wanted.email?.toLowerCase() ?? ''),
          ]),
        )
        .execute();
      const others = rows.filter((row) => row.subject !== except);
      return {
        subject: wanted.subject !== undefined && others.some((r) => r.subject === wanted.subject),
        userName:
          wanted.userName !== undefined &&
          others.some(
            (r) =>
              r.user_name.toLowerCase() === wanted.userName?.toLowerCase() &&
              (r.password_hash !== null || r.subject === wanted.userName),
          ),
        email:
          !!wanted.email &&
          others.some((r) => r.email?.toLowerCase() === wanted.email?.toLowerCase()),
      };
    },

    async insert(
      executor: Executor,
      values: Omit<Insertable<UsersTable>, 'language' | 'demo'>,
    ): Promise<UserRow> {
      return executor.insertInto('users').values(values).returningAll().executeTakeFirstOrThrow();
    },

    async update(
      executor: Executor,
      subject: string,
      values: Updateable<UsersTable>,
    ): Promise<UserRow> {
      return executor
        .updateTable('users')
        .set(values)
        .where('subject', '=', subject)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
  };
}
