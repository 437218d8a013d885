import type { AppStore, RootState } from './store.ts';

declare global {
  interface Window {
    /** A copy of the app state; present only when localStorage 'vmer.debug' is '1'. */
    __vmerState?: () => RootState;
  }
}

/** The localStorage switch that exposes the state getter, for tests and support. */
const DEBUG_STORAGE_KEY = 'vmer.debug';

/**
 * Exposes a read-only getter of the app state as `window.__vmerState()` when localStorage
 * 'vmer.debug' is '1' at page load, so that browser tests and support staff can inspect the
 * state (requirements §3) of the production build. It returns a copy: nothing can change the store
 * through it.
 */
export function exposeStateForDebugging(store: AppStore): void {
  if (window.localStorage.getItem(DEBUG_STORAGE_KEY) !== '1') return;
  Object.defineProperty(window, '__vmerState', {
    value: () => structuredClone(store.getState()),
    configurable: true,
  });
}
