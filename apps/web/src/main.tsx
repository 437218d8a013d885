import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { exposeStateForDebugging } from './app/debug.ts';
import { AppProviders } from './app/providers.tsx';
import { AppRoutes } from './app/router.tsx';
import { createStore } from './app/store.ts';
import { startSession } from './features/auth/start-session.ts';
import { basePath } from './lib/base-path.ts';
import { initI18n } from './lib/i18n.ts';

const store = createStore();
startSession(store.dispatch);
initI18n(store.getState().language.language);
exposeStateForDebugging(store);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProviders store={store}>
      <BrowserRouter basename={basePath() || undefined}>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
