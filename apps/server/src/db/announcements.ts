import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { z } from 'zod';
import type { DatabaseConfig } from '../config.ts';
import { DatabaseUnreachableError } from './database.ts';
import type { Database } from './schema.ts';

/**
 * The PostgreSQL channel on which a server announces a change that other replicas keep in
 * memory. Its payload is JSON naming what changed by id only, never personal data:
 * `{"kind":"catalogue","version":"7"}` when version 7 became the active catalogue (an import,
 * an activation, an insurer change).
 */
const CHANNEL = 'vmer_changes';

const changeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('catalogue'), version: z.string().regex(/^\d{1,9}$/) }),
]);

/** A change another replica may hold a stale copy of. */
type Change = z.infer<typeof changeSchema>;
type Kind = Change['kind'];

/**
 * Told of a change of its kind, or with `undefined` when changes may have been missed (the
 * listening connection dropped and came back): then anything of the kind may have changed.
 */
type Handler<K extends Kind> = (change: Extract<Change, { kind: K }> | undefined) => void;

export interface Announcements {
  /**
   * Announces `change` in the transaction (or on the connection) `db`: PostgreSQL delivers it
   * when the transaction commits, and never when it rolls back.
   */
  publish(db: Kysely<Database>, change: Change): Promise<void>;
  subscribe<K extends Kind>(kind: K, handler: Handler<K>): void;
  close(): Promise<void>;
}

interface Log {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

/** The listening connection's first wait before connecting again, doubled at each failure up to the most. */
const RECONNECT_FIRST_MS = 250;
const RECONNECT_MOST_MS = 15_000;
/**
 * How often the listening connection is asked a trivial query, and how long the answer may
 * take: a connection cut without a word (a network partition) is noticed in seconds, not in
 * the minutes TCP keepalive takes.
 */
const HEARTBEAT_MS = 10_000;
const HEARTBEAT_TIMEOUT_MS = 5000;
const DEFAULT_CONNECT_TIMEOUT_MS = 5000;
/** How the listening connection names itself in pg_stat_activity. */
const LISTENER_APPLICATION_NAME = 'vmer-announcements';

function subscribers() {
  const handlers: { kind: Kind; handler: Handler<Kind> }[] = [];
  return {
    add<K extends Kind>(kind: K, handler: Handler<K>) {
      handlers.push({ kind, handler: handler as unknown as Handler<Kind> });
    },
    deliver(change: Change | undefined) {
      for (const entry of handlers) {
        if (change === undefined || entry.kind === change.kind) entry.handler(change);
      }
    },
  };
}

/**
 * The announcements of the database `config` names: over LISTEN/NOTIFY on PostgreSQL (at
 * DATABASE_LISTEN_URL when set), in this process alone on the embedded database. A listening
 * connection that cannot be opened stops the start with one line naming where.
 */
export async function openAnnouncements(config: DatabaseConfig, log: Log): Promise<Announcements> {
  if (config.kind === 'pglite') return inProcessAnnouncements();
  const url = config.listenUrl ?? config.url;
  try {
    return await postgresAnnouncements(url, {
      connectTimeoutMs: config.pool?.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      log,
    });
  } catch (error) {
    throw new DatabaseUnreachableError(url, error);
  }
}

/**
 * On the embedded database, which one process serves, there is nobody to tell: the server
 * that makes a change drops its own copy once the change is committed. Publishing does
 * nothing and no handler is ever called.
 */
function inProcessAnnouncements(): Announcements {
  return {
    async publish() {},
    subscribe() {},
    async close() {},
  };
}

/**
 * Announcements over PostgreSQL's LISTEN/NOTIFY: changes are published with `pg_notify` in
 * the transaction that makes them, and heard on a dedicated connection (LISTEN needs a
 * session of its own, which a pool or a transaction-mode PgBouncer does not give). When that
 * connection drops it is opened again after a growing wait, and every subscriber is told
 * that changes may have been missed. Resolves once the first connection listens, and
 * rejects when it cannot be opened.
 */
async function postgresAnnouncements(
  url: string,
  options: { connectTimeoutMs: number; log: Log },
): Promise<Announcements> {
  const { log } = options;
  const handlers = subscribers();
  let client: pg.Client | undefined;
  let closing = false;
  let retry: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let wait = RECONNECT_FIRST_MS;

  const hear = (message: pg.Notification) => {
    if (message.channel !== CHANNEL) return;
    let parsed;
    try {
      parsed = changeSchema.safeParse(JSON.parse(message.payload ?? ''));
    } catch {
      parsed = undefined;
    }
    if (parsed?.success) handlers.deliver(parsed.data);
    // Something this server does not know (a newer replica's kind): drop every copy.
    else handlers.deliver(undefined);
  };

  const connect = async (): Promise<pg.Client> => {
    const next = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: options.connectTimeoutMs,
      application_name: LISTENER_APPLICATION_NAME,
      query_timeout: HEARTBEAT_TIMEOUT_MS,
      keepAlive: true,
    });
    next.on('error', () => dropped(next));
    next.on('end', () => dropped(next));
    next.on('notification', hear);
    try {
      await next.connect();
      await next.query(`listen ${CHANNEL}`);
    } catch (error) {
      next.removeAllListeners('end');
      await next.end().catch(() => undefined);
      throw error;
    }
    return next;
  };

  const dropped = (which: pg.Client) => {
    if (which !== client) return;
    client = undefined;
    clearInterval(heartbeat);
    which.removeAllListeners('end');
    which.end().catch(() => undefined);
    if (closing) return;
    log.warn({ channel: CHANNEL }, 'the announcements connection dropped; opening it again');
    reconnectLater();
  };

  const reconnectLater = () => {
    // Jitter, so replicas losing the database together do not come back in step.
    const delay = wait / 2 + Math.random() * (wait / 2);
    wait = Math.min(wait * 2, RECONNECT_MOST_MS);
    retry = setTimeout(() => {
      retry = undefined;
      connect().then(
        (next) => {
          if (closing) {
            next.end().catch(() => undefined);
            return;
          }
          listening(next);
          wait = RECONNECT_FIRST_MS;
          log.info({ channel: CHANNEL }, 'the announcements connection is back');
          // What was announced meanwhile was not heard: every copy may be stale.
          handlers.deliver(undefined);
        },
        () => {
          if (!closing) reconnectLater();
        },
      );
    }, delay);
    retry.unref();
  };

  const listening = (next: pg.Client) => {
    client = next;
    heartbeat = setInterval(() => {
      next.query('select 1').catch(() => dropped(next));
    }, HEARTBEAT_MS);
    heartbeat.unref();
  };

  listening(await connect());

  return {
    async publish(db, change) {
      await sql`select pg_notify(${CHANNEL}, ${JSON.stringify(change)})`.execute(db);
    },
    subscribe: handlers.add,
    async close() {
      closing = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
      const last = client;
      client = undefined;
      if (last) {
        last.removeAllListeners('end');
        await last.end().catch(() => undefined);
      }
    },
  };
}
