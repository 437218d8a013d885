import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { DEMO_USERS } from '../src/auth/demo-users.ts';
import {
  beginAuthorization,
  cookieFetch,
  finishAuthorization,
  signInForTokens,
  type CookieFetch,
} from '../src/cli/sign-in.ts';
import { loadConfig } from '../src/config.ts';
import { buildTestApp, DATABASES, tokenFor, suiteApp, putLanguage } from './helpers.ts';
import { clientCredentialsGrant } from './disclosures/fixtures.ts';

/** Walks the browser's way to the sign-in page; answers the page and where its form posts. */
async function openSignInPage(
  baseUrl: string,
  browser: CookieFetch,
  extraParams: Record<string, string> = {},
) {
  const authorization = await beginAuthorization(baseUrl, extraParams);
  const first = await browser(authorization.authorizeUrl);
  expect(first.status).toBe(303);
  const pageUrl = new URL(first.headers.get('location') ?? '', baseUrl).href;
  expect(pageUrl).toMatch(/\/oidc\/interaction\/[\w-]+$/);
  const page = await browser(pageUrl);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? '';
  return { authorization, page, html, pageUrl, action: new URL(action, baseUrl).href };
}

function postForm(browser: CookieFetch, url: string, fields: Record<string, string>) {
  return browser(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}

describe.each(DATABASES)('embedded sign-in on %s', (database) => {
  const t = suiteApp(database);

  it('P-03 A-33 each demo user signs in with code + PKCE over HTTP, without a consent screen, and returns to /login/callback', async () => {
    for (const user of DEMO_USERS) {
      const browser = cookieFetch();
      const { authorization, action } = await openSignInPage(t.baseUrl, browser);
      const login = await postForm(browser, action, { username: user.userName, password: 'demo' });
      expect(login.status).toBe(303);
      const resume = await browser(new URL(login.headers.get('location') ?? '', t.baseUrl).href);
      expect(resume.status).toBe(303);
      const callback = resume.headers.get('location') ?? '';
      expect(callback.startsWith(`${t.baseUrl}/login/callback?`)).toBe(true);
      const tokens = await finishAuthorization(authorization, callback);

      expect(decodeProtectedHeader(tokens.access_token)).toMatchObject({
        typ: 'at+jwt',
        alg: 'RS256',
      });
      expect(decodeJwt(tokens.access_token)).toMatchObject({
        sub: user.userName,
        name: user.displayName,
        role: user.role,
        insurers: user.insurers,
        iss: `${t.baseUrl}/oidc`,
        aud: `${t.baseUrl}/api`,
      });
      const call = await putLanguage(t.baseUrl, tokens.access_token, 'en');
      expect(call.status).toBe(200);
    }
  });

  it('the sign-in page is labelled, keyboard friendly and has no inline script', async () => {
    const { page, html } = await openSignInPage(t.baseUrl, cookieFetch());
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<label for="username">User name<\/label>/);
    expect(html).toMatch(/<label for="password">Password<\/label>/);
    expect(html).toMatch(/<input id="username" name="username"[^>]*autofocus/);
    expect(html).toMatch(/<input id="password" name="password" type="password"/);
    expect(html).toMatch(/<button type="submit">Sign in<\/button>/);
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)/);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const css = await fetch(`${t.baseUrl}/oidc/assets/sign-in.css`);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toContain('text/css');
    expect(css.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('T-16 without COMPANY_NAME the sign-in page names the product once, never "Video MER Video MER"', async () => {
    const { html } = await openSignInPage(t.baseUrl, cookieFetch());
    const bar = /<header class="bar">(.*?)<\/header>/.exec(html)?.[1] ?? '';
    expect(bar.replace(/<[^>]+>/g, ' ').trim()).toBe('Video MER');
    expect(/<title>(.*?)<\/title>/.exec(html)?.[1]).toBe('Sign in · Video MER');
    expect(html).not.toContain('Video MER Video MER');
  });

  it('T-23 Back after signing in, to the finished sign-in page, leads to the app instead of a stale "Sign-in problem"', async () => {
    const browser = cookieFetch();
    const { pageUrl, action } = await openSignInPage(t.baseUrl, browser);
    const login = await postForm(browser, action, { username: 'uw1', password: 'demo' });
    const resume = await browser(new URL(login.headers.get('location') ?? '', t.baseUrl).href);
    expect(resume.headers.get('location') ?? '').toContain('/login/callback?');
    const back = await browser(pageUrl);
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe('/');
    expect(await back.text()).not.toContain('Sign-in problem');
  });

  it('a wrong password or unknown user shows "Incorrect user name or password." announced as an alert', async () => {
    for (const [username, password] of [
      ['uw1', 'wrong'],
      ['nobody', 'demo'],
    ] as const) {
      const browser = cookieFetch();
      const { action } = await openSignInPage(t.baseUrl, browser);
      const refused = await postForm(browser, action, { username, password });
      expect(refused.status).toBe(401);
      const html = await refused.text();
      expect(html).toContain(
        '<p id="sign-in-error" class="error" role="alert">Incorrect user name or password.</p>',
      );
      expect(html).toMatch(
        /<input id="username"[^>]*aria-invalid="true" aria-describedby="sign-in-error"/,
      );
      expect(html).toContain(`value="${username}"`);
      // The form still works after an error.
      const retry = await postForm(browser, action, { username: 'uw1', password: 'demo' });
      expect(retry.status).toBe(303);
    }
  });

  it('C-23 the sign-in page speaks Traditional Chinese by ui_locales or the language link', async () => {
    const browser = cookieFetch();
    const { html, pageUrl } = await openSignInPage(t.baseUrl, browser, { ui_locales: 'zh-Hant' });
    expect(html).toContain('<html lang="zh-Hant">');
    expect(html).toMatch(/<button type="submit">登入<\/button>/);
    expect(html).toContain('<label for="username">用戶名稱</label>');
    expect(html).toMatch(/<a href="\?lang=en"[^>]*>English<\/a>/);

    const english = await openSignInPage(t.baseUrl, cookieFetch());
    expect(english.html).toMatch(/<a href="\?lang=cn_traditional"[^>]*>繁體中文<\/a>/);
    const switched = await (await browser(`${pageUrl}?lang=cn_traditional`)).text();
    expect(switched).toContain('<html lang="zh-Hant">');

    const { action } = await openSignInPage(t.baseUrl, browser, { ui_locales: 'zh-Hant' });
    const refused = await (
      await postForm(browser, action, { username: 'uw1', password: 'x', lang: 'cn_traditional' })
    ).text();
    expect(refused).toContain('role="alert">用戶名稱或密碼不正確。</p>');
  });

  it('an interaction without its cookie (expired or foreign) shows the error page in the chosen language', async () => {
    const { pageUrl } = await openSignInPage(t.baseUrl, cookieFetch());
    const stranger = await fetch(`${pageUrl}?lang=cn_traditional`);
    expect(stranger.status).toBe(400);
    const html = await stranger.text();
    expect(html).toContain('<html lang="zh-Hant">');
    expect(html).toContain('登入逾時。請重新開始。');
    expect(html).toMatch(/<div role="alert">/);
  });

  it('the web client renews with a refresh token and no iframe', async () => {
    const tokens = await signInForTokens({ url: t.baseUrl, user: 'agent1', password: 'demo' });
    expect(tokens.refresh_token).toBeTruthy();
    const response = await fetch(`${t.baseUrl}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        client_id: 'video-mer-web',
        refresh_token: tokens.refresh_token ?? '',
      }).toString(),
    });
    expect(response.status).toBe(200);
    const renewed = (await response.json()) as { access_token: string };
    expect(decodeJwt(renewed.access_token)).toMatchObject({
      sub: 'agent1',
      role: 'agent',
      aud: `${t.baseUrl}/api`,
    });
    const call = await putLanguage(t.baseUrl, renewed.access_token, 'en');
    expect(call.status).toBe(200);
  });

  it('P-04 A-33 RP-initiated sign-out returns to /logout/callback', async () => {
    const browser = cookieFetch();
    const tokens = await signInForTokens(
      { url: t.baseUrl, user: 'uw2', password: 'demo' },
      browser,
    );
    const authorization = await beginAuthorization(t.baseUrl);
    const end = new URL(authorization.endSessionEndpoint);
    end.search = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: `${t.baseUrl}/logout/callback`,
      state: 'after-sign-out',
    }).toString();
    const confirm = await browser(end.href);
    expect(confirm.status).toBe(200);
    const html = await confirm.text();
    expect(html).toContain('<script src="/oidc/assets/sign-out.js" defer></script>');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)/);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1] ?? '';
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const done = await postForm(browser, new URL(action, t.baseUrl).href, { xsrf, logout: 'yes' });
    expect(done.status).toBe(303);
    const location = done.headers.get('location') ?? '';
    expect(location.startsWith(`${t.baseUrl}/logout/callback`)).toBe(true);
    expect(location).toContain('state=after-sign-out');

    // Signed out: the next authorization shows the sign-in page again.
    const again = await browser((await beginAuthorization(t.baseUrl)).authorizeUrl);
    expect(again.headers.get('location')).toMatch(/\/oidc\/interaction\//);
  });

  it('the demo integration gets a client-credentials token for disclosure:request, refused on routes for people', async () => {
    const response = await clientCredentialsGrant(t.baseUrl, 'demo-integration', 'demo-secret');
    expect(response.status).toBe(200);
    const { access_token: token, scope } = (await response.json()) as {
      access_token: string;
      scope: string;
    };
    expect(scope).toBe('disclosure:request');
    expect(decodeJwt(token)).toMatchObject({
      client_id: 'demo-integration',
      aud: `${t.baseUrl}/api`,
    });
    const call = await putLanguage(t.baseUrl, token, 'en');
    expect(call.status).toBe(403);
    expect(call.body.code).toBe(403);

    const wrongSecret = await clientCredentialsGrant(t.baseUrl, 'demo-integration', 'nope');
    expect(wrongSecret.status).toBe(401);
  });
});

describe('sign-in limits and production', () => {
  it('sign-in attempts are rate limited per address', async () => {
    const t = await buildTestApp({ env: { SIGN_IN_RATE_LIMIT: '2' } });
    try {
      const browser = cookieFetch();
      const { action } = await openSignInPage(t.baseUrl, browser);
      expect((await postForm(browser, action, { username: 'uw1', password: 'x' })).status).toBe(
        401,
      );
      expect((await postForm(browser, action, { username: 'uw1', password: 'y' })).status).toBe(
        401,
      );
      const limited = await postForm(browser, action, { username: 'uw1', password: 'demo' });
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await limited.text()).toContain('role="alert">Too many sign-in attempts.');
    } finally {
      await t.close();
    }
  });

  it('under NODE_ENV=production (ALLOW_EMBEDDED_IDP=true) demo users and the demo integration are refused', async () => {
    const t = await buildTestApp({ env: { NODE_ENV: 'production', ALLOW_EMBEDDED_IDP: 'true' } });
    try {
      const browser = cookieFetch();
      const { action } = await openSignInPage(t.baseUrl, browser);
      const refused = await postForm(browser, action, { username: 'uw1', password: 'demo' });
      expect(refused.status).toBe(401);
      expect(await refused.text()).toContain('Incorrect user name or password.');
      const integration = await fetch(`${t.baseUrl}/oidc/token`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from('demo-integration:demo-secret').toString('base64')}`,
        },
        body: 'grant_type=client_credentials&scope=disclosure%3Arequest',
      });
      expect(integration.status).toBe(401);
    } finally {
      await t.close();
    }
  });

  it('signing keys and sessions persist in the database: a token survives a restart', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'vmer-restart-'));
    const first = await buildTestApp({ env: { DATA_DIR: dataDir } });
    try {
      const token = await tokenFor(first.baseUrl, 'interviewer1');
      const port = new URL(first.baseUrl).port;
      await first.close();
      const config = loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        PORT: port,
        PUBLIC_URL: first.baseUrl,
        LOG_LEVEL: 'silent',
      });
      const second = await buildApp(config);
      try {
        await second.listen({ port: Number(port), host: '127.0.0.1' });
        const call = await putLanguage(first.baseUrl, token, 'en');
        expect(call.status).toBe(200);
      } finally {
        await second.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
