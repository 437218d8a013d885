import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '../config/paths.ts';
import { RequireAuth } from '../features/auth/components/require-auth.tsx';
import { loadChunk } from '../lib/chunk-load.ts';
import { PublicLayout } from './layout/public-layout.tsx';
import { PageLoading } from './layout/page-loading.tsx';
import { RootLayout } from './layout/root-layout.tsx';
import { RootRouteError, RouteError } from './route-error.tsx';

/** Every screen of spec §2. Pages load on demand; a failed load shows in the layout around it. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RootRouteError />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          {
            errorElement: <RouteError />,
            children: [
              {
                path: paths.landing,
                lazy: loadChunk('landing', () => import('./routes/landing.tsx')),
              },
              {
                path: paths.privacy,
                lazy: loadChunk('privacy', () => import('./routes/privacy.tsx')),
              },
              {
                path: paths.accountRequest,
                lazy: loadChunk('account-request', () => import('./routes/account-request.tsx')),
              },
              {
                path: paths.loginCallback,
                lazy: loadChunk('login-callback', () =>
                  import('../features/auth/components/login-callback.tsx').then((module) => ({
                    Component: module.LoginCallback,
                  })),
                ),
              },
              {
                path: paths.logoutCallback,
                lazy: loadChunk('logout-callback', () =>
                  import('../features/auth/components/logout-callback.tsx').then((module) => ({
                    Component: module.LogoutCallback,
                  })),
                ),
              },
            ],
          },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: loadChunk('app-layout', () =>
              import('./layout/app-layout.tsx').then((module) => ({ Component: module.AppLayout })),
            ),
            children: [
              {
                errorElement: <RouteError />,
                children: [
                  { path: paths.home, lazy: loadChunk('home', () => import('./routes/home.tsx')) },
                  {
                    path: paths.questionnaire,
                    lazy: loadChunk('questionnaire', () => import('./routes/questionnaire.tsx')),
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
