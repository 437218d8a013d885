import type { Role } from '@vmer/domain';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { hashPassword } from './password.ts';
import { insertLocalUsers } from './users-repository.ts';

/** The demo users of design §3, password `demo`, for scripts, tests and trying the product. */
export const DEMO_USERS: readonly {
  userName: string;
  displayName: string;
  role: Role;
  insurers: string[];
}[] = [
  {
    userName: 'interviewer1',
    displayName: 'Iris Interviewer',
    role: 'interviewer',
    insurers: ['phkl'],
  },
  { userName: 'agent1', displayName: 'Alex Agent', role: 'agent', insurers: ['slhk'] },
  {
    userName: 'uw1',
    displayName: 'Una Underwriter',
    role: 'underwriter',
    insurers: ['phkl', 'slhk'],
  },
  { userName: 'uw2', displayName: 'Victor Underwriter', role: 'underwriter', insurers: ['demo'] },
  // A second underwriter of uw1's insurers: two reviewers of one disclosure (design §10).
  {
    userName: 'uw3',
    displayName: 'Wing Underwriter',
    role: 'underwriter',
    insurers: ['phkl', 'slhk'],
  },
  {
    userName: 'admin1',
    displayName: 'Ada Admin',
    role: 'admin',
    insurers: ['phkl', 'slhk', 'demo'],
  },
  // A second administrator of admin1's insurers: the one who approves the other's catalogue draft (requirements K-15).
  {
    userName: 'admin2',
    displayName: 'Ben Admin',
    role: 'admin',
    insurers: ['phkl', 'slhk', 'demo'],
  },
];

const DEMO_PASSWORD = 'demo';

/**
 * Adds the demo users missing from the database; existing ones are left as they are, and so is
 * a demo user whose name another local user already has (in any case). Servers starting
 * together run this one at a time (app.ts holds an advisory lock around migrating and seeding).
 */
export async function seedDemoUsers(db: Kysely<Database>): Promise<void> {
  const names = DEMO_USERS.map((user) => user.userName);
  const taken = await db
    .selectFrom('users')
    .select(['subject', 'user_name', 'password_hash'])
    .where((eb) =>
      eb.or([
        eb('subject', 'in', names),
        eb.and([
          eb('password_hash', 'is not', null),
          eb(sql<string>`lower(user_name)`, 'in', names),
        ]),
      ]),
    )
    .execute();
  const present = new Set(
    taken.flatMap((row) => [
      row.subject,
      ...(row.password_hash ? [row.user_name.toLowerCase()] : []),
    ]),
  );
  const missing = DEMO_USERS.filter((user) => !present.has(user.userName));
  await insertLocalUsers(
    db,
    await Promise.all(
      missing.map(async (user) => ({
        ...user,
        passwordHash: await hashPassword(DEMO_PASSWORD),
        demo: true,
      })),
    ),
  );
}
