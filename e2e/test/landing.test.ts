import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { isApiRequest, newContext, browserSuite, serverUrl } from '../src/browser.ts';

const baseUrl = serverUrl();
const suite = browserSuite();
let page: Page;
beforeEach(async () => {
  const context = await newContext(suite.browser);
  page = await context.newPage();
  return () => context.close();
});

describe('landing page, signed out', () => {
  it('R-01 R-02 R-04 L-01 L-02 / shows the public sign-in landing page: SIGN IN, OR, page title, logo', async () => {
    await page.goto(`${baseUrl}/`);
    await expect.poll(() => page.getByRole('heading', { name: 'SIGN IN' }).isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.title()).toBe('Video MER');
    expect(await page.getByRole('img', { name: 'Video MER Logo' }).count()).toBeGreaterThan(0);
    expect(await page.getByText('OR', { exact: true }).isVisible()).toBe(true);
  });

  it('R-03 A-33 Sign In goes to the identity provider with an authorization code + PKCE request', async () => {
    await page.goto(`${baseUrl}/`);
    const authorize = page.waitForRequest((request) =>
      new URL(request.url()).pathname.startsWith('/oidc/auth'),
    );
    await page.getByRole('button', { name: 'Sign In' }).click();
    const url = new URL((await authorize).url());
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('client_id')).toBe('video-mer-web');
    expect(url.searchParams.get('redirect_uri')).toBe(`${baseUrl}/login/callback`);
    await page.waitForSelector('#username');
  });

  it('R-05 Create An Account goes to /account-request on the same origin', async () => {
    await page.goto(`${baseUrl}/`);
    await page.getByRole('link', { name: 'Create An Account' }).click();
    await page.waitForURL(`${baseUrl}/account-request`);
    await page.getByRole('heading', { name: 'Request access' }).waitFor();
  });

  it('R-06 L-15 L-16 L-17 C-25 the footer: copyright with the current year and company, privacy policy, Help Desk mail link', async () => {
    await page.goto(`${baseUrl}/`);
    const footer = page.getByRole('contentinfo');
    const year = String(new Date().getFullYear());
    await expect
      .poll(() => footer.getByText(`© ${year} Video MER. All rights reserved.`).isVisible())
      .toBe(true);
    expect(await footer.getByRole('link', { name: 'Help Desk' }).getAttribute('href')).toBe(
      'mailto:helpdesk@example.com',
    );
    await footer.getByRole('link', { name: 'Privacy Policy' }).click();
    await page.waitForURL(`${baseUrl}/privacy`);
    await page.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor();
  });

  it('P-12 signed out, the insurer list is never asked for', async () => {
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      if (isApiRequest(request.url())) apiCalls.push(new URL(request.url()).pathname);
    });
    await page.goto(`${baseUrl}/`);
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await page.goto(`${baseUrl}/privacy`);
    await page.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor();
    // The sign-in provider comes with the page (its auth config, not run), so the pages signed
    // out ask the API for nothing at all.
    expect(await page.locator('script#vmer-auth-config[type="application/json"]').count()).toBe(1);
    expect(apiCalls).toEqual([]);
    expect(apiCalls).not.toContain('/api/insurer/list');
    expect(apiCalls).not.toContain('/api/user/info/get');
  });
});

describe('sign-in callback errors', () => {
  it('R-12 R-13 R-14 R-15 X-12 an error and its description show on a card with Back To Login, without sign-in', async () => {
    await page.goto(`${baseUrl}/login/callback?error=access_denied&error_description=User+denied`);
    await page.getByTestId('callback-error').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login/callback');
    expect(await page.getByTestId('callback-error').textContent()).toBe('access denied');
    expect(await page.getByTestId('callback-error-description').textContent()).toBe('User denied');
    await page.getByRole('link', { name: 'Back To Login' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole('heading', { name: 'SIGN IN' }).waitFor();
  });

  it('R-16 with only an error, or only a description, no error card shows', async () => {
    for (const query of ['error=access_denied', 'error_description=User+denied']) {
      await page.goto(`${baseUrl}/login/callback?${query}`);
      // Nothing to complete without a sign-in in progress: the browser is sent back to the start.
      await page.waitForURL(`${baseUrl}/`);
      expect(await page.getByTestId('callback-error').count()).toBe(0);
    }
  });
});

describe('unmatched routes', () => {
  it('R-21 R-22 X-16 an unknown path shows Unexpected Application Error! with 404 Not Found', async () => {
    await page.goto(`${baseUrl}/no-such-page`);
    const heading = page.getByRole('heading', { name: 'Unexpected Application Error!' });
    await heading.waitFor();
    expect(await page.getByTestId('route-error-detail').textContent()).toBe('404 Not Found');
  });
});

describe('script chunks', () => {
  it('X-06 X-08 a chunk that cannot be fetched shows Loading chunk {n} failed with a reload', async () => {
    await page.goto(`${baseUrl}/`);
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    let blocked = '';
    await page.route(/\/assets\/privacy-[\w-]+\.js$/, async (route) => {
      blocked = new URL(route.request().url()).pathname.split('/').pop()!;
      await route.abort('internetdisconnected');
    });
    await page.getByRole('link', { name: 'Privacy Policy' }).click();
    const heading = page.getByRole('heading', { name: /^Loading chunk .+ failed$/ });
    await heading.waitFor();
    expect(await heading.textContent()).toBe(`Loading chunk ${blocked} failed`);

    await page.unroute(/\/assets\/privacy-[\w-]+\.js$/);
    await page.getByRole('button', { name: 'Reload' }).click();
    await page.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor();
  });
});
