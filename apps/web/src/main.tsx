import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { exposeStateForDebugging } from './app/debug.ts';
import { AppProviders } from './app/providers.tsx';
import { createRouter } from './app/router.tsx';
import { createStore } from './app/store.ts';
import { initI18n } from './lib/i18n.ts';

const store = createStore();
initI18n(store.getState().language.language);
exposeStateForDebugging(store);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProviders store={store}>
      <RouterProvider router={createRouter()} />
    </AppProviders>
  </StrictMode>,
);
