import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockDataDir } from '../../src/db/data-dir-lock.ts';

const LOCK_MODULE = new URL('../../src/db/data-dir-lock.ts', import.meta.url).href;

/** A process id that ran on this machine and has ended. */
function deadPid(): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', '']);
    child.on('error', reject);
    child.on('exit', () => resolve(child.pid!));
  });
}

/**
 * A process that, told `go <dir> <at>`, waits for the clock to reach `at` and takes the lock of
 * `dir`, saying whether it won; told `release`, releases what it holds.
 */
function contender() {
  const script = `
    import { createInterface } from 'node:readline';
    import { lockDataDir } from ${JSON.stringify(LOCK_MODULE)};
    let unlock;
    process.stdout.write('ready\\n');
    for await (const command of createInterface({ input: process.stdin })) {
      const [verb, dir, at] = command.split(' ');
      if (verb === 'release') {
        unlock?.();
        unlock = undefined;
        process.stdout.write('released\\n');
        continue;
      }
      while (Date.now() < Number(at)) {
        // All contenders start within the same millisecond.
      }
      try {
        unlock = await lockDataDir(dir);
        process.stdout.write('won\\n');
      } catch (error) {
        process.stdout.write('refused ' + error.constructor.name + '\\n');
      }
    }`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script]);
  const lines: string[] = [];
  const waiters: (() => void)[] = [];
  let buffered = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    lines.push(...parts);
    for (const wake of waiters.splice(0)) wake();
  });
  /** The next line the process writes. */
  const next = async (): Promise<string> => {
    while (lines.length === 0) await new Promise<void>((wake) => waiters.push(wake));
    return lines.shift()!;
  };
  return { child: child as ChildProcessWithoutNullStreams, next };
}

describe('the data directory lock', () => {
  it('T-42 of processes taking over a stale lock at the same moment, exactly one wins, round after round', async () => {
    const contenders = [contender(), contender(), contender()];
    const dirs: string[] = [];
    try {
      for (const c of contenders) expect(await c.next()).toBe('ready');
      for (let round = 1; round <= 40; round += 1) {
        const dir = await mkdtemp(join(tmpdir(), 'vmer-takeover-'));
        dirs.push(dir);
        await writeFile(
          join(dir, 'server.lock'),
          JSON.stringify({ pid: await deadPid(), host: hostname() }),
        );
        const at = Date.now() + 150;
        for (const c of contenders) c.child.stdin.write(`go ${dir} ${at}\n`);
        const outcomes = await Promise.all(contenders.map((c) => c.next()));
        expect(outcomes.filter((outcome) => outcome === 'won')).toHaveLength(1);
        expect(outcomes.filter((outcome) => outcome !== 'won')).toEqual(
          Array(2).fill('refused DataDirLockedError'),
        );
        for (const c of contenders) c.child.stdin.write('release\n');
        for (const c of contenders) expect(await c.next()).toBe('released');
      }
    } finally {
      await Promise.all(
        contenders.map(
          (c) =>
            new Promise<void>((done) => {
              c.child.on('exit', () => done());
              c.child.stdin.end();
            }),
        ),
      );
      for (const dir of dirs) await rm(dir, { recursive: true, force: true });
    }
  });

  it('T-42 a lock written on another host name is refused with a message naming the lock file to remove; removed, the directory locks', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vmer-foreign-'));
    const file = join(dir, 'server.lock');
    try {
      await writeFile(file, JSON.stringify({ pid: 4242, host: 'container-gone-7' }));
      await expect(async () => lockDataDir(dir)).rejects.toThrow(
        `locked by process 4242 on host container-gone-7, which cannot be checked from here. ` +
          `If no Video MER server uses this directory any more (a recreated container has a new host name), remove ${file} and start again`,
      );
      await rm(file);
      const unlock = await lockDataDir(dir);
      expect(existsSync(file)).toBe(true);
      unlock();
      expect(await readdir(dir)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
