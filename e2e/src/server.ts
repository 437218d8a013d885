import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiPath, endpoints } from '@vmer/domain/api';
import {
  createScratchDatabase,
  type ScratchDatabase,
} from '../../apps/server/test/scratch-database.ts';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const READY_TIMEOUT_MS = 90_000;

/** A server process started as `npm start` starts it, minus the build. */
export interface RunningServer {
  baseUrl: string;
  stop: () => Promise<void>;
}

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilReady(
  baseUrl: string,
  server: ChildProcess,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new Error(`The server exited with ${server.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}${apiPath(endpoints.ready)}`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server was not ready within ${READY_TIMEOUT_MS} ms:\n${output()}`);
}

/**
 * The PostgreSQL server the journeys' servers keep their data on when the run has one (as CI
 * does), each in a database of its own: native PostgreSQL spends a quarter less of the
 * machine's time on a journey than the embedded database's WebAssembly, and the journeys are
 * most of the suite's time. Without one, the embedded database, as `npm start` uses it.
 */
const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

/**
 * Starts `node apps/server/src/main.ts` on a free port with a fresh data directory and waits
 * for /api/ready. It serves the built web app (apps/web/dist). Its database is a new one on
 * the run's PostgreSQL server ({@link POSTGRES_URL}), dropped when it stops, or with
 * `embedded` (or no such server) the embedded one in that directory.
 */
export async function startServer(
  env: Record<string, string> = {},
  { embedded = false }: { embedded?: boolean } = {},
): Promise<RunningServer> {
  const postgres = embedded ? undefined : POSTGRES_URL;
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'vmer-e2e-'));
  const baseUrl = `http://localhost:${port}`;
  // Never a DATABASE_URL meant for the server's own suites: the journeys' data is their own.
  const { DATABASE_URL: _database, TEST_DATABASE_URL: _testDatabase, ...inherited } = process.env;
  let database: ScratchDatabase | undefined;
  if (postgres) database = await createScratchDatabase(postgres, 'vmer_e2e');
  const server = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...inherited,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      // The journeys sign in far more often than a person would; the limit has tests of its own.
      SIGN_IN_RATE_LIMIT: '0',
      ...(database ? { DATABASE_URL: database.url } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await Promise.all([rm(dataDir, { recursive: true, force: true }), database?.drop()]);
  };
  try {
    await waitUntilReady(baseUrl, server, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}
