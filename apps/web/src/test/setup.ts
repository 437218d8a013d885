import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { mockServer } from './mock-api.ts';
// The questionnaire's state, added to the store by its route's chunk in the app, is there for
// every test that renders its screen alone.
import '../app/questionnaire-wiring.ts';

// React's act() checks apply: state updates outside act are reported.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// The API is a mock service worker; a call no handler answers fails (see mock-api.ts).
beforeAll(() => mockServer.listen({ onUnhandledFrame: 'error' }));

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  mockServer.resetHandlers();
  mockServer.events.removeAllListeners();
});

afterAll(() => mockServer.close());
