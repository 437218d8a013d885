import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { exposeStateForDebugging } from './app/debug.ts';
import { loadMuiLocale } from './app/mui-locale.ts';
import { AppProviders } from './app/providers.tsx';
import { AppRoutes, firstScreenLoaded } from './app/router.tsx';
import { createStore } from './app/store.ts';
import { selectAuthStatus } from './features/auth/auth-slice.ts';
import { startSession } from './features/auth/start-session.ts';
import { appPathname, basePath } from './lib/base-path.ts';
import { initI18n } from './lib/i18n.ts';

const store = createStore();
startSession(store.dispatch);
initI18n(store.getState().language.language);
exposeStateForDebugging(store);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/**
 * How long the first render waits for its screen's code at most: past it, the screen renders
 * with its loading indicator as any lazy page does.
 */
const FIRST_SCREEN_WAIT_MS = 2_000;

function render(into: HTMLElement) {
  createRoot(into).render(
    <StrictMode>
      <AppProviders store={store}>
        <BrowserRouter basename={basePath() || undefined}>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
}

// The first screen's code is on its way with the page (its first script preloads it): rendered
// once it is here, the screen shows at once rather than after a loading fallback and React's
// throttle on revealing what replaces one. Material UI's texts in a Chinese language load
// meanwhile, so that the first render has them. A failure renders as well: the route shows it.
void Promise.race([
  Promise.all([
    firstScreenLoaded(appPathname(), selectAuthStatus(store.getState()) === 'signedIn'),
    loadMuiLocale(store.getState().language.language).catch(() => undefined),
  ]),
  new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS)),
])
  .catch(() => undefined)
  .then(() => render(root));
