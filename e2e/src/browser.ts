import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** The widths the app is checked at (checklist L-10): a desktop and a phone. */
export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

export const DEMO_PASSWORD = 'demo';

/** Debian's Chromium (or CHROMIUM_PATH), headless and quiet. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A fresh browser profile (no storage, no cookies) at the given width. */
export function newContext(
  browser: Browser,
  viewport: ViewportName = 'desktop',
): Promise<BrowserContext> {
  return browser.newContext({ viewport: VIEWPORTS[viewport], locale: 'en-GB' });
}

/**
 * Fills the embedded provider's sign-in form and waits until the browser is back in the app,
 * past /login/callback.
 */
export async function signInAtProvider(
  page: Page,
  userName: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  await page.waitForURL(/\/oidc\//);
  await page.locator('#username').fill(userName);
  await page.locator('#password').fill(password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(
    (url) => !url.pathname.startsWith('/oidc') && url.pathname !== '/login/callback',
  );
}

/** Signs in from the landing page and waits for /home. */
export async function signIn(page: Page, baseUrl: string, userName: string): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await signInAtProvider(page, userName);
  await page.waitForURL(`${baseUrl}/home`);
}
