import { sql, type Kysely } from 'kysely';
import type { Executor } from '../catalog/catalog-repository.ts';
import type { Database } from '../db/schema.ts';

/** The insurers screen's own writes beside the catalogue's (design §11). */
export function adminInsurersRepository(db: Kysely<Database>) {
  return {
    /**
     * Adds an insurer to a person's insurers (the administrator who created it), in the
     * caller's transaction; a person already holding it stays as they are.
     * @returns the person's insurers before, or undefined when they already held it.
     */
    async grant(
      subject: string,
      code: string,
      executor: Executor = db,
    ): Promise<string[] | undefined> {
      const row = await executor
        .selectFrom('users')
        .select('insurers')
        .where('subject', '=', subject)
        .forUpdate()
        .executeTakeFirst();
      if (!row || row.insurers.includes(code)) return undefined;
      await executor
        .updateTable('users')
        .set({ insurers: sql<string[]>`array_append(insurers, ${code})`, updated_at: new Date() })
        .where('subject', '=', subject)
        .execute();
      return row.insurers;
    },
  };
}
