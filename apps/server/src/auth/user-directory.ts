import { DEFAULT_LANGUAGE, languageSchema, type Language } from '@vmer/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { findUserBySubject, setUserLanguage, upsertUser, type TokenIdentity, type UserRow } from './users-repository.ts';

const CACHE_TTL_MS = 15_000;
const CACHE_MAX = 10_000;

/**
 * The users table as the auth hook needs it on every request: a subject's stored row,
 * created or refreshed from its token claims, held briefly in memory so that a request
 * costs no database round trip. Writes through this directory clear the entry at once;
 * other replicas see a change within CACHE_TTL_MS.
 */
export class UserDirectory {
  readonly #db: Kysely<Database>;
  readonly #cache = new Map<string, { row: UserRow; fingerprint: string; expires: number }>();

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async resolve(identity: TokenIdentity): Promise<UserRow> {
    const fingerprint = JSON.stringify([identity.userName, identity.displayName, identity.role, identity.insurers]);
    const cached = this.#cache.get(identity.subject);
    if (cached && cached.expires > Date.now() && cached.fingerprint === fingerprint) return cached.row;

    const stored = await findUserBySubject(this.#db, identity.subject);
    const row = stored && !claimsDiffer(stored, identity) ? stored : await upsertUser(this.#db, identity);
    if (this.#cache.size >= CACHE_MAX) this.#cache.clear();
    this.#cache.set(identity.subject, { row, fingerprint, expires: Date.now() + CACHE_TTL_MS });
    return row;
  }

  async setLanguage(subject: string, language: Language): Promise<boolean> {
    this.#cache.delete(subject);
    return setUserLanguage(this.#db, subject, language);
  }
}

function claimsDiffer(row: UserRow, identity: TokenIdentity): boolean {
  return (
    row.user_name !== identity.userName ||
    row.display_name !== identity.displayName ||
    (identity.role !== undefined && row.role !== identity.role) ||
    (identity.insurers !== undefined && row.insurers.join(' ') !== identity.insurers.join(' '))
  );
}

/** The stored language, or the default for a value the table should never hold. */
export function rowLanguage(row: UserRow): Language {
  const parsed = languageSchema.safeParse(row.language);
  return parsed.success ? parsed.data : DEFAULT_LANGUAGE;
}
