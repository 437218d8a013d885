import { defineProject } from 'vitest/config';

// Browser journeys: Chromium against the real server. Two files run at a time, each worker
// against a server of its own (global-setup.ts), so that one file's users and data never
// meet another's; much of a journey is spent waiting on the server and the browser, which the
// other worker's file fills.
export default defineProject({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    globalSetup: ['./src/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
    // After the other projects, not among them: the journeys get the machine to themselves.
    sequence: { groupOrder: 1 },
  },
});
