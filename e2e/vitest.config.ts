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
    // expect.poll waits as long as a locator does: its default second was a bound on how busy
    // the machine was (a header's lists took longer to arrive on a loaded CI machine), not a
    // statement about the product. Timed assertions belong to the benchmarks.
    expect: { poll: { timeout: 15_000 } },
    // After the other projects, not among them: the journeys get the machine to themselves.
    sequence: { groupOrder: 1 },
  },
});
