import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * A secret generated once and kept in the database (signing keys, cookie keys), so that
 * tokens and sessions survive a restart and every replica uses the same one. When two
 * servers start together, the first insert wins and both read it back.
 */
export async function loadOrCreateSecret<T>(
  db: Kysely<Database>,
  name: string,
  create: () => Promise<T>,
): Promise<T> {
  const existing = await db
    .selectFrom('platform_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirst();
  if (existing) return existing.value as T;
  await db
    .insertInto('platform_secrets')
    .values({ name, value: JSON.stringify(await create()) })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const stored = await db
    .selectFrom('platform_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return stored.value as T;
}
