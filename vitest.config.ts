import { defineConfig } from 'vitest/config';
import ChecklistReporter from './tools/checklist-reporter.ts';

// One runner for the whole tree: each workspace declares its own project.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/server', 'apps/web', 'e2e'],
    reporters: ['default', new ChecklistReporter()],
    coverage: {
      provider: 'v8',
      include: ['packages/domain/src/**/*.ts'],
      exclude: ['**/*.test.ts'],
      reporter: ['text-summary'],
      thresholds: { lines: 95 },
    },
  },
});
