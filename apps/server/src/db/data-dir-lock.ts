import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';

/** Thrown when another process already serves the same data directory. */
export class DataDirLockedError extends Error {}

const heldHere = new Set<string>();

/**
 * Locks DATA_DIR for this process. PGlite is single-process: a second server on the same
 * directory would corrupt it, so it must stop with a clear message instead. A lock left by a
 * process that no longer runs (killed, crashed) is taken over.
 * Returns the function that releases the lock.
 */
export function lockDataDir(dataDir: string): () => void {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(file, JSON.stringify({ pid: process.pid, host: hostname() }), { flag: 'wx' });
      heldHere.add(dir);
      return () => {
        heldHere.delete(dir);
        try {
          unlinkSync(file);
        } catch {
          // Already gone: nothing left to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(file);
      if (owner && isRunning(owner, dir)) {
        throw new DataDirLockedError(
          `The data directory ${dir} is in use by another Video MER server (process ${owner.pid} on ${owner.host}). ` +
            'The embedded database serves one process only: stop the other server, use another DATA_DIR, ' +
            'or set DATABASE_URL to use PostgreSQL.',
        );
      }
      unlinkSync(file);
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dir}.`);
}

function readOwner(file: string): { pid: number; host: string } | undefined {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as { pid?: unknown; host?: unknown };
    if (typeof owner.pid === 'number' && typeof owner.host === 'string') return { pid: owner.pid, host: owner.host };
  } catch {
    // Unreadable or half-written lock: treated as stale below.
  }
  return undefined;
}

function isRunning(owner: { pid: number; host: string }, dir: string): boolean {
  // Another machine sharing the directory cannot be checked: assume it is alive.
  if (owner.host !== hostname()) return true;
  // Our own pid in a lock we did not take is a leftover of an earlier run (containers reuse pids).
  if (owner.pid === process.pid) return heldHere.has(dir);
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
