import { randomUUID } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';

/** Thrown when another process already serves the same data directory. */
export class DataDirLockedError extends Error {}

interface Owner {
  pid: number;
  host: string;
  /** Names this one lock: a takeover removes only the lock it found stale. */
  nonce: string;
}

const heldHere = new Set<string>();
/** Attempts before giving up on a lock that keeps changing hands. */
const ATTEMPTS = 20;
/** How long a takeover of a stale lock by another process may take before it counts as abandoned. */
const TAKEOVER_WAIT_MS = 2000;
const TAKEOVER_POLL_MS = 20;

/**
 * Locks DATA_DIR for this process. PGlite is single-process: a second server on the same
 * directory would corrupt it, so it must stop with a clear message instead. A lock left by a
 * process that no longer runs on this machine (killed, crashed) is taken over, by exactly one
 * of the processes that find it so:
 *
 * - the lock file is made whole beside its place and hard-linked into place, which fails when
 *   a lock is there (no half-written lock, no overwrite);
 * - to take a stale lock over, a process first creates `server.lock.takeover-<nonce>` for
 *   that lock's nonce, exclusively: one process per stale lock gets it, removes the stale lock
 *   and links its own; every other one then finds a live lock.
 *
 * A lock written on another host name cannot be checked from here: the error names the lock
 * file to remove when no server runs there any more (a recreated container has a new host
 * name). Returns the function that releases the lock.
 */
export async function lockDataDir(dataDir: string): Promise<() => void> {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'server.lock');
  const mine: Owner = { pid: process.pid, host: hostname(), nonce: randomUUID() };
  const draft = join(dir, `server.lock.${mine.nonce}`);
  writeFileSync(draft, JSON.stringify(mine), { flag: 'wx' });
  try {
    for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
      if (tryLink(draft, file)) {
        heldHere.add(dir);
        return () => {
          heldHere.delete(dir);
          // Only our own lock: after a takeover by someone else the file is theirs.
          if (readOwner(file)?.nonce === mine.nonce) removeQuietly(file);
        };
      }
      const owner = readOwner(file);
      if (owner === null) continue; // Released meanwhile: try again.
      if (owner !== undefined && owner.host !== hostname()) {
        throw new DataDirLockedError(
          `The data directory ${dir} is locked by process ${owner.pid} on host ${owner.host}, which cannot be checked from here. ` +
            `If no Video MER server uses this directory any more (a recreated container has a new host name), remove ${file} and start again; ` +
            'otherwise stop that server, use another DATA_DIR, or set DATABASE_URL to use PostgreSQL.',
        );
      }
      if (owner !== undefined && isRunning(owner, dir)) {
        throw new DataDirLockedError(
          `The data directory ${dir} is in use by another Video MER server (process ${owner.pid} on ${owner.host}). ` +
            'The embedded database serves one process only: stop the other server, use another DATA_DIR, ' +
            'or set DATABASE_URL to use PostgreSQL.',
        );
      }
      await takeOver(dir, file, owner);
    }
    throw new DataDirLockedError(
      `Could not lock the data directory ${dir}: its lock file ${file} kept changing.`,
    );
  } finally {
    removeQuietly(draft);
  }
}

/**
 * Removes the stale lock `owner` (undefined: an unreadable one), if this process is the one
 * that claims its takeover marker. Any other outcome returns, and the caller looks again.
 */
async function takeOver(dir: string, file: string, owner: Owner | undefined): Promise<void> {
  const marker = join(dir, `server.lock.takeover-${owner?.nonce ?? 'unreadable'}`);
  try {
    writeFileSync(marker, JSON.stringify({ pid: process.pid, host: hostname() }), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // Another process is taking this lock over: wait until the lock changes hands.
    const deadline = Date.now() + TAKEOVER_WAIT_MS;
    while (Date.now() < deadline) {
      await sleep(TAKEOVER_POLL_MS);
      const now = readOwner(file);
      if (now === null || now?.nonce !== owner?.nonce) return;
    }
    throw new DataDirLockedError(
      `A takeover of the stale lock of the data directory ${dir} did not finish. ` +
        `If no Video MER server uses this directory, remove ${file} and ${marker} and start again.`,
    );
  }
  try {
    // Still the lock found stale? Only the holder of its marker removes it, so it cannot have
    // been replaced by another stale-lock taker; a newcomer can only link where none is.
    const now = readOwner(file);
    if (now !== null && now?.nonce === owner?.nonce) removeQuietly(file);
  } finally {
    removeQuietly(marker);
  }
}

function tryLink(draft: string, file: string): boolean {
  try {
    linkSync(draft, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** The lock's owner; undefined when the file is unreadable, null when it is gone. */
function readOwner(file: string): Owner | undefined | null {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    return undefined;
  }
  try {
    const owner = JSON.parse(text) as { pid?: unknown; host?: unknown; nonce?: unknown };
    if (typeof owner.pid === 'number' && typeof owner.host === 'string') {
      // A lock of an earlier version has no nonce: its text names it well enough.
      return {
        pid: owner.pid,
        host: owner.host,
        nonce: typeof owner.nonce === 'string' ? owner.nonce : `pid-${owner.pid}`,
      };
    }
  } catch {
    // Half-written or foreign: treated as stale below.
  }
  return undefined;
}

function isRunning(owner: Owner, dir: string): boolean {
  // Our own pid in a lock we did not take is a leftover of an earlier run (containers reuse pids).
  if (owner.pid === process.pid) return heldHere.has(dir);
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Already gone.
  }
}
