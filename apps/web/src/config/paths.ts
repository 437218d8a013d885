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
  adminCatalogueDraft: '/admin/catalogue/drafts/:id',
} as const;

/**
 * The state of a navigation that keeps the screen on show: a disclosure saved at /home takes
 * its own address (W-22), or the questionnaire starts afresh at /home after a save or submit.
 * The main content does not take the focus: it stays where the person left it (the result
 * dialog, the field they type in when a background save ran), or the fresh form's title takes
 * it (I-09).
 */
export const SAME_SCREEN = { sameScreen: true } as const;
