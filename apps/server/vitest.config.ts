import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // Each file builds its own app on its own database (PGlite in memory, or a PostgreSQL
    // database it creates and drops), so files run in parallel; starting one takes seconds.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
