import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, IdempotencyKeysTable } from '../db/schema.ts';
import type { Executor } from './disclosure-repository.ts';

export type IdempotencyRow = Selectable<IdempotencyKeysTable>;

/** The stored first answers of requests sent with an Idempotency-Key. */
export function idempotencyRepository(db: Kysely<Database>) {
  return {
    async find(
      subject: string,
      key: string,
      trx: Executor = db,
    ): Promise<IdempotencyRow | undefined> {
      return trx
        .selectFrom('idempotency_keys')
        .selectAll()
        .where('subject', '=', subject)
        .where('key', '=', key)
        .executeTakeFirst();
    },

    /**
     * Takes a key for the transaction's request. False when the key is already taken: on
     * PostgreSQL a concurrent request holding it makes this wait until that one commits (then
     * false) or rolls back (then true), so one key runs one request at a time.
     */
    async claim(
      entry: { subject: string; key: string; operation: string; requestSha256: string },
      trx: Executor = db,
    ): Promise<boolean> {
      const inserted = await trx
        .insertInto('idempotency_keys')
        .values({
          subject: entry.subject,
          key: entry.key,
          operation: entry.operation,
          request_sha256: entry.requestSha256,
          response: null,
        })
        .onConflict((oc) => oc.columns(['subject', 'key']).doNothing())
        .returning('key')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    /** Keeps the answer of a claimed key, in the transaction that made the change. */
    async complete(
      subject: string,
      key: string,
      response: unknown,
      trx: Executor = db,
    ): Promise<void> {
      await trx
        .updateTable('idempotency_keys')
        .set({ response: JSON.stringify(response) })
        .where('subject', '=', subject)
        .where('key', '=', key)
        .execute();
    },

    /** Forgets the keys older than `hours`: a retry comes within minutes, not days. */
    async sweep(hours: number, trx: Executor = db): Promise<void> {
      await trx
        .deleteFrom('idempotency_keys')
        .where('created_at', '<', sql<Date>`now() - make_interval(hours => ${hours})`)
        .execute();
    },
  };
}
