import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'domain',
    // Two files at a time, as the server's, whose group of files (sequence.groupOrder 0) this
    // project shares: Vitest's default on a two-core machine is one.
    maxWorkers: 2,
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  },
});
