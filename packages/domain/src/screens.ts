/**
 * The screens of the signed-in app and who may use them, apart from the administration's
 * schemas (admin.ts): the header menu and every page's check read this on every page load,
 * the sign-in page's included, which need none of those schemas.
 */
import type { Role } from './model.ts';

/** The screens of the signed-in app that not everyone may use. */
export const SCREENS = [
  'questionnaire',
  'worklist',
  'dashboard',
  'users',
  'accountRequests',
  'insurers',
  'catalogue',
] as const;
export type Screen = (typeof SCREENS)[number];

/**
 * Who may use each screen. The header menu shows a person these screens and no other; a direct
 * address to any other shows "not allowed"; the server's routes behind each screen refuse the
 * same roles (403). Administrators hold no disclosure data (design §3).
 */
export const SCREEN_ROLES: Readonly<Record<Screen, readonly Role[]>> = {
  questionnaire: ['agent', 'interviewer', 'underwriter'],
  worklist: ['agent', 'interviewer', 'underwriter'],
  dashboard: ['underwriter', 'admin'],
  users: ['admin'],
  accountRequests: ['admin'],
  insurers: ['admin'],
  catalogue: ['admin'],
};

/** Whether a person of this role may use the screen. */
export function mayUse(role: Role | null | undefined, screen: Screen): boolean {
  return role != null && SCREEN_ROLES[screen].includes(role);
}

/** The screens a person of this role may use, in menu order. */
export function screensFor(role: Role | null | undefined): Screen[] {
  return SCREENS.filter((screen) => mayUse(role, screen));
}
