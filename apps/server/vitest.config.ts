import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // One migrated database of each kind per run, which every test app's database copies.
    globalSetup: ['./test/global-setup.ts'],
    // Each file builds its own app on its own database (PGlite in memory, or a PostgreSQL
    // database it creates and drops), so files run in parallel; starting one takes seconds.
    testTimeout: 60_000,
    // Two files at a time (Vitest's default on a two-core machine is one): much of a file's time
    // is spent waiting on PostgreSQL or on the child servers of the process tests, which the
    // other file fills.
    maxWorkers: 2,
    // The files of a worker share its module graph: the app, Fastify, Kysely and PGlite are
    // imported once per worker, not once per file. Each file still builds its own app and
    // database, and no test mocks or stubs a module.
    isolate: false,
    hookTimeout: 120_000,
  },
});
