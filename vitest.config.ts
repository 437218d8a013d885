import { defineConfig } from 'vitest/config';
import RequirementsReporter from './tools/requirements-reporter.ts';

// One runner for the whole tree: each workspace declares its own project.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/server', 'apps/web', 'e2e'],
    reporters: ['default', new RequirementsReporter()],
    coverage: {
      provider: 'v8',
      // The coverage bar is the domain core's (95% of lines), met by the domain project's own
      // tests: only its workers collect coverage (packages/domain/vitest.config.ts). The other
      // parts are proven by their HTTP and browser tests. The paths are the repository's: a run
      // filtered with --project matches them against each project's folder instead and reports
      // nothing, so the bar is read from `npm test`.
      include: ['packages/domain/src/**/*.ts'],
      reporter: ['text-summary'],
      thresholds: { lines: 95 },
    },
  },
});
