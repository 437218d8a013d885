import { DEFAULT_LANGUAGE, languageSchema, type Language } from '@vmer/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import {
  bindPreRegistered,
  findCallerBySubject,
  insertUserFromClaims,
  setUserLanguage,
  updateUserNames,
  type CallerRow,
  type TokenIdentity,
} from './users-repository.ts';

export interface UserDirectoryOptions {
  /** Tokens come from the embedded provider, whose users all live in the users table. */
  embedded: boolean;
}

/**
 * The users table as the auth hook needs it on every request. The stored row is the
 * authority for role and insurers: a token's claims may narrow the insurers for its holder
 * (external issuer) but never raise what the table says, and are never written back, so an
 * old token cannot undo a demotion. The row is read at every request (one primary-key
 * lookup, no cache), so a demoted, deactivated or deleted user's tokens change at the next
 * request on every replica.
 */
export class UserDirectory {
  readonly #db: Kysely<Database>;
  readonly #embedded: boolean;

  constructor(db: Kysely<Database>, options: UserDirectoryOptions) {
    this.#db = db;
    this.#embedded = options.embedded;
  }

  /**
   * The caller's row with the insurers they may act for now, or undefined when their token
   * must be refused: the user is deactivated, or unknown to the embedded provider (deleted).
   * A subject of an external issuer seen for the first time takes the row pre-registered with
   * its `email` claim, or else is recorded from its claims.
   */
  async resolve(identity: TokenIdentity): Promise<CallerRow | undefined> {
    let row = await findCallerBySubject(this.#db, identity.subject);
    if (this.#embedded) return row?.active ? row : undefined;

    // A person pre-registered by e-mail takes the subject of their first token (design §11).
    if (!row) row = await bindPreRegistered(this.#db, identity);
    if (!row) row = await insertUserFromClaims(this.#db, identity);
    else if (row.user_name !== identity.userName || row.display_name !== identity.displayName) {
      row = (await updateUserNames(this.#db, row.subject, identity)) ?? row;
    }
    if (!row.active) return undefined;
    const claimed = identity.insurers;
    return claimed === undefined
      ? row
      : { ...row, insurers: row.insurers.filter((code) => claimed.includes(code)) };
  }

  async setLanguage(subject: string, language: Language): Promise<boolean> {
    return setUserLanguage(this.#db, subject, language);
  }
}

/** The stored language, or the default for a value the table should never hold. */
export function rowLanguage(row: Pick<CallerRow, 'language'>): Language {
  const parsed = languageSchema.safeParse(row.language);
  return parsed.success ? parsed.data : DEFAULT_LANGUAGE;
}
