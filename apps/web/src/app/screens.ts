import type { Screen } from '@vmer/domain/screens';
import { matchPath } from 'react-router';
import { paths } from '../config/paths.ts';

/** Where each screen of design §11's table lives; the questionnaire's start is /home. */
export const SCREEN_PATHS: Readonly<Record<Screen, string>> = {
  questionnaire: paths.home,
  worklist: paths.worklist,
  dashboard: paths.dashboard,
  users: paths.adminUsers,
  accountRequests: paths.adminAccountRequests,
  insurers: paths.adminInsurers,
  catalogue: paths.adminCatalogue,
};

/** Whether the address is on the screen (a disclosure's own address is the questionnaire's). */
export function isOnScreen(screen: Screen, pathname: string): boolean {
  if (screen === 'questionnaire' && matchPath(paths.questionnaire, pathname)) return true;
  return matchPath({ path: SCREEN_PATHS[screen], end: false }, pathname) !== null;
}
