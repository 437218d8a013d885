import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers.tsx';
import { createStore, type AppStore } from '../app/store.ts';
import { initI18n } from '../lib/i18n.ts';

/**
 * Renders `ui` with the real store, theme and i18n, at `path` of a memory router; `route` is
 * the pattern it renders under (its parameters are the screen's, as the app's route gives them).
 */
export function renderWithApp(
  ui: ReactNode,
  {
    store = createStore(),
    path = '/',
    route = '*',
  }: { store?: AppStore; path?: string; route?: string } = {},
) {
  initI18n(store.getState().language.language);
  const router = createMemoryRouter([{ path: route, element: ui }], { initialEntries: [path] });
  const result = render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, store, router };
}
