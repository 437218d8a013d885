import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config.ts';
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

/** Statements marked PREPARED go out named after their text; everything else as it came. */
function preparing(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (config: unknown, values?: unknown) => unknown;
  client.query = ((config: unknown, values?: unknown) =>
    typeof config === 'string' && config.startsWith(PREPARED)
      ? query({ name: preparedName(config), text: config, values })
      : query(config, values)) as typeof client.query;
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseConfig['kind'];
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * Opens the embedded PGlite database (locking its directory) or a PostgreSQL pool. Both
 * answer the same SQL with the same JavaScript types: bigint as number, date as 'YYYY-MM-DD'.
 */
export async function openDatabase(config: DatabaseConfig, onPoolError?: (error: Error) => void): Promise<DatabaseHandle> {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: config.url,
      max: 20,
      connectionTimeoutMillis: 5000,
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
    return handle(new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), 'postgres', async () => {});
  }

  const inMemory = config.dataDir.startsWith('memory://');
  const unlock = inMemory ? () => {} : lockDataDir(config.dataDir);
  try {
    const client = await PGlite.create(inMemory ? undefined : config.dataDir, {
      parsers: { [DATE_OID]: (value: string) => value },
    });
    return handle(new Kysely<Database>({ dialect: new PGliteDialect(client) }), 'pglite', async () => unlock());
  } catch (error) {
    unlock();
    throw error;
  }
}

function handle(db: Kysely<Database>, kind: DatabaseConfig['kind'], afterClose: () => Promise<void>): DatabaseHandle {
  return {
    db,
    kind,
    async ping() {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      await db.destroy();
      await afterClose();
    },
  };
}
