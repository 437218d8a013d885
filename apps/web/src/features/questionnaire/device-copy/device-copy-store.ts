import type { DBSchema } from 'idb';
import type { Impairment } from '@vmer/domain/model';
import type { ChosenImpairment } from '@vmer/domain/questionnaire';
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

/** A chosen condition as a copy stores it: its answers, its catalogue part kept apart. */
type StoredChosen = Omit<ChosenImpairment, 'impairment'> & { impairmentUuid: string };

/**
 * A copy as stored: each chosen condition's catalogue part (its questions, in every language)
 * is in the `conditions` store, written only when the conditions change, so that a copy written
 * at every answer clones the answers alone, not the whole catalogue of the conditions
 * chosen. A copy written before that split holds its conditions whole, and still reads.
 */
type StoredCopy = Omit<DeviceCopy, 'state'> & {
  state: Omit<CopiedState, 'chosen'> & { chosen: (StoredChosen | ChosenImpairment)[] };
};

/** The conditions of one person's copy of one disclosure, in the order its `chosen` lists them. */
interface StoredConditions {
  subject: string;
  key: string;
  impairments: Impairment[];
}

interface CopiesSchema extends DBSchema {
  copies: {
    key: [string, string];
    value: StoredCopy;
    indexes: { subject: string; savedAt: number };
  };
  conditions: {
    key: [string, string];
    value: StoredConditions;
  };
}

/** The database, opened once; null where the browser has no IndexedDB (the copy is then off). */
const open = databaseOpener<CopiesSchema>('vmer-device-copies', 2, (db, oldVersion) => {
  if (oldVersion < 1) {
    const store = db.createObjectStore('copies', { keyPath: ['subject', 'key'] });
    store.createIndex('subject', 'subject');
    store.createIndex('savedAt', 'savedAt');
  }
  if (oldVersion < 2) db.createObjectStore('conditions', { keyPath: ['subject', 'key'] });
});

/**
 * The conditions this page last wrote for each copy (by subject and key): while they are the
 * same objects, a copy's write leaves its `conditions` record as it is.
 */
const writtenConditions = new Map<string, readonly Impairment[]>();
const copyId = (subject: string, key: string) => JSON.stringify([subject, key]);

const sameConditions = (a: readonly Impairment[] | undefined, b: readonly Impairment[]) =>
  a !== undefined && a.length === b.length && a.every((impairment, i) => impairment === b[i]);

/** Writes a copy (replacing the same person's copy of the same disclosure); false if it failed. */
export async function writeCopy(copy: DeviceCopy): Promise<boolean> {
  const id = copyId(copy.subject, copy.key);
  const impairments = copy.state.chosen.map((chosen) => chosen.impairment);
  try {
    const db = await open();
    if (!db) return false;
    const stored: StoredCopy = {
      ...copy,
      state: {
        ...copy.state,
        chosen: copy.state.chosen.map(({ impairment, ...rest }) => ({
          ...rest,
          impairmentUuid: impairment.uuid,
        })),
      },
    };
    const unchanged = sameConditions(writtenConditions.get(id), impairments);
    // One transaction: a copy is never stored without the conditions it names.
    const tx = db.transaction(['copies', 'conditions'], 'readwrite');
    await Promise.all([
      tx.objectStore('copies').put(stored),
      unchanged
        ? undefined
        : tx.objectStore('conditions').put({ subject: copy.subject, key: copy.key, impairments }),
      tx.done,
    ]);
    writtenConditions.set(id, impairments);
    return true;
  } catch {
    // Not known to be stored: the next write writes the conditions again.
    writtenConditions.delete(id);
    return false;
  }
}

/**
 * A stored copy with its conditions put back; undefined when a condition it names is not
 * stored beside it.
 */
function joined(
  copy: StoredCopy,
  conditions: StoredConditions | undefined,
): DeviceCopy | undefined {
  const chosen: ChosenImpairment[] = [];
  for (const [i, entry] of copy.state.chosen.entries()) {
    if ('impairment' in entry) {
      chosen.push(entry);
      continue;
    }
    const { impairmentUuid, ...rest } = entry;
    const impairment = conditions?.impairments[i];
    if (impairment?.uuid !== impairmentUuid) return undefined;
    chosen.push({ ...rest, impairment });
  }
  return { ...copy, state: { ...copy.state, chosen } };
}

/** This person's copy of this disclosure, if any. */
export async function readCopy(subject: string, key: string): Promise<DeviceCopy | undefined> {
  try {
    const db = await open();
    if (!db) return undefined;
    const tx = db.transaction(['copies', 'conditions'], 'readonly');
    const [copy, conditions] = await Promise.all([
      tx.objectStore('copies').get([subject, key]),
      tx.objectStore('conditions').get([subject, key]),
    ]);
    return copy && joined(copy, conditions);
  } catch {
    return undefined;
  }
}

/** Removes this person's copy of this disclosure. */
export async function removeCopy(subject: string, key: string): Promise<void> {
  try {
    writtenConditions.delete(copyId(subject, key));
    const db = await open();
    if (!db) return;
    const tx = db.transaction(['copies', 'conditions'], 'readwrite');
    await Promise.all([
      tx.objectStore('copies').delete([subject, key]),
      tx.objectStore('conditions').delete([subject, key]),
      tx.done,
    ]);
  } catch {
    // Nothing to remove where there is no database.
  }
}

/** Removes copies chosen by a test on the whole record, in one transaction. */
async function removeWhere(
  keep: (copy: Pick<DeviceCopy, 'subject' | 'savedAt'>) => boolean,
): Promise<number> {
  try {
    const db = await open();
    if (!db) return 0;
    const tx = db.transaction(['copies', 'conditions'], 'readwrite');
    const copies = tx.objectStore('copies');
    let removed = 0;
    for (let cursor = await copies.openCursor(); cursor; cursor = await cursor.continue()) {
      const { subject, key } = cursor.value;
      if (!keep(cursor.value)) {
        writtenConditions.delete(copyId(subject, key));
        await Promise.all([cursor.delete(), tx.objectStore('conditions').delete([subject, key])]);
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
