import {
  LANGUAGE_CODES,
  LANGUAGE_TABLE,
  textsIn,
  type Language,
  type LocalizedTable,
} from '@vmer/domain';
import '@vmer/domain/simplified';
import type { Config } from '../config.ts';

/** Texts of the sign-in provider's pages, by language (a language not written here is derived). */
const TEXT = {
  en: {
    htmlLang: 'en',
    signInTitle: 'Sign in',
    signInIntro: 'Sign in with your work account.',
    userName: 'User name',
    password: 'Password',
    signIn: 'Sign in',
    incorrect: 'Incorrect user name or password.',
    missing: 'Enter your user name and password.',
    tooMany: 'Too many sign-in attempts. Please wait a minute and try again.',
    help: 'Need help? Contact',
    signOutTitle: 'Sign out',
    signOutQuestion: 'Do you want to sign out of Video MER?',
    signOut: 'Sign out',
    staySignedIn: 'Stay signed in',
    signedOutTitle: 'Signed out',
    signedOut: 'You have signed out.',
    signInAgain: 'Sign in again',
    errorTitle: 'Sign-in problem',
    errorIntro: 'The sign-in could not be completed.',
    backToApp: 'Back to Video MER',
    expired: 'The sign-in took too long. Please start again.',
    deviceTitle: 'Sign in a command-line tool',
    deviceIntro: 'Enter the code the tool shows.',
    deviceCode: 'Code',
    deviceWrongCode: 'That code is not right or has expired. Check it and try again.',
    deviceAborted: 'The sign-in was cancelled.',
    deviceContinue: 'Continue',
    deviceConfirmIntro: 'A tool asks to sign in as you. Continue only if it shows this code:',
    deviceCancel: 'Cancel',
    deviceDoneTitle: 'Signed in',
    deviceDone: 'The tool is signed in. You can close this page.',
  },
  cn_traditional: {
    htmlLang: 'zh-Hant',
    signInTitle: '登入',
    signInIntro: '請使用您的工作帳戶登入。',
    userName: '用戶名稱',
    password: '密碼',
    signIn: '登入',
    incorrect: '用戶名稱或密碼不正確。',
    missing: '請輸入用戶名稱及密碼。',
    tooMany: '登入嘗試次數過多。請稍候一分鐘再試。',
    help: '需要協助？請聯絡',
    signOutTitle: '登出',
    signOutQuestion: '您要登出 Video MER 嗎？',
    signOut: '登出',
    staySignedIn: '保持登入',
    signedOutTitle: '已登出',
    signedOut: '您已登出。',
    signInAgain: '重新登入',
    errorTitle: '登入問題',
    errorIntro: '無法完成登入。',
    backToApp: '返回 Video MER',
    expired: '登入逾時。請重新開始。',
    deviceTitle: '登入命令列工具',
    deviceIntro: '請輸入工具顯示的代碼。',
    deviceCode: '代碼',
    deviceWrongCode: '代碼不正確或已過期。請檢查後再試。',
    deviceAborted: '登入已取消。',
    deviceContinue: '繼續',
    deviceConfirmIntro: '有工具要求以您的身分登入。只有在工具顯示以下代碼時才繼續：',
    deviceCancel: '取消',
    deviceDoneTitle: '已登入',
    deviceDone: '工具已登入。您可以關閉此頁。',
  },
  cn_simplified: { htmlLang: 'zh-Hans' },
} satisfies LocalizedTable<Record<string, string>>;

type PageTexts = typeof TEXT.en;

/** The pages' texts in a language. */
const textOf = (language: Language): PageTexts => textsIn<PageTexts>(TEXT, language);

/** Links to the sign-in page in every other language, each named in its own language. */
function languageLinks(current: Language): string {
  return LANGUAGE_CODES.filter((code) => code !== current)
    .map((code) => {
      const lang = textOf(code).htmlLang;
      return `<a href="?lang=${code}" lang="${lang}" hreflang="${lang}">${LANGUAGE_TABLE[code].name}</a>`;
    })
    .join(' ');
}

export type SignInError = 'incorrect' | 'missing' | 'tooMany';

/** Branding shown on every page of the provider, and where the pages live. */
export interface PageBrand {
  /** The company the product is branded for; null shows the product's name alone. */
  companyName: string | null;
  helpDeskEmail: string;
  /** PUBLIC_URL's path ('' at the root): the pages' links start with it (requirements N-11). */
  basePath: string;
}

/** The provider pages' branding and base path, from the server's settings. */
export function pageBrand(
  config: Pick<Config, 'companyName' | 'helpDeskEmail' | 'basePath'>,
): PageBrand {
  return {
    companyName: config.companyName,
    helpDeskEmail: config.helpDeskEmail,
    basePath: config.basePath,
  };
}

/** Escapes text for HTML content and attribute values. */
function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function layout(
  language: Language,
  brand: PageBrand,
  title: string,
  content: string,
  scripts = '',
): string {
  const t = textOf(language);
  return `<!DOCTYPE html>
<html lang="${t.htmlLang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${brand.companyName ? `${escapeHtml(brand.companyName)} ` : ''}Video MER</title>
<link rel="stylesheet" href="${escapeHtml(brand.basePath)}/oidc/assets/sign-in.css">
${scripts}</head>
<body>
<header class="bar">${brand.companyName ? `<span class="brand">${escapeHtml(brand.companyName)}</span>` : ''}<span class="product">Video MER</span></header>
<main class="card">
${content}
</main>
<footer class="help">${t.help} <a href="mailto:${escapeHtml(brand.helpDeskEmail)}">${escapeHtml(brand.helpDeskEmail)}</a></footer>
</body>
</html>`;
}

