import { createServer, connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildTestApp, createPostgresDatabase, DATABASES, tokenFor } from '../helpers.ts';

/**
 * A TCP proxy in front of PostgreSQL that can blackhole the traffic: while it does, bytes
 * in both directions are dropped and no connection is closed, as in a network partition.
 */
async function partitionProxy(target: URL) {
  let blackholed = false;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.on('data', (chunk) => blackholed || upstream.write(chunk));
    upstream.on('data', (chunk) => blackholed || client.write(chunk));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = new URL(target.href);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.href,
    blackhole: () => (blackholed = true),
    heal: () => (blackholed = false),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A call that gives up after 10 s: the partition it runs into would hold it for ever. */
async function call(url: string, init: RequestInit = {}) {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  return {
    status: response.status,
    body: (await response.json()) as { code: number; message: string },
  };
}

const UNAVAILABLE = {
  code: 503,
  error: 'service_unavailable',
  message: 'The service is temporarily unavailable. Please try again shortly.',
};

describe.runIf(DATABASES.includes('postgres'))('a network partition to PostgreSQL', () => {
  it('T-41 a request whose statement gets no answer fails with 503 after DB_STATEMENT_TIMEOUT_MS instead of hanging, and the pool recovers', async () => {
    const database = await createPostgresDatabase();
    const proxy = await partitionProxy(new URL(database.url));
    const t = await buildTestApp({
      env: {
        DATABASE_URL: proxy.url,
        DB_STATEMENT_TIMEOUT_MS: '1000',
        DB_CONNECT_TIMEOUT_MS: '1000',
      },
    });
    try {
      const token = await tokenFor(t.baseUrl, 'uw1');
      const write = (language: string) =>
        call(`${t.baseUrl}/api/user/language`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ language }),
        });
      expect((await write('en')).status).toBe(200);

      proxy.blackhole();
      const cut = await write('cn_traditional');
      expect(cut).toEqual({ status: 503, body: UNAVAILABLE });

      proxy.heal();
      expect((await write('en')).status).toBe(200);
    } finally {
      await t.close();
      await proxy.close();
      await database.drop();
    }
  });

  it('T-41 /api/ready answers 503 within its 2 s bound while the database does not answer, though statements may run for 10 s', async () => {
    const database = await createPostgresDatabase();
    const proxy = await partitionProxy(new URL(database.url));
    const t = await buildTestApp({
      env: { DATABASE_URL: proxy.url, DB_STATEMENT_TIMEOUT_MS: '10000' },
    });
    try {
      expect((await call(`${t.baseUrl}/api/ready`)).status).toBe(200);
      proxy.blackhole();
      expect(await call(`${t.baseUrl}/api/ready`)).toMatchObject({
        status: 503,
        body: UNAVAILABLE,
      });
      expect((await call(`${t.baseUrl}/api/health`)).status).toBe(200);
      proxy.heal();
      expect((await call(`${t.baseUrl}/api/ready`)).status).toBe(200);
    } finally {
      await t.close();
      await proxy.close();
      await database.drop();
    }
  });
});

describe('the database pool settings', () => {
  it('T-41 DB_POOL_SIZE, DB_CONNECT_TIMEOUT_MS and DB_STATEMENT_TIMEOUT_MS shape the PostgreSQL pool, with defaults 20, 5 s and 30 s', async () => {
    const { loadConfig, ConfigError } = await import('../../src/config.ts');
    const url = 'postgres://u@db/x';
    expect(loadConfig({ DATABASE_URL: url }).database).toEqual({
      kind: 'postgres',
      url,
      pool: { size: 20, connectTimeoutMs: 5000, statementTimeoutMs: 30_000 },
    });
    expect(
      loadConfig({
        DATABASE_URL: url,
        DB_POOL_SIZE: '5',
        DB_CONNECT_TIMEOUT_MS: '800',
        DB_STATEMENT_TIMEOUT_MS: '2500',
      }).database,
    ).toEqual({
      kind: 'postgres',
      url,
      pool: { size: 5, connectTimeoutMs: 800, statementTimeoutMs: 2500 },
    });
    expect(() => loadConfig({ DB_POOL_SIZE: '0' })).toThrow(ConfigError);
    // A lock held on one connection while the work runs on another.
    expect(() => loadConfig({ DB_POOL_SIZE: '1' })).toThrow('DB_POOL_SIZE: must be at least 2');
    expect(() => loadConfig({ DB_STATEMENT_TIMEOUT_MS: 'soon' })).toThrow(
      'DB_STATEMENT_TIMEOUT_MS: must be a number',
    );
  });
});
