import type { ComponentType } from 'react';
import { matchPath, Route, Routes } from 'react-router';
import { FIRST_SCREEN_PATHS, paths } from '../config/paths.ts';
import { RequireAuth } from '../features/auth/components/require-auth.tsx';
import { lazyChunk } from '../lib/chunk-load.ts';
import { PublicLayout } from './layout/public-layout.tsx';
import { RootLayout } from './layout/root-layout.tsx';
import { RequireScreen } from './require-screen.tsx';
import { NotFound, RouteBoundary } from './route-error.tsx';

const routeComponent = (module: { Component: ComponentType }) => module.Component;

const Landing = lazyChunk('landing', () => import('./routes/landing.tsx'), routeComponent);
const Privacy = lazyChunk('privacy', () => import('./routes/privacy.tsx'), routeComponent);
const AccountRequest = lazyChunk(
  'account-request',
  () => import('./routes/account-request.tsx'),
  routeComponent,
);
const LoginCallback = lazyChunk(
  'login-callback',
  () => import('../features/auth/components/login-callback.tsx'),
  (module) => module.LoginCallback,
);
const LogoutCallback = lazyChunk(
  'logout-callback',
  () => import('../features/auth/components/logout-callback.tsx'),
  (module) => module.LogoutCallback,
);
const AppLayout = lazyChunk(
  'app-layout',
  () => import('./layout/app-layout.tsx'),
  (module) => module.AppLayout,
);
const Questionnaire = lazyChunk(
  'questionnaire',
  () => import('./routes/questionnaire.tsx'),
  routeComponent,
);
const Worklist = lazyChunk('worklist', () => import('./routes/worklist.tsx'), routeComponent);
const Dashboard = lazyChunk('dashboard', () => import('./routes/dashboard.tsx'), routeComponent);
const AdminInsurers = lazyChunk(
  'admin-insurers',
  () => import('./routes/admin-insurers.tsx'),
  routeComponent,
);
const AdminCatalogue = lazyChunk(
  'admin-catalogue',
  () => import('./routes/admin-catalogue.tsx'),
  routeComponent,
);
const AdminCatalogueDraft = lazyChunk(
  'admin-catalogue-draft',
  () => import('./routes/admin-catalogue-draft.tsx'),
  routeComponent,
);
const AdminUsers = lazyChunk(
  'admin-users',
  () => import('./routes/admin-users.tsx'),
  routeComponent,
);
const AdminAccountRequests = lazyChunk(
  'admin-account-requests',
  () => import('./routes/admin-account-requests.tsx'),
  routeComponent,
);

/**
 * The code of the screen a signed-in page load starts at, when the page's first script started
 * loading it with the HTML (the questionnaire, at /home or a disclosure's address: requirements
 * F-03): settles once it is here. The app renders its first screen after that, so that no lazy
 * route shows its loading fallback for a frame first (see {@link lazyChunk}). Elsewhere, or not
 * signed in, nothing is waited for.
 */
export function firstScreenLoaded(pathname: string, signedIn: boolean): Promise<void> {
  const preloaded = FIRST_SCREEN_PATHS.some((path) => matchPath(path, pathname));
  if (!signedIn || !preloaded) return Promise.resolve();
  return Promise.all([AppLayout.ready(), Questionnaire.ready()]).then(() => undefined);
}

/**
 * Every screen of requirements §2. Pages load on demand; a page that fails to load shows in the layout
 * around it, and an unmatched path shows the generic fallback.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route element={<PublicLayout />}>
          <Route path={paths.landing} element={<Landing />} />
          <Route path={paths.privacy} element={<Privacy />} />
          <Route path={paths.accountRequest} element={<AccountRequest />} />
          <Route path={paths.loginCallback} element={<LoginCallback />} />
          <Route path={paths.logoutCallback} element={<LogoutCallback />} />
          <Route path="*" element={<NotFound />} />
        </Route>
        <Route element={<RequireAuth />}>
          <Route
            element={
              <RouteBoundary>
                <AppLayout />
              </RouteBoundary>
            }
          >
            {/* One page for both: a disclosure saved at /home moves to its own address without
                leaving the screen it is on (W-22). */}
            {/* Each screen only for the roles that use it (O-01, design §11). */}
            <Route
              element={<RequireScreen screen="questionnaire" preload={Questionnaire.preload} />}
            >
              <Route path={paths.home} element={<Questionnaire />} />
              <Route path={paths.questionnaire} element={<Questionnaire />} />
            </Route>
            <Route
              path={paths.worklist}
              element={
                <RequireScreen screen="worklist" preload={Worklist.preload}>
                  <Worklist />
                </RequireScreen>
              }
            />
            <Route
              path={paths.dashboard}
              element={
                <RequireScreen screen="dashboard" preload={Dashboard.preload}>
                  <Dashboard />
                </RequireScreen>
              }
            />
            <Route
              path={paths.adminInsurers}
              element={
                <RequireScreen screen="insurers" preload={AdminInsurers.preload}>
                  <AdminInsurers />
                </RequireScreen>
              }
            />
            <Route
              path={paths.adminCatalogue}
              element={
                <RequireScreen screen="catalogue" preload={AdminCatalogue.preload}>
                  <AdminCatalogue />
                </RequireScreen>
              }
            />
            <Route
              path={paths.adminCatalogueDraft}
              element={
                <RequireScreen screen="catalogue" preload={AdminCatalogueDraft.preload}>
                  <AdminCatalogueDraft />
                </RequireScreen>
              }
            />
            <Route
              path={paths.adminUsers}
              element={
                <RequireScreen screen="users" preload={AdminUsers.preload}>
                  <AdminUsers />
                </RequireScreen>
              }
            />
            <Route
              path={paths.adminAccountRequests}
              element={
                <RequireScreen screen="accountRequests" preload={AdminAccountRequests.preload}>
                  <AdminAccountRequests />
                </RequireScreen>
              }
            />
          </Route>
        </Route>
      </Route>
    </Routes>
  );
}
