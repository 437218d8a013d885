import type { DBSchema } from 'idb';
import { databaseOpener } from '../../../lib/indexed-db.ts';
import type { QuestionnaireState } from '../questionnaire-slice.ts';

/** The key of a disclosure not saved yet: one per user, replaced by its request id once saved. */
export const NEW_DISCLOSURE = 'new';

/** The part of the screen's state a device copy keeps (I-10): enough to show it again. */
export type CopiedState = Pick<
  QuestionnaireState,
  | 'session'
  | 'applicationNumber'
  | 'profile'
  | 'chosen'
  | 'page'
  | 'checkedPages'
  | 'deletedAbnormalBmi'
>;

/** One disclosure as this browser last had it (I-10), kept per signed-in person and disclosure. */
export interface DeviceCopy {
  /** The signed-in person's subject: nobody else's copies are ever read (I-15). */
  subject: string;
  /** The disclosure's request id, or {@link NEW_DISCLOSURE}. */
  key: string;
  /** The catalogue version it is answered on; null for a new one on the active version. */
  catalogVersion: string | null;
  /** The server's version this copy started from (null for one never saved). */
  serverVersion: number | null;
  /** Whether it holds changes the server has not received. */
  unsynced: boolean;
  /** The header's product when it was written (a new disclosure is saved under it). */
  product: { insurerCode: string; channel: string; productCode: string } | null;
  /** When it was written, in milliseconds since the epoch (clean-up by age, I-15). */
  savedAt: number;
  state: CopiedState;
}

interface CopiesSchema extends DBSchema {
  copies: {
    key: [string, string];
    value: DeviceCopy;
    indexes: { subject: string; savedAt: number };
  };
}

/** The database, opened once; null where the browser has no IndexedDB (the copy is then off). */
const open = databaseOpener<CopiesSchema>('vmer-device-copies', 1, (db) => {
  const store = db.createObjectStore('copies', { keyPath: ['subject', 'key'] });
  store.createIndex('subject', 'subject');
  store.createIndex('savedAt', 'savedAt');
});

/** Writes a copy (replacing the same person's copy of the same disclosure); false if it failed. */
export async function writeCopy(copy: DeviceCopy): Promise<boolean> {
  try {
    const db = await open();
    if (!db) return false;
    await db.put('copies', copy);
    return true;
  } catch {
    return false;
  }
}

/** This person's copy of this disclosure, if any. */
export async function readCopy(subject: string, key: string): Promise<DeviceCopy | undefined> {
  try {
    return await (await open())?.get('copies', [subject, key]);
  } catch {
    return undefined;
  }
}

/** Removes this person's copy of this disclosure. */
export async function removeCopy(subject: string, key: string): Promise<void> {
  try {
    await (await open())?.delete('copies', [subject, key]);
  } catch {
    // Nothing to remove where there is no database.
  }
}

/** Removes copies chosen by a test on the whole record, in one transaction. */
async function removeWhere(keep: (copy: DeviceCopy) => boolean): Promise<number> {
  try {
    const db = await open();
    if (!db) return 0;
    const tx = db.transaction('copies', 'readwrite');
    let removed = 0;
    for (let cursor = await tx.store.openCursor(); cursor; cursor = await cursor.continue()) {
      if (!keep(cursor.value)) {
        await cursor.delete();
        removed += 1;
      }
    }
    await tx.done;
    return removed;
  } catch {
    return 0;
  }
}

/** At sign-out, every copy of this person (I-15). */
export function removeCopiesOf(subject: string): Promise<number> {
  return removeWhere((copy) => copy.subject !== subject);
}

/**
 * When someone signs in: every copy of anyone else, and copies older than the configured age
 * (I-15). Another person's copy is never read, whatever this finds.
 */
export function removeStaleCopies(
  subject: string,
  maxAgeMs: number,
  now = Date.now(),
): Promise<number> {
  return removeWhere((copy) => copy.subject === subject && now - copy.savedAt <= maxAgeMs);
}

/** At sign-out, every copy this browser holds (I-15): others' went when this person signed in. */
export function removeAllCopies(): Promise<number> {
  return removeWhere(() => false);
}
