import { createHash } from 'node:crypto';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig, PoolSettings } from '../config.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import type { Database } from './schema.ts';

const INT8_OID = 20;
const DATE_OID = 1082;

/**
 * A statement whose text starts with this comment is sent as a named prepared statement, so
 * PostgreSQL plans it once per connection instead of at every call: planning the audited
 * write of a save cost PostgreSQL as much CPU as the write itself. Kept to statements of fixed
 * text, since a connection keeps every statement it prepared.
 */
export const PREPARED = '/* prepared */ ';

/**
 * A statement whose text starts with this comment may run as long as it takes: the client does
 * not give up on it after the pool's query timeout. For migrations, which set their own
 * statement_timeout.
 */
export const UNBOUNDED = '/* unbounded */ ';
/** A day: what "as long as it takes" means to the client (pg takes no 0 for "never" here). */
const UNBOUNDED_QUERY_TIMEOUT_MS = 24 * 60 * 60 * 1000;

/**
 * The value kept in `cache` under `key`, made by `build` the first time. For the few values a
 * hot path would otherwise make at every call: statement texts and their prepared names.
 */
export function cached<V>(cache: Map<string, V>, key: string, build: () => V): V {
  let value = cache.get(key);
  if (value === undefined) {
    value = build();
    cache.set(key, value);
  }
  return value;
}

/** The names of the PREPARED statements, by text: a handful, each hashed once. */
const preparedNames = new Map<string, string>();

const preparedName = (text: string): string =>
  cached(preparedNames, text, () => createHash('sha256').update(text).digest('base64url'));

/**
 * Statements marked PREPARED go out named after their text; everything else as it came. A
 * statement that got no answer in time (query_timeout: the network to the server is cut)
 * closes its connection, so the pool drops it instead of queueing the next statements behind
 * the lost one.
 */
function preparing(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (config: unknown, values?: unknown) => unknown;
  const send = (config: unknown, values?: unknown) => {
    if (typeof config === 'string' && config.startsWith(PREPARED)) {
      return query({ name: preparedName(config), text: config, values });
    }
    if (typeof config === 'string' && config.startsWith(UNBOUNDED)) {
      return query({ text: config, values, query_timeout: UNBOUNDED_QUERY_TIMEOUT_MS });
    }
    return query(config, values);
  };
  client.query = ((config: unknown, values?: unknown) => {
    const result = send(config, values);
    if (result instanceof Promise) {
      result.catch((error: unknown) => {
        if (error instanceof Error && error.message === 'Query read timeout') {
          (
            client as unknown as { connection: { stream: { destroy(error?: Error): void } } }
          ).connection.stream.destroy(error);
        }
      });
    }
    return result;
  }) as typeof client.query;
}

/** How long a client waits for any answer beyond statement_timeout before giving the connection up. */
const QUERY_TIMEOUT_MARGIN_MS = 2000;
/** The readiness probe's bound: a database that does not answer in this time is not ready. */
const PING_TIMEOUT_MS = 2000;
const POOL_DEFAULTS: PoolSettings = {
  size: 20,
  connectTimeoutMs: 5000,
  statementTimeoutMs: 30_000,
};

/** The database cannot be reached at start-up; the message is one line naming where and why. */
export class DatabaseUnreachableError extends Error {
  constructor(url: string, cause: unknown) {
    super(
      `Video MER could not start: the database at ${where(url)} cannot be reached (${reason(cause)})`,
      {
        cause,
      },
    );
    this.name = 'DatabaseUnreachableError';
  }
}

/** host:port/database of a postgres:// URL, without the user or password. */
function where(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/** Why a connection failed, in one line: the driver's message, or the codes of each attempt. */
function reason(error: unknown): string {
  const e = error as { message?: unknown; code?: unknown; errors?: unknown };
  let text = typeof e.message === 'string' ? e.message : '';
  if (!text && Array.isArray(e.errors))
    text = e.errors.map((inner: { message?: unknown }) => String(inner.message)).join('; ');
  if (!text && typeof e.code === 'string') text = e.code;
  return (text || String(error)).replace(/\s+/g, ' ').trim();
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseConfig['kind'];
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * How an in-memory PGlite database starts instead of from an empty cluster: the contents of a
 * data directory (`dumpDataDir`) and the already compiled WebAssembly modules. Tests start
 * many databases from one migrated copy; initdb alone costs seconds per database.
 */
export type PGliteStart = Pick<
  PGliteOptions,
  'loadDataDir' | 'pgliteWasmModule' | 'initdbWasmModule' | 'fsBundle'
>;

/**
 * Opens the embedded PGlite database (locking its directory) or a PostgreSQL pool. Both
 * answer the same SQL with the same JavaScript types: bigint as number, date as 'YYYY-MM-DD'.
 * `pgliteStart` applies to an in-memory PGlite database only.
 */
export async function openDatabase(
  config: DatabaseConfig,
  onPoolError?: (error: Error) => void,
  pgliteStart?: PGliteStart,
): Promise<DatabaseHandle> {
  if (config.kind === 'postgres') {
    const settings = config.pool ?? POOL_DEFAULTS;
    const pool = new pg.Pool({
      connectionString: config.url,
      max: settings.size,
      connectionTimeoutMillis: settings.connectTimeoutMs,
      // PostgreSQL cancels a statement running longer; the client stops waiting a little later,
      // when the server cannot even say so (a network partition).
      statement_timeout: settings.statementTimeoutMs,
      query_timeout: settings.statementTimeoutMs + QUERY_TIMEOUT_MARGIN_MS,
      // Probes idle connections, so a server gone without a word is noticed.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
          if (oid === INT8_OID) return (value: string) => Number(value);
          if (oid === DATE_OID) return (value: string) => value;
          return pg.types.getTypeParser(oid, format);
        }) as typeof pg.types.getTypeParser,
      },
    });
    // A client losing its server (database restart, network cut) must not crash the process,
    // whether it is idle in the pool or checked out between two queries of a transaction:
    // the next query on it fails, and the pool replaces it.
    pool.on('connect', (client) => {
      client.on('error', (error) => onPoolError?.(error));
      preparing(client);
    });
    pool.on('error', () => {
      // Already reported by the client's own listener above.
    });
    // Start-up refuses an unreachable database at once, in one line (requirements N-12).
    try {
      const client = await pool.connect();
      client.release();
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw new DatabaseUnreachableError(config.url, error);
    }
    return handle(
      new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      'postgres',
      async () => {},
    );
  }

  const inMemory = config.dataDir.startsWith('memory://');
  const unlock = inMemory ? () => {} : await lockDataDir(config.dataDir);
  try {
    const client = await PGlite.create(inMemory ? undefined : config.dataDir, {
      ...(inMemory ? pgliteStart : {}),
      parsers: { [DATE_OID]: (value: string) => value },
    });
    return handle(
      new Kysely<Database>({ dialect: new PGliteDialect(client) }),
      'pglite',
      async () => unlock(),
    );
  } catch (error) {
    unlock();
    throw error;
  }
}

function handle(
  db: Kysely<Database>,
  kind: DatabaseConfig['kind'],
  afterClose: () => Promise<void>,
): DatabaseHandle {
  return {
    db,
    kind,
    async ping() {
      // Bounded: a database that does not answer (a cut network) must not hold the probe.
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
      });
      const answer = sql`select 1`.execute(db).then(
        () => true,
        () => false,
      );
      try {
        return await Promise.race([answer, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      await db.destroy();
      await afterClose();
    },
  };
}
