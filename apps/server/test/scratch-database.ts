/**
 * Databases made for one run on a PostgreSQL server, shared by the server tests and the
 * benchmarks: no test framework here, so a benchmark process can use it as well.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A database of its own on the server: its URL and name; `drop` removes it (once). */
export interface ScratchDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** The URL of database `name` on the server `serverUrl` names (same user, host and options). */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.href;
}

/**
 * Creates a new database `<prefix>_<pid>_<random>` on the server `serverUrl` names, empty or a
 * copy of database `template`; throws when the server does not answer within
 * `connectionTimeoutMillis` (none by default).
 */
export async function createScratchDatabase(
  serverUrl: string,
  prefix: string,
  connectionTimeoutMillis?: number,
  template?: string,
): Promise<ScratchDatabase> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onServer(
    serverUrl,
    `create database ${name}${template ? ` template ${template}` : ''}`,
    connectionTimeoutMillis,
  );
  let dropped = false;
  return {
    url: databaseUrl(serverUrl, name),
    name,
    async drop() {
      if (dropped) return;
      dropped = true;
      await onServer(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

async function onServer(
  serverUrl: string,
  statement: string,
  connectionTimeoutMillis?: number,
): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
