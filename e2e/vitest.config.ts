import { defineProject } from 'vitest/config';

// Browser journeys: Chromium against the real server, started once for the whole project.
export default defineProject({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    globalSetup: ['./src/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // One browser at a time: the journeys share a server and the machine's few cores.
    fileParallelism: false,
  },
});
