import { openDB, type DBSchema, type IDBPDatabase, type OpenDBCallbacks } from 'idb';

/**
 * A database of this browser opened on first use and kept open: the opener answers null where the
 * browser has no IndexedDB, and a failed open is tried again at the next use.
 */
export function databaseOpener<S extends DBSchema>(
  name: string,
  version: number,
  upgrade: NonNullable<OpenDBCallbacks<S>['upgrade']>,
): () => Promise<IDBPDatabase<S>> | null {
  let database: Promise<IDBPDatabase<S>> | null = null;
  return () => {
    if (typeof indexedDB === 'undefined') return null;
    database ??= openDB<S>(name, version, { upgrade }).catch((error: unknown) => {
      database = null;
      throw error;
    });
    return database;
  };
}
