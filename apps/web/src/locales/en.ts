/**
 * The interface texts in English. Keys are grouped by screen; the domain's message keys
 * (packages/domain/src/messages.ts) are merged beside them at the top level. Placeholders are
 * written `{name}`, as in the domain's messages.
 */
export const en = {
  app: {
    name: 'Video MER',
    skipToContent: 'Skip to main content',
    documentTitle: '{screen} – Video MER',
  },
  common: {
    cancel: 'Cancel',
    close: 'Close',
    loading: 'Loading',
    reload: 'Reload',
    retry: 'Retry',
  },
  landing: {
    title: 'SIGN IN',
    intro: 'Video medical examination disclosure for life insurance underwriting.',
    signIn: 'Sign In',
    or: 'OR',
    createAccount: 'Create An Account',
  },
  auth: {
    signingIn: 'Signing in',
    signingOut: 'Signing out',
    callbackErrorTitle: 'Sign-in failed',
    backToLogin: 'Back To Login',
    sessionEnded: 'Your session has ended. Please sign in again.',
  },
  header: {
    insurer: 'Insurer',
    channel: 'Channel',
    product: 'Product',
    selectionLabel: 'Insurer, channel and product',
    chooseValue: '{label}: {value}. Change',
    fullScreen: 'Full screen',
    language: 'Language settings',
    logout: 'Logout',
    userLabel: 'Signed in as',
  },
  nav: {
    label: 'Main menu',
    worklist: 'Worklist',
    questionnaire: 'Questionnaire',
    dashboard: 'Dashboard',
    users: 'Users',
    accountRequests: 'Account requests',
    insurers: 'Insurers',
    catalogue: 'Catalogue',
    returned: '{count} returned to you',
  },
  footer: {
    links: 'Legal and support',
    copyright: '© {year} {company}. All rights reserved.',
    privacy: 'Privacy Policy',
    helpDesk: 'Help Desk',
  },
  language: {
    dialogTitle: 'Language',
    english: 'English',
    traditionalChinese: 'Traditional Chinese',
    simplifiedChinese: 'Simplified Chinese',
    saved: 'The interface is now in English. Your choice is kept for your next sign-in.',
  },
  feedback: {
    networkError: 'Network Error',
    requestFailed: 'Request failed with status code {status}',
    chunkFailed: 'Loading chunk {name} failed',
    chunkFailedHelp:
      'Part of the application could not be loaded. Check your connection and reload the page.',
  },
  errors: {
    unexpected: 'Unexpected Application Error!',
    notFound: 'The page you asked for does not exist.',
    goHome: 'Go to the start page',
    pageNotFound: 'Page not found',
  },
  notAllowed: {
    title: 'Not allowed',
    text: 'Your account may not use this page.',
    goFirst: 'Go to {screen}',
    noScreen: 'Your account may not use any page yet. Ask an administrator for access.',
    userInfoFailed: 'Your account details could not be loaded.',
  },
  questionnaire: {
    title: 'Video MER disclosure',
    basicInformation: 'Basic information',
    questionnaire: 'Questionnaire',
    disclosure: 'Video MER disclosure',
    requestLabel: 'Disclosure request {requestId}',
    documentTitle: 'Questionnaire',
    documentTitleNumber: 'Questionnaire {applicationNumber}',
    notFoundTitle: 'Disclosure request not found',
    notFound:
      'There is no disclosure request {requestId} for the insurers you work with. Check the link you followed, or start a new questionnaire.',
    startNew: 'Start a new questionnaire',
  },
  privacy: {
    title: 'Privacy Policy',
    updated: 'Last updated {date}',
    intro:
      '{company} runs Video MER for insurers and their staff. This notice explains which personal data the tool handles and why.',
    collectTitle: 'What we handle',
    collect:
      'Your name, work e-mail, insurer, role and language preference, to sign you in and show you the right insurer. The applicant data you record in a disclosure (application number, age, gender, risk score, height, weight, smoking status and medical conditions) on behalf of the insurer you work for.',
    useTitle: 'Why we handle it',
    use: 'Only to provide underwriting decisions and keep the disclosure records the insurer needs. Each insurer sees only its own records. Every change of a disclosure is recorded in an audit trail.',
    keepTitle: 'How long we keep it',
    keep: 'As long as the insurer\u2019s record-keeping rules require, after which it is deleted.',
    rightsTitle: 'Your rights',
    rights:
      'You may ask to see or correct your personal data under the Personal Data (Privacy) Ordinance (Cap. 486). Write to the help desk:',
  },
  accountRequest: {
    title: 'Request access',
    howAccessWorks:
      'Video MER accounts are given to staff of insurers that use it. Your insurer\u2019s administrator approves each request and sets your role; you then sign in with your company account.',
    name: 'Full name',
    email: 'Work e-mail',
    insurerCode: 'Insurer code',
    role: 'Role wanted',
    roles: {
      agent: 'Agent',
      interviewer: 'Tele-interviewer',
      underwriter: 'Underwriter',
    },
    message: 'Message to the administrator',
    messageHelp: 'Optional, at most {max} characters',
    submit: 'Send request',
    sending: 'Sending request',
    backToSignIn: 'Back to sign in',
    sentTitle: 'Request sent',
    sent: 'Your request has been recorded. Your insurer\u2019s administrator will review it and let you know by e-mail when you can sign in.',
    rateLimited: 'Too many requests were sent from this network. Please try again in an hour.',
    failed: 'Your request could not be sent. Please try again.',
    required: 'This field is required',
    invalidEmail: 'Enter a valid e-mail address',
    tooLong: 'At most {max} characters',
  },
};

/** The shape every language's interface texts must have. */
export type InterfaceTexts = typeof en;
