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
    // A bound on a hung journey, not a measure of speed: the longest (several people, both
    // languages) take some 45 s alone and twice that beside another file on two cores, and
    // one passed 120 s on a loaded run.
    testTimeout: 240_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
    // The files of a worker share its module graph, as the server's do: the browser (see
    // workerBrowser in src/browser.ts), the compiled catalogue and the imported server and domain
    // modules are set up once per worker, not once per file. Each file still opens fresh browser
    // contexts and no test mocks or stubs a module.
    isolate: false,
    // expect.poll waits as long as a locator does: its default second was a bound on how busy
    // the machine was (a header's lists took longer to arrive on a loaded CI machine), not a
    // statement about the product. Timed assertions belong to the benchmarks.
    expect: { poll: { timeout: 15_000 } },
    // After the other projects, not among them: the journeys get the machine to themselves.
    sequence: { groupOrder: 1 },
  },
});
