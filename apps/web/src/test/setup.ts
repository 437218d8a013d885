import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// React's act() checks apply: state updates outside act are reported.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
