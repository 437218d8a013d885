import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import type { Catalog } from '@vmer/domain';
import { buildApp } from '../src/app.ts';
import { signIn } from '../src/cli/sign-in.ts';
import { loadConfig, type Config } from '../src/config.ts';
import type { PGliteStart } from '../src/db/database.ts';
import { DISCLOSURE_API, sampleCatalog } from './disclosures/fixtures.ts';
import './provided-templates.ts';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database.ts';

export type TestDatabase = 'pglite' | 'postgres';

const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

/** The databases every server suite runs on: PGlite always, PostgreSQL when one is configured. */
export const DATABASES: TestDatabase[] = POSTGRES_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestApp {
  app: FastifyInstance;
  /** e.g. http://127.0.0.1:41234 — also the app's PUBLIC_URL, so sign-in works over it. */
  baseUrl: string;
  config: Config;
  close(): Promise<void>;
}

/**
 * Builds the real app on a fresh database (PGlite in memory, or a PostgreSQL database
 * created for this app and dropped on close), migrated and seeded, listening on 127.0.0.1.
 * The database starts as a copy of the one the run migrated once (global-setup.ts); the app
 * still runs `migrate` on it, which checks every applied file's SHA-256.
 * `env` adds or overrides environment variables (e.g. `{ API_RATE_LIMIT: '5' }`);
 * `logStream` receives the log lines (LOG_LEVEL is silent unless `env` says otherwise).
 */
export async function buildTestApp(
  options: {
    database?: TestDatabase;
    env?: Record<string, string>;
    logStream?: { write(line: string): void };
    /** PUBLIC_URL's path, for a server deployed under a sub-path ('/vmer'). */
    basePath?: string;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? 'pglite';
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const [postgres, pgliteStart] = await Promise.all([
      database === 'postgres' ? createMigratedPostgresDatabase() : undefined,
      database === 'pglite' ? migratedPglite() : undefined,
    ]);
    try {
      const config = loadConfig({
        NODE_ENV: 'test',
        PORT: String(port),
        PUBLIC_URL: `${baseUrl}${options.basePath ?? ''}`,
        DATA_DIR: 'memory://',
        LOG_LEVEL: 'silent',
        ...(postgres ? { DATABASE_URL: postgres.url } : {}),
        ...options.env,
      });
      const app = await buildApp(config, { logStream: options.logStream, pgliteStart });
      await app.listen({ port, host: '127.0.0.1' });
      return {
        app,
        baseUrl,
        config,
        close: async () => {
          await app.close();
          await postgres?.drop();
        },
      };
    } catch (error) {
      await postgres?.drop();
      // Another process may take the free port between the probe and listen: try another.
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt >= 3) throw error;
    }
  }
}

/**
 * {@link buildTestApp} for a describe block: built before its tests and closed after them. The
 * returned object is the app once the block's own beforeAll hooks run.
 */
export function suiteApp(database: TestDatabase, env?: Record<string, string>): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await buildTestApp({ database, ...(env ? { env } : {}) }));
  });
  afterAll(async () => t.close?.());
  return t;
}

/** An access token for a demo user, obtained through the real code + PKCE flow over HTTP. */
export function tokenFor(baseUrl: string, userName: string, password = 'demo'): Promise<string> {
  return signIn({ url: baseUrl, user: userName, password });
}

/** The version of the questionnaire the server serves to the caller. */
export async function questionnaireVersion(baseUrl: string, token: string): Promise<string> {
  const questionnaire = await api<{ version: string }>(baseUrl, '/api/questionnaire/get', {
    token,
  });
  return questionnaire.body.body!.version;
}

/**
 * The app on a fresh `database` with `userName` signed in: its token and the version of the
 * questionnaire it serves. The app is closed again if the sign-in fails.
 */
async function signedInApp(
  database: TestDatabase,
  userName: string,
): Promise<{ t: TestApp; token: string; version: string }> {
  const t = await buildTestApp({ database });
  try {
    const token = await tokenFor(t.baseUrl, userName);
    return { t, token, version: await questionnaireVersion(t.baseUrl, token) };
  } catch (error) {
    await t.close();
    throw error;
  }
}

/** Runs `check` while the token's holder reads Traditional Chinese, then gives them English again. */
export async function inChinese(
  baseUrl: string,
  token: string,
  check: () => Promise<void>,
): Promise<void> {
  await putLanguage(baseUrl, token, 'cn_traditional');
  try {
    await check();
  } finally {
    await putLanguage(baseUrl, token, 'en');
  }
}

