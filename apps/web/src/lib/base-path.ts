/**
 * Where the app lives on its origin: `/` at the root, `/vmer/` under a sub-path (requirements
 * N-11). The server writes it into index.html as `<base href>` from PUBLIC_URL, so one build
 * serves any deployment; every address the app makes outside its router starts here.
 */
function baseUrl(): URL {
  return new URL(document.baseURI);
}

/** The app's path on its origin without the trailing slash: '' at the root, '/vmer' under one. */
export function basePath(): string {
  return baseUrl().pathname.replace(/\/+$/, '');
}

/** The absolute address of `path`, a path of the app (`/login/callback`, `api/x`), under the base. */
export function appUrl(path: string): URL {
  return new URL(path.replace(/^\/+/, ''), baseUrl());
}

/** The current address's path within the app, the base path taken off (what the router matches). */
export function appPathname(): string {
  const { pathname } = window.location;
  const base = basePath();
  return base !== '' && pathname.startsWith(base) ? pathname.slice(base.length) || '/' : pathname;
}