/** The sign-in form (contract: #username, #password, a submit button "Sign in" / "登入"). */
export function signInPage(options: {
  language: Language;
  brand: PageBrand;
  action: string;
  userName?: string;
  error?: SignInError;
}): string {
  const t = textOf(options.language);
  const error = options.error ? t[options.error] : undefined;
  const invalid = error ? ' aria-invalid="true" aria-describedby="sign-in-error"' : '';
  return layout(
    options.language,
    options.brand,
    t.signInTitle,
    `<h1>${t.signInTitle}</h1>
<p class="intro">${t.signInIntro}</p>
${error ? `<p id="sign-in-error" class="error" role="alert">${error}</p>` : ''}
<form method="post" action="${escapeHtml(options.action)}" novalidate>
<input type="hidden" name="lang" value="${options.language}">
<label for="username">${t.userName}</label>
<input id="username" name="username" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required value="${escapeHtml(options.userName ?? '')}"${invalid}${options.userName ? '' : ' autofocus'}>
<label for="password">${t.password}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${invalid}${options.userName ? ' autofocus' : ''}>
<button type="submit">${t.signIn}</button>
</form>
<p class="language">${languageLinks(options.language)}</p>`,
  );
}

/**
 * RP-initiated logout confirmation. `form` is the provider's hidden form (CSRF token);
 * for the first-party web app a script file submits it, so sign-out needs no extra click.
 */
export function signOutPage(
  language: Language,
  brand: PageBrand,
  form: string,
  autoSubmit: boolean,
): string {
  const t = textOf(language);
  return layout(
    language,
    brand,
    t.signOutTitle,
    `<h1>${t.signOutTitle}</h1>
<p>${t.signOutQuestion}</p>
${form}
<div class="actions">
<button type="submit" form="op.logoutForm" name="logout" value="yes" id="confirm-sign-out">${t.signOut}</button>
<button type="submit" form="op.logoutForm" class="secondary">${t.staySignedIn}</button>
</div>`,
    autoSubmit
      ? `<script src="${escapeHtml(brand.basePath)}/oidc/assets/sign-out.js" defer></script>\n`
      : '',
  );
}

export function signedOutPage(language: Language, brand: PageBrand): string {
  const t = textOf(language);
  return layout(
    language,
    brand,
    t.signedOutTitle,
    `<h1>${t.signedOutTitle}</h1>
<p>${t.signedOut}</p>
<p><a class="button" href="${escapeHtml(brand.basePath)}/">${t.signInAgain}</a></p>`,
  );
}

/** The provider's error page; `expired` is the sign-in that outlived its interaction. */
export function errorPage(
  language: Language,
  brand: PageBrand,
  error: string,
  description: string | undefined | 'expired',
): string {
  const t = textOf(language);
  if (description === 'expired') description = t.expired;
  return layout(
    language,
    brand,
    t.errorTitle,
    `<h1>${t.errorTitle}</h1>
<div role="alert"><p>${t.errorIntro}</p>
<p class="error-detail"><strong>${escapeHtml(error)}</strong>${description ? `: ${escapeHtml(description)}` : ''}</p></div>
<p><a class="button" href="${escapeHtml(brand.basePath)}/">${t.backToApp}</a></p>`,
  );
}

/**
 * The device authorization grant's code page (requirements N-07): `form` is the provider's form
 * (CSRF token and the code field) that the button submits.
 */
export function deviceCodePage(
  language: Language,
  brand: PageBrand,
  form: string,
  error: 'wrongCode' | 'aborted' | undefined,
): string {
  const t = textOf(language);
  const message =
    error === 'wrongCode' ? t.deviceWrongCode : error === 'aborted' ? t.deviceAborted : undefined;
  return layout(
    language,
    brand,
    t.deviceTitle,
    `<h1>${t.deviceTitle}</h1>
<p class="intro">${t.deviceIntro}</p>
${message ? `<p class="error" role="alert">${message}</p>` : ''}
<label for="user-code">${t.deviceCode}</label>
${codeField(form)}
<button type="submit" form="op.deviceInputForm">${t.deviceContinue}</button>`,
  );
}

/**
 * The provider's code form with the field labelled by the page, in the page's language: its
 * English placeholder and its inline handler (which the pages' CSP refuses anyway) removed.
 */
function codeField(form: string): string {
  return form
    .replace(/ placeholder="[^"]*"/, '')
    .replace(/ onfocus="[^"]*"/, '')
    .replace('name="user_code"', 'name="user_code" id="user-code"');
}

/** Asks the person to compare the code with the tool's before signing it in. */
export function deviceConfirmPage(
  language: Language,
  brand: PageBrand,
  form: string,
  userCode: string,
): string {
  const t = textOf(language);
  return layout(
    language,
    brand,
    t.deviceTitle,
    `<h1>${t.deviceTitle}</h1>
<p>${t.deviceConfirmIntro}</p>
<p class="user-code"><strong>${escapeHtml(userCode)}</strong></p>
${form}
<div class="actions">
<button type="submit" form="op.deviceConfirmForm" id="confirm-device">${t.deviceContinue}</button>
<button type="submit" form="op.deviceConfirmForm" name="abort" value="yes" class="secondary">${t.deviceCancel}</button>
</div>`,
  );
}

export function deviceDonePage(language: Language, brand: PageBrand): string {
  const t = textOf(language);
  return layout(
    language,
    brand,
    t.deviceDoneTitle,
    `<h1>${t.deviceDoneTitle}</h1>
<p role="status">${t.deviceDone}</p>`,
  );
}