/** A suite's app with a user signed in (see {@link signedInApp}), filled in by its beforeAll. */
export interface SignedInSuite {
  t: TestApp;
  token: string;
  version: string;
  /** The shipped sample catalogue, compiled. */
  catalog: Catalog;
  /** Saves the signed-in user's language, in which the API then answers them. */
  setLanguage(language: string): ReturnType<typeof api>;
  /** A new application number: the prefix and a number counting this suite's calls. */
  nextApplicationNumber(prefix: string): string;
  /** A call of a path below the disclosure API as the signed-in user. */
  call<T = unknown>(
    path: string,
    options?: { method?: string; body?: unknown; headers?: Record<string, string> },
  ): ReturnType<typeof api<T>>;
}

/**
 * {@link signedInApp} for a describe block: built before its tests, closed after them. The
 * fields are there once the block's own beforeAll hooks run.
 */
export function signedInSuite(database: TestDatabase, userName: string): SignedInSuite {
  let counter = 0;
  const suite = {
    setLanguage: (language: string) => putLanguage(suite.t.baseUrl, suite.token, language),
    nextApplicationNumber: (prefix: string) => `${prefix}${String(++counter).padStart(4, '0')}`,
    call: (path, options = {}) =>
      api(suite.t.baseUrl, `${DISCLOSURE_API}${path}`, { token: suite.token, ...options }),
  } as SignedInSuite;
  beforeAll(async () => {
    const [signedIn, catalog] = await Promise.all([
      signedInApp(database, userName),
      sampleCatalog(),
    ]);
    Object.assign(suite, signedIn, { catalog });
  });
  afterAll(async () => suite.t?.close());
  return suite;
}

/** The language stored with a user, read from the app's database. */
export async function storedLanguage(t: TestApp, subject: string): Promise<string> {
  const row = await t.app.db
    .selectFrom('users')
    .select('language')
    .where('subject', '=', subject)
    .executeTakeFirstOrThrow();
  return row.language;
}

export interface ApiEnvelope<T> {
  code: number;
  message?: string;
  body?: T;
  errors?: { path: string; message: string }[];
}

/** A fetch of an /api path with the caller's token, answering the parsed envelope. */
export async function api<T = unknown>(
  baseUrl: string,
  path: string,
  options: {
    token?: string;
    method?: string;
    body?: unknown;
    headers?: Record<string, string>;
  } = {},
): Promise<{ status: number; headers: Headers; body: ApiEnvelope<T> }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as ApiEnvelope<T>,
  };
}

/** PUT /api/user/language as the token's holder: the small authenticated write many tests make. */
export function putLanguage(baseUrl: string, token: string | undefined, language: string) {
  return api(baseUrl, '/api/user/language', { token, method: 'PUT', body: { language } });
}

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/** A new, empty PostgreSQL database on the configured server; `drop` removes it. */
export async function createPostgresDatabase(): Promise<ScratchDatabase> {
  if (!POSTGRES_URL) throw new Error('Set DATABASE_URL or TEST_DATABASE_URL to test on PostgreSQL');
  return createScratchDatabase(POSTGRES_URL, 'vmer_test');
}

/**
 * A new PostgreSQL database holding every migration: a copy of the run's migrated template
 * (global-setup.ts), or an empty database when there is none; `drop` removes it.
 */
async function createMigratedPostgresDatabase(): Promise<ScratchDatabase> {
  if (!POSTGRES_URL) throw new Error('Set DATABASE_URL or TEST_DATABASE_URL to test on PostgreSQL');
  const template = inject('postgresTemplate') || undefined;
  return createScratchDatabase(POSTGRES_URL, 'vmer_test', undefined, template);
}

/** WebAssembly.compile, which the server's types (no DOM library) do not declare. */
const { compile } = (
  globalThis as unknown as {
    WebAssembly: { compile(bytes: Uint8Array): Promise<PGliteStart['pgliteWasmModule']> };
  }
).WebAssembly;

let pgliteStart: Promise<PGliteStart | undefined> | undefined;

/**
 * How this worker's in-memory PGlite databases start: from the run's migrated data directory
 * (global-setup.ts) with the WebAssembly compiled once per worker, instead of initdb and every
 * migration per app. Nothing when the run made no template: each app then starts empty.
 */
function migratedPglite(): Promise<PGliteStart | undefined> {
  pgliteStart ??= (async () => {
    const file = inject('pgliteTemplate');
    if (!file) return undefined;
    const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    const sibling = (name: string) => new URL(name, `file://${pglite}`);
    const [data, pgliteWasmModule, initdbWasmModule, fsBundle] = await Promise.all([
      readFile(file),
      readFile(sibling('pglite.wasm')).then(compile),
      readFile(sibling('initdb.wasm')).then(compile),
      readFile(sibling('pglite.data')),
    ]);
    return {
      loadDataDir: new Blob([data]),
      pgliteWasmModule,
      initdbWasmModule,
      fsBundle: new Blob([fsBundle]),
    };
  })();
  return pgliteStart;
}
