import type { Role } from '@vmer/domain';
import { hashPassword } from '../../src/auth/password.ts';
import { api, tokenFor, type TestApp } from '../helpers.ts';

/** Adds a user of the embedded sign-in straight to the table and signs them in. */
export async function signedInUser(
  t: TestApp,
  userName: string,
  role: Role,
  insurers: string[],
): Promise<string> {
  await t.app.db
    .insertInto('users')
    .values({
      subject: userName,
      user_name: userName,
      display_name: `${userName} name`,
      role,
      insurers,
      password_hash: await hashPassword('demo'),
    })
    .execute();
  return tokenFor(t.baseUrl, userName);
}

/** A call of an /api/admin path with a token. */
export function adminCall<T = unknown>(
  t: TestApp,
  token: string,
  path: string,
  options: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  return api<T>(t.baseUrl, `/api/admin${path}`, { token, ...options });
}

/** How many rows a table holds. */
export async function rowCount(
  t: TestApp,
  table: 'users' | 'admin_audit' | 'account_requests',
): Promise<number> {
  const row = await t.app.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
