import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildTestApp, freePort, putLanguage } from './helpers.ts';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs one of the server's scripts with Node, as `npm start` / `npm run …` do. */
function run(
  script: string,
  args: string[],
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], {
      cwd: SERVER_DIR,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('configuration', () => {
  it('a bad variable stops the start with a message naming it', async () => {
    const result = await run('src/main.ts', [], {
      PORT: 'abc',
      LOG_LEVEL: 'loud',
      DATA_DIR: 'memory://',
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Invalid configuration');
    expect(result.stderr).toContain('PORT: must be a number');
    expect(result.stderr).toContain('LOG_LEVEL');
  });

  it('N-12 each bad variable is one line of its own, without a stack trace', async () => {
    const result = await run('src/main.ts', [], {
      PORT: 'abc',
      DB_POOL_SIZE: '1',
      DB_STATEMENT_TIMEOUT_MS: 'soon',
      DATA_DIR: 'memory://',
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      'Invalid configuration: PORT: must be a number',
      'Invalid configuration: DB_POOL_SIZE: must be at least 2',
      'Invalid configuration: DB_STATEMENT_TIMEOUT_MS: must be a number',
    ]);
  });

  it('N-12 an unreachable database stops the start with one line naming it, without a stack trace', async () => {
    const result = await run('src/main.ts', [], {
      DATABASE_URL: 'postgres://vmer:secret-password@127.0.0.1:1/vmer',
      PORT: '0',
      HOST: '127.0.0.1',
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      'Video MER could not start: the database at 127.0.0.1:1/vmer cannot be reached (connect ECONNREFUSED 127.0.0.1:1)',
    ]);
    expect(result.stdout).not.toContain('secret-password');
  });

  it('NODE_ENV=production refuses the embedded provider unless ALLOW_EMBEDDED_IDP=true', async () => {
    const result = await run('src/main.ts', [], { NODE_ENV: 'production', DATA_DIR: 'memory://' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('OIDC_ISSUER: must be set when NODE_ENV=production');
    expect(result.stderr).toContain('ALLOW_EMBEDDED_IDP=true');
  });

  it('an external issuer needs its client id and audience', async () => {
    const result = await run('src/main.ts', [], {
      OIDC_ISSUER: 'https://login.example.com',
      DATA_DIR: 'memory://',
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('OIDC_CLIENT_ID: required when OIDC_ISSUER is set');
    expect(result.stderr).toContain('OIDC_AUDIENCE: required when OIDC_ISSUER is set');
  });
});

describe('the data directory', () => {
  it('a second process on the same DATA_DIR gets a clear error and leaves the database alone', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'vmer-lock-'));
    const t = await buildTestApp({ env: { DATA_DIR: dataDir } });
    try {
      const second = await run('src/main.ts', [], {
        DATA_DIR: dataDir,
        PORT: String(await freePort()),
      });
      expect(second.code).toBe(1);
      expect(second.stderr).toContain(
        `The data directory ${dataDir} is in use by another Video MER server (process ${process.pid}`,
      );
      expect(second.stderr).toContain('DATABASE_URL');
      const migrate = await run('src/cli/migrate.ts', [], { DATA_DIR: dataDir });
      expect(migrate.code).toBe(1);
      expect(migrate.stderr).toContain('is in use by another Video MER server');
      // The first server still works.
      expect((await api(t.baseUrl, '/api/ready')).status).toBe(200);
    } finally {
      await t.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('npm start, npm run token and npm run db:migrate', () => {
  let dataDir: string;
  let baseUrl: string;
  let server: ReturnType<typeof spawn>;
  let serverOutput = '';
  let exited: Promise<number | null>;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'vmer-start-'));
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['src/main.ts'], {
      cwd: SERVER_DIR,
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseUrl,
        LOG_LEVEL: 'info',
      },
    });
    server.stdout?.on('data', (chunk: Buffer) => (serverOutput += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (serverOutput += chunk.toString()));
    exited = new Promise((resolve) => server.on('close', resolve));
    for (let i = 0; i < 240; i += 1) {
      const ready = await fetch(`${baseUrl}/api/ready`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ready) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`the server did not start:\n${serverOutput}`);
  });
  afterAll(async () => {
    if (server.exitCode === null) server.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('the embedded provider logs a warning that it runs', () => {
    expect(serverOutput).toContain('"level":40');
    expect(serverOutput).toContain('The embedded sign-in provider is running');
  });

  it('A-33 the token CLI signs in over HTTP and prints only an access token the API accepts', async () => {
    const result = await run('src/cli/token.ts', ['--user', 'uw1', '--url', baseUrl], {});
    expect(result.code).toBe(0);
    const token = result.stdout.trim();
    expect(result.stdout).toBe(`${token}\n`);
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const call = await putLanguage(baseUrl, token, 'en');
    expect(call.status).toBe(200);
  });

  it('the token CLI refuses a wrong password with the message, printing no token', async () => {
    const result = await run(
      'src/cli/token.ts',
      ['--user', 'uw1', '--password', 'nope', '--url', baseUrl],
      {},
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('Incorrect user name or password.');
  });

  it('SIGTERM stops the server cleanly, releasing the data directory for db:migrate', async () => {
    expect(existsSync(join(dataDir, 'server.lock'))).toBe(true);
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(existsSync(join(dataDir, 'server.lock'))).toBe(false);
    const migrate = await run('src/cli/migrate.ts', [], { DATA_DIR: dataDir });
    expect(migrate.stderr).toBe('');
    expect(migrate.code).toBe(0);
    expect(migrate.stdout).toContain('The database is up to date.');
  });
});
