import type { Role } from '@vmer/domain';
import { hashPassword } from '../../src/auth/password.ts';
import { beforeAll } from 'vitest';
import { api, suiteApp, tokenFor, type TestApp, type TestDatabase } from '../helpers.ts';

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

/**
 * For a describe block of the administration calls: an app on `database` and tokens of admin1
 * (phkl, slhk, demo), uw1 (no administrator), adminP (administrator of phkl only) and adminD
 * (of demo only), ready once the block's own beforeAll hooks run.
 */
export function adminSuite(database: TestDatabase): { t: TestApp; tokens: Record<string, string> } {
  const t = suiteApp(database);
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    for (const user of ['admin1', 'uw1']) tokens[user] = await tokenFor(t.baseUrl, user);
    tokens.adminP = await signedInUser(t, 'adminp', 'admin', ['phkl']);
    tokens.adminD = await signedInUser(t, 'admind', 'admin', ['demo']);
  });
  return { t, tokens };
}
