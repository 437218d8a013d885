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
