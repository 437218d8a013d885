import { defineConfig } from 'vitest/config';

// One runner for the whole tree: each workspace declares its own project.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/server', 'apps/web', 'e2e'],
    coverage: {
      provider: 'v8',
      include: ['packages/domain/src/**/*.ts'],
      exclude: ['**/*.test.ts'],
      reporter: ['text-summary'],
      thresholds: { lines: 95 },
    },
  },
});
