import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { DatabaseUnreachableError } from './db/database.ts';
import { MigrationChangedError } from './db/migrate.ts';

const SHUTDOWN_GRACE_MS = 10_000;

/** `npm start`: reads the environment, builds the app, listens, and stops cleanly on SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Video MER is serving ${config.publicUrl}`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // Answers in flight finish; a hung one does not keep the process alive for ever.
    const timer = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  // What the operator can fix prints as it is, one line per problem (requirements N-12).
  if (
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof DatabaseUnreachableError ||
    error instanceof MigrationChangedError
  ) {
    console.error(error.message);
  } else {
    console.error('Video MER could not start:', error);
  }
  process.exit(1);
});
