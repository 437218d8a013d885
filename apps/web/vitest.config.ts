import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Component tests: the web app's widgets in jsdom, with real stores and the real API client,
// whose calls a mock service worker (msw, src/test/mock-api.ts) answers.
export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    // Two files at a time, as the server's, whose group of files (sequence.groupOrder 0) this
    // project shares: Vitest's default on a two-core machine is one.
    maxWorkers: 2,
    environment: 'jsdom',
    include: ['src/**/__tests__/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // A form typed key by key in jsdom takes a few seconds on a busy two-core machine; the
    // default 5 s bound failed such tests for load alone. Still bounded, never a timed assertion.
    testTimeout: 30_000,
    // The schema completion package's ES modules import each other without file extensions,
    // which only a bundler resolves: Vite transforms it as the build does.
    server: { deps: { inline: ['codemirror-json-schema'] } },
  },
});
