import type { SignInState } from '../../lib/oidc-session.ts';
import { paths } from '../../config/paths.ts';

/**
 * The in-app path to go back to after sign-in. Only a path on this origin is accepted, so the
 * OIDC state cannot be turned into an open redirect.
 */
export function returnPathOf(state: unknown): string {
  const returnTo = (state as Partial<SignInState> | null | undefined)?.returnTo;
  if (typeof returnTo !== 'string' || !returnTo.startsWith('/') || returnTo.startsWith('//')) {
    return paths.home;
  }
  return returnTo;
}
