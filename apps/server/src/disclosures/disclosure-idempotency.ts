import { hash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import type { Executor } from './disclosure-repository.ts';
import type { idempotencyRepository } from './idempotency-repository.ts';

/** Thrown inside a transaction whose Idempotency-Key another request holds. */
class KeyTaken extends Error {}

/**
 * The digest a request is kept under with its Idempotency-Key, and its audit entry carries.
 * One-shot `hash`: the same digest as a Hash object's, without making one at every request.
 */
export const requestSha256 = (request: unknown) => hash('sha256', JSON.stringify(request), 'hex');

/**
 * Runs a change once per Idempotency-Key (design §4): a retry with the same key gets the
 * first answer, a key reused for another request 422. The key is taken inside the change's
 * transaction, so a concurrent retry waits for the first and then answers its result.
 * Without a key the change needs no transaction of its own: its one write statement carries
 * the audit entry and the version check.
 */
export function onceByKey(db: Kysely<Database>, keys: ReturnType<typeof idempotencyRepository>) {
  return async function once<T>(
    caller: { subject: string },
    key: string | undefined,
    operation: string,
    sha256: string,
    work: (trx: Executor) => Promise<T>,
  ): Promise<T> {
    if (key === undefined) return work(db);
    const replay = async (): Promise<T> => {
      const stored = await keys.find(caller.subject, key);
      if (!stored || stored.response === null) throw new HttpError(409, 'idempotency_in_progress');
      if (stored.operation !== operation || stored.request_sha256 !== sha256) {
        throw new HttpError(422, 'idempotency_key_reused');
      }
      return stored.response as T;
    };
    if (await keys.find(caller.subject, key)) return replay();
    try {
      return await db.transaction().execute(async (trx) => {
        if (
          !(await keys.claim(
            { subject: caller.subject, key, operation, requestSha256: sha256 },
            trx,
          ))
        )
          throw new KeyTaken();
        const response = await work(trx);
        await keys.complete(caller.subject, key, response, trx);
        return response;
      });
    } catch (error) {
      if (error instanceof KeyTaken) return replay();
      throw error;
    }
  };
}
