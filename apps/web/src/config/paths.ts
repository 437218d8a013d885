/** Every route path of the app (requirements §2, design §5), in one place. */
export const paths = {
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
} as const;

/**
 * The state of a navigation that only changes the address of the screen on show (a disclosure
 * saved at /home takes its own address, W-22): the focus stays where the person left it — in
 * the result dialog, or in the field they are typing in when a background save ran (I-09).
 */
export const SAME_SCREEN = { sameScreen: true } as const;
