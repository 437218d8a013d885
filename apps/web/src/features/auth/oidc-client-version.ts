/**
 * The oldest oidc-client-ts the sign-in is built and tested with: the lowest version the web
 * app's package.json allows (a test keeps the two equal).
 */
export const MIN_OIDC_CLIENT_VERSION = '3.5.0';

function parts(version: string): number[] {
  return version
    .replace(/^v/, '')
    .split(/[.+-]/)
    .slice(0, 3)
    .map((part) => Number.parseInt(part, 10) || 0);
}

/** Whether an oidc-client-ts version (as its `Version` export gives it) is the minimum or newer. */
export function isSupportedOidcClient(version: string): boolean {
  const found = parts(version);
  const minimum = parts(MIN_OIDC_CLIENT_VERSION);
  for (let index = 0; index < minimum.length; index += 1) {
    const difference = (found[index] ?? 0) - (minimum[index] ?? 0);
    if (difference !== 0) return difference > 0;
  }
  return true;
}
