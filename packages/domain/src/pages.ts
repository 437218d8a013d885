/**
 * Every page path of the web app (requirements §2, design §5), in one place: the web app's
 * router declares its routes from it, and the server answers 200 with the app for exactly these
 * paths and 404 (still with the app, which shows its not-found page) for any other.
 */
export const PAGE_PATHS = {
  landing: '/',
  home: '/home',
  questionnaire: '/questionnaire/:requestId?',
  worklist: '/worklist',
  dashboard: '/dashboard',
  loginCallback: '/login/callback',
  logoutCallback: '/logout/callback',
  privacy: '/privacy',
  accountRequest: '/account-request',
  adminUsers: '/admin/users',
  adminAccountRequests: '/admin/account-requests',
  adminInsurers: '/admin/insurers',
  adminCatalogue: '/admin/catalogue',
  adminCatalogueDraft: '/admin/catalogue/drafts/:id',
} as const;

/** A route pattern as a regular expression: `:name` is one segment, `:name?` an optional one. */
function patternOf(path: string): string {
  return path
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (!segment.startsWith(':')) return `/${segment.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')}`;
      return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
    })
    .join('');
}

/** The source of a regular expression matching a URL path that is one of `paths`. */
export function pagesPattern(paths: readonly string[]): string {
  return `^(?:${paths.map(patternOf).join('|')})/?$`;
}

const PAGE = new RegExp(pagesPattern(Object.values(PAGE_PATHS)));

/** Whether a URL path (without its query) is one of the app's pages. */
export function isPagePath(path: string): boolean {
  return PAGE.test(path);
}
