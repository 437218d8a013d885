import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Component tests: the web app's widgets in jsdom, against real stores and real HTTP.
export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/__tests__/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
});
