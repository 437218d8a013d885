import { describe, expect, it } from 'vitest';
import { newContext, signIn, browserSuite, serverUrl } from '../src/browser.ts';

const baseUrl = serverUrl();
const suite = browserSuite();

describe('logout', () => {
  it('L-24 P-04 R-17 R-18 logout signs out at the provider, returns to /logout/callback, clears local storage and ends at /', async () => {
    const context = await newContext(suite.browser);
    const page = await context.newPage();
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await signIn(page, baseUrl, 'interviewer1');
    await page.getByTestId('user-name').waitFor();
    expect(await page.evaluate(() => window.localStorage.length)).toBeGreaterThan(0);

    const endSession = page.waitForRequest((request) =>
      new URL(request.url()).pathname.startsWith('/oidc/session/end'),
    );
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    await endSession;
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole('heading', { name: 'SIGN IN' }).waitFor();
    expect(visited).toContain('/logout/callback');
    expect(visited.indexOf('/logout/callback')).toBeLessThan(visited.lastIndexOf('/'));
    expect(await page.evaluate(() => window.localStorage.length)).toBe(0);

    // Signed out for real: a protected page demands sign-in again.
    await page.goto(`${baseUrl}/home`);
    await page.waitForURL(/\/oidc\//);
    await context.close();
  });

  it('R-17 R-18 opening /logout/callback clears all local storage and goes to /', async () => {
    const context = await newContext(suite.browser);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/privacy`);
    await page.evaluate(() => {
      window.localStorage.setItem('something', 'kept until logout');
      window.localStorage.setItem('vmer.language', 'cn_traditional');
    });
    await page.goto(`${baseUrl}/logout/callback`);
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole('heading', { name: 'SIGN IN' }).waitFor();
    expect(await page.evaluate(() => window.localStorage.length)).toBe(0);
    await context.close();
  });
});
