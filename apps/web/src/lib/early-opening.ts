/**
 * The opening call of a disclosure, started by the page's first script (requirements F-01;
 * architecture.md, "Opening a disclosure"): at `/questionnaire/{requestId}` with a valid stored
 * session, the call goes out as the HTML is parsed, while the app's scripts are still on their
 * way, and the app takes its answer instead of asking once it runs.
 *
 * The first script is these functions' own source (`earlyOpeningScript`, written into the
 * build by vite.config.ts), so they use nothing but each other and the browser: no import, no
 * module variable. The app reads the stored session and the instance cookie through the same
 * two readers (lib/oidc-session.ts, lib/instance-cookie.ts).
 */

/** What the first script needs to know of the app: fixed at build time. */
export interface EarlyOpeningSettings {
  /** The app's address of a disclosure, a regular expression whose group 1 is its request id. */
  route: string;
  /** The opening call's path on the app's origin (`/api/…/:requestId/open`). */
  openPath: string;
  /** The id of the page's element that holds the auth config (the server writes it). */
  authConfigId: string;
  /** Where the versions this browser keeps are listed, followed by the person's subject. */
  heldVersionsKey: string;
  /** The cookie that carries the questionnaire instance (requirements §6). */
  instanceCookie: string;
}

/** The call the first script started: for which disclosure, naming which kept versions. */
export interface EarlyOpening {
  requestId: string;
  known: string[];
  response: Promise<Response>;
}

/**
 * Where the catalogue versions this browser keeps for a person are listed, the person's subject
 * following (features/questionnaire/api/catalogue-cache.ts): the first script names them.
 */
export const HELD_VERSIONS_KEY = 'vmer.catalogue.held:';

/** The signed-in user as oidc-client-ts stores it: the parts the app reads. */
export interface StoredOidcUser {
  access_token?: unknown;
  expires_at?: unknown;
  refresh_token?: unknown;
  profile?: { sub?: unknown; name?: unknown };
}

declare global {
  interface Window {
    vmerEarlyOpening?: EarlyOpening;
  }
}

/** The value of the cookie `name`, or null when there is none (or it is empty). */
export function cookieValue(name: string): string | null {
  for (const pair of document.cookie.split(';')) {
    const separator = pair.indexOf('=');
    if (separator < 0) continue;
    if (pair.slice(0, separator).trim() === name) {
      const value = decodeURIComponent(pair.slice(separator + 1).trim());
      return value === '' ? null : value;
    }
  }
  return null;
}

/** The user oidc-client-ts keeps under `key` in local storage, or null when none reads. */
export function storedOidcUser(key: string): StoredOidcUser | null {
  try {
    const user = JSON.parse(window.localStorage.getItem(key) ?? 'null') as unknown;
    return typeof user === 'object' && user !== null ? (user as StoredOidcUser) : null;
  } catch {
    return null;
  }
}

/** The catalogue versions listed under `key` in local storage; none when nothing reads. */
export function listedVersions(key: string): string[] {
  try {
    const held = JSON.parse(window.localStorage.getItem(key) ?? '[]') as unknown;
    return Array.isArray(held)
      ? held.filter((version): version is string => typeof version === 'string')
      : [];
  } catch {
    return [];
  }
}

/** Starts the opening call when the page is a disclosure's and a valid session is stored. */
function startEarlyOpening(settings: EarlyOpeningSettings): void {
  try {
    const base = new URL(document.baseURI);
    const path = window.location.pathname.slice(base.pathname.length - 1);
    const match = new RegExp(settings.route).exec(path);
    if (!match?.[1]) return;
    const requestId = decodeURIComponent(match[1]);
    const config = JSON.parse(
      document.getElementById(settings.authConfigId)?.textContent ?? 'null',
    ) as { authority?: unknown; clientId?: unknown } | null;
    if (typeof config?.authority !== 'string' || typeof config.clientId !== 'string') return;
    const user = storedOidcUser(`oidc.user:${config.authority}:${config.clientId}`);
    const token = user?.access_token;
    const expiresAt = user?.expires_at;
    if (typeof token !== 'string' || typeof expiresAt !== 'number') return;
    if (expiresAt * 1000 <= Date.now()) return;
    const subject = user?.profile?.sub;
    const known =
      typeof subject === 'string' ? listedVersions(settings.heldVersionsKey + subject) : [];
    const url = new URL(
      settings.openPath.replace(':requestId', encodeURIComponent(requestId)).slice(1),
      base,
    );
    if (known.length > 0) url.searchParams.set('known', known.join(','));
    url.searchParams.set('datatimestamp', String(Date.now()));
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      Authorization: `Bearer ${token}`,
    };
    const instance = cookieValue(settings.instanceCookie);
    if (instance) headers.Instance = instance;
    window.vmerEarlyOpening = { requestId, known, response: fetch(url, { headers }) };
  } catch {
    // The app opens the disclosure itself.
  }
}

/**
 * The first script's source: the functions above and a call of {@link startEarlyOpening} with
 * `settings`. A function's source is what the build made of it, self-contained as they are.
 */
export function earlyOpeningScript(settings: EarlyOpeningSettings): string {
  return `(function(){${cookieValue.toString()}\n${storedOidcUser.toString()}\n${listedVersions.toString()}\n(${startEarlyOpening.toString()})(${JSON.stringify(settings)});})();\n`;
}

/**
 * The opening call the first script started for `requestId`, taken once (a later opening of the
 * same disclosure asks afresh); undefined when it started none.
 */
export function takeEarlyOpening(requestId: string): EarlyOpening | undefined {
  const early = window.vmerEarlyOpening;
  if (early?.requestId !== requestId) return undefined;
  delete window.vmerEarlyOpening;
  return early;
}
