import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [
    {
      // The coverage bar (the root config's, 95% of the domain's lines) is met by this
      // project's own tests: only its workers collect coverage. Collecting it in the server's,
      // the web's and the journeys' workers as well made their JavaScript some 30% slower (block
      // counters on every function they ran) for a report that counts the domain alone.
      name: 'coverage-by-the-domain-tests-only',
      configureVitest({ vitest }) {
        for (const project of vitest.projects)
          if (project.name !== 'domain')
            project.config.coverage = { ...project.config.coverage, enabled: false };
      },
    },
  ],
  test: {
    name: 'domain',
    // Two files at a time, as the server's, whose group of files (sequence.groupOrder 0) this
    // project shares: Vitest's default on a two-core machine is one.
    maxWorkers: 2,
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  },
});
