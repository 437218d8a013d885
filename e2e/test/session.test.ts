import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, signIn, signInAtProvider, browserSuite, serverUrl } from '../src/browser.ts';
import { startServer } from '../src/server.ts';

const baseUrl = serverUrl();
const suite = browserSuite();

/** The access token of the stored sign-in session, or null when there is none. */
function storedAccessToken(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const key = Object.keys(window.localStorage).find((name) => name.startsWith('oidc.user:'));
    if (!key) return null;
    return (JSON.parse(window.localStorage.getItem(key)!) as { access_token: string }).access_token;
  });
}

describe('the end of a session', () => {
  it('a 401 from the API ends the session: the user lands on / signed out, is told, and signing in again returns to where they were', async () => {
    const context = await newContext(suite.browser);
    const page = await context.newPage();
    await signIn(page, baseUrl, 'interviewer1');
    await page.goto(`${baseUrl}/questionnaire/ABC123`);
    // No such request: the screen says so (T-17), signed in.
    await page.getByRole('heading', { name: 'Disclosure request not found' }).waitFor();
    expect(await storedAccessToken(page)).not.toBeNull();

    // From now on every call carries a token the server refuses.
    const refusals: number[] = [];
    page.on('response', (response) => {
      if (response.status() === 401) refusals.push(response.status());
    });
    await page.route('**/api/**', (route) => {
      const headers = route.request().headers();
      if (!headers.authorization) return route.continue();
      return route.continue({ headers: { ...headers, authorization: 'Bearer not.a.token' } });
    });
    await page.reload();

    await page.waitForURL(`${baseUrl}/`);
    const notice = page.getByRole('status').filter({ hasText: 'Your session has ended' });
    await notice.waitFor();
    expect(await notice.textContent()).toBe('Your session has ended. Please sign in again.');
    expect(refusals.length).toBeGreaterThan(0);
    expect(await storedAccessToken(page)).toBeNull();
    expect(await page.getByRole('banner').getByRole('button', { name: 'Logout' }).count()).toBe(0);
    expect(await page.getByTestId('api-error-snackbar').count()).toBe(0);

    await page.unroute('**/api/**');
    await page.getByRole('button', { name: 'Sign In' }).click();
    // The provider may still know the user (single sign-on) and skip its form.
    await page.waitForURL(
      (url) => url.pathname.startsWith('/oidc/') || url.pathname === '/questionnaire/ABC123',
    );
    if (new URL(page.url()).pathname.startsWith('/oidc/'))
      await signInAtProvider(page, 'interviewer1');
    await page.waitForURL(`${baseUrl}/questionnaire/ABC123`);
    await page.getByRole('heading', { name: 'Disclosure request not found' }).waitFor();
    expect(
      await page.getByRole('status').filter({ hasText: 'Your session has ended' }).count(),
    ).toBe(0);
    await context.close();
  });
});

describe('token renewal', () => {
  it("the access token is renewed with the refresh token before it expires, with no iframe, and the app keeps working past the first token's expiry", async () => {
    const lifetime = 70;
    // The embedded database: most of this journey is waiting for the token to expire.
    const server = await startServer(
      { OIDC_ACCESS_TOKEN_TTL: String(lifetime) },
      { embedded: true },
    );
    const context = await newContext(suite.browser);
    try {
      const page = await context.newPage();
      const frames: string[] = [];
      page.on('frameattached', (frame) => frames.push(frame.url()));
      const renewals: Request[] = [];
      page.on('request', (request) => {
        if (
          new URL(request.url()).pathname.startsWith('/oidc/') &&
          request.method() === 'POST' &&
          /grant_type=refresh_token/.test(request.postData() ?? '')
        )
          renewals.push(request);
      });

      await signIn(page, server.baseUrl, 'agent1');
      const signedInAt = Date.now();
      await page.getByRole('heading', { name: 'Basic information' }).waitFor();
      const first = await storedAccessToken(page);
      expect(first).not.toBeNull();

      // oidc-client-ts renews a minute before expiry: here some 10 s after sign-in.
      await expect
        .poll(() => renewals.length, { timeout: (lifetime - 50) * 1000, interval: 500 })
        .toBeGreaterThan(0);
      await expect.poll(() => storedAccessToken(page)).not.toBe(first);

      // Past the first token's expiry, an API call made in the app still succeeds.
      await page.waitForTimeout(Math.max(0, signedInAt + (lifetime + 3) * 1000 - Date.now()));
      const saved = page.waitForResponse(
        (response) => new URL(response.url()).pathname === '/api/user/language',
      );
      await page.getByRole('banner').getByRole('button', { name: 'Language settings' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'English' }).click();
      const answer = await saved;
      expect(answer.status()).toBe(200);
      const sentWith = (await answer.request().allHeaders()).authorization;
      expect(sentWith).toBe(`Bearer ${await storedAccessToken(page)}`);
      expect(sentWith).not.toBe(`Bearer ${first}`);
      expect(new URL(page.url()).pathname).toBe('/home');
      expect(await page.getByTestId('user-name').textContent()).toBe('agent1');
      expect(frames).toEqual([]);
    } finally {
      await context.close();
      await server.stop();
    }
  }, 180_000);
});
