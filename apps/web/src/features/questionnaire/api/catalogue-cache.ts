import type { DBSchema } from 'idb';
import { databaseOpener } from '../../../lib/indexed-db.ts';
import { HELD_VERSIONS_KEY, listedVersions } from '../../../lib/early-opening.ts';
import { storedSubject } from '../../../lib/oidc-session.ts';

/**
 * What this browser has fetched of each catalogue version (requirements F-02). A version never
 * changes once compiled (architecture.md), so what was answered for it stays true: opening
 * another disclosure on the same version asks only for what is not here yet, in this tab and
 * after a reload. Kept in memory per store (a store is the tab's app; tests make one each) and
 * in IndexedDB per signed-in person (what a version answers depends on the caller's insurers),
 * where the browser has it. The calls themselves keep their cache-buster: the app keeps
 * the answers, not the HTTP cache.
 */
const byStore = new WeakMap<object, Map<string, unknown>>();

const keyOf = (version: string, name: string) => `${version}\u0000${name}`;

/** The name a version's summary is kept under: a version held is one whose summary is here. */
export const SUMMARY = 'questionnaire';

interface CatalogueSchema extends DBSchema {
  parts: {
    /** [subject, version, name] */
    key: [string, string, string];
    value: unknown;
  };
}

/** The database, opened once; null without IndexedDB (memory only then). */
const open = databaseOpener<CatalogueSchema>('vmer-catalogue', 1, (db) => {
  db.createObjectStore('parts');
});

function remember(store: object, version: string, name: string, answer: unknown): void {
  let kept = byStore.get(store);
  if (!kept) byStore.set(store, (kept = new Map()));
  kept.set(keyOf(version, name), answer);
}

/** A version's answer kept under `name` (a call's path, e.g. `question/<uuid>`), if any. */
export async function keptFor<T>(
  store: object,
  version: string,
  name: string,
): Promise<T | undefined> {
  const inMemory = byStore.get(store)?.get(keyOf(version, name)) as T | undefined;
  if (inMemory !== undefined) return inMemory;
  const subject = storedSubject();
  if (!subject) return undefined;
  try {
    const stored = (await open()?.then((db) => db.get('parts', [subject, version, name]))) as
      T | undefined;
    if (stored !== undefined) remember(store, version, name, stored);
    return stored;
  } catch {
    return undefined;
  }
}

/** Keeps a version's answer under `name`, in memory at once and in IndexedDB when it can. */
export function keep(store: object, version: string, name: string, answer: unknown): void {
  remember(store, version, name, answer);
  const subject = storedSubject();
  if (!subject) return;
  void open()
    ?.then((db) => db.put('parts', answer, [subject, version, name]))
    .then(() => {
      if (name === SUMMARY) listHeld(subject, version);
    })
    .catch(() => undefined);
}

/**
 * Lists a version whose summary IndexedDB now keeps where the page's first script reads it
 * (lib/early-opening.ts), which has no time to open IndexedDB before the opening call.
 */
function listHeld(subject: string, version: string): void {
  try {
    const key = HELD_VERSIONS_KEY + subject;
    const versions = listedVersions(key);
    if (versions.includes(version)) return;
    window.localStorage.setItem(key, JSON.stringify([...versions, version]));
  } catch {
    // Without the list, the first script's opening call names no version: it brings every part.
  }
}

/** The versions whose summary this browser keeps for the signed-in person. */
export async function heldVersions(store: object): Promise<string[]> {
  const held = new Set<string>();
  for (const key of byStore.get(store)?.keys() ?? []) {
    const [version, name] = key.split('\u0000');
    if (version && name === SUMMARY) held.add(version);
  }
  const subject = storedSubject();
  if (subject) {
    try {
      const db = await open();
      const range = IDBKeyRange.bound([subject], [subject, []]);
      for (const [, version, name] of (await db?.getAllKeys('parts', range)) ?? [])
        if (name === SUMMARY) held.add(version);
    } catch {
      // Without the stored copy, the opening brings every part.
    }
  }
  return [...held];
}
