/**
 * Runs `npm run check`'s commands side by side, as many at a time as the machine has cores:
 * tsc, ESLint, Prettier and knip each keep one core busy, so one after another they left the
 * others idle. Each command's output is printed whole when it ends; the exit code is 1 when
 * any command failed, and the failures are named last.
 *
 * With `--build` (as `npm test` runs it) the production build of the web app (`npm run build`)
 * is one more command in the same lanes: on its own after the checks it kept one core idle
 * while the checks' last commands ran.
 *
 *   node tools/run-checks.ts [--build]
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};

/** Roughly how long each check takes: the longest start first, short ones fill in at the end. */
const WEIGHT: Record<string, number> = {
  'npm run build': 10,
  'tsc -p apps/web': 9,
  'tsc -p apps/server': 8,
  'eslint .': 7,
  'tsc -p e2e': 6,
  knip: 5,
  'tsc -p bench': 4,
  'prettier --check .': 3,
};

/** `npm run typecheck`'s commands, `npm run lint`'s, the Prettier check and knip. */
const CHECKS: string[][] = [
  ...scripts.typecheck!.split('&&'),
  scripts.lint!,
  'prettier --check .',
  'knip',
  ...(process.argv.includes('--build') ? ['npm run build'] : []),
]
  .map((command) => command.trim())
  .sort((a, b) => (WEIGHT[b] ?? 0) - (WEIGHT[a] ?? 0))
  .map((command) => command.split(/\s+/));

interface Finished {
  command: string;
  code: number;
  output: string;
  seconds: number;
}

/** Runs a command of node_modules/.bin (or npm) in the repository root, keeping its output. */
function run(args: string[]): Promise<Finished> {
  const command = args.join(' ');
  const started = Date.now();
  return new Promise((resolve) => {
    const [bin, ...rest] = args;
    const child = spawn(bin === 'npm' ? bin : join(ROOT, 'node_modules', '.bin', bin!), rest, {
      cwd: ROOT,
      env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const finish = (code: number) =>
      resolve({ command, code, output, seconds: (Date.now() - started) / 1000 });
    child.on('error', (error) => {
      output += String(error);
      finish(1);
    });
    child.on('close', (code) => finish(code ?? 1));
  });
}

const queue = [...CHECKS];
const failed: string[] = [];
const lane = async () => {
  for (let next = queue.shift(); next; next = queue.shift()) {
    const result = await run(next);
    const verdict = result.code === 0 ? 'ok' : `failed (exit ${result.code})`;
    process.stdout.write(`\n> ${result.command}: ${verdict}, ${result.seconds.toFixed(1)} s\n`);
    if (result.output.trim()) process.stdout.write(result.output.replace(/\n?$/, '\n'));
    if (result.code !== 0) failed.push(result.command);
  }
};
await Promise.all(Array.from({ length: Math.max(1, availableParallelism()) }, lane));
if (failed.length > 0) {
  process.stdout.write(`\nFailed: ${failed.join('; ')}\n`);
  process.exitCode = 1;
}
