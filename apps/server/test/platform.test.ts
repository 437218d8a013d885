import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import {
  api,
  buildTestApp,
  DATABASES,
  storedLanguage,
  tokenFor,
  suiteApp,
  type TestApp,
  putLanguage,
} from './helpers.ts';

const SECURITY_HEADERS = {
  // 'self', and the built page's own inline script by its hash when there is a build.
  'content-security-policy': expect.stringMatching(
    /script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')*(;|$)/,
  ),
  'strict-transport-security': expect.stringContaining('max-age=31536000'),
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};

function expectSecurityHeaders(headers: Headers) {
  const csp = headers.get('content-security-policy') ?? '';
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain("unsafe-inline' ; script");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(
    Object.fromEntries(Object.keys(SECURITY_HEADERS).map((name) => [name, headers.get(name)])),
  ).toEqual(SECURITY_HEADERS);
}

describe.each(DATABASES)('HTTP platform on %s', (database) => {
  const t = suiteApp(database);
  let token: string;
  beforeAll(async () => {
    token = await tokenFor(t.baseUrl, 'uw1');
  });

  it('A-01 A-07 N-15 health and ready answer the envelope on /api/ of the same origin, without a token', async () => {
    const health = await api(t.baseUrl, '/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ code: 200, body: { status: 'up' } });
    const ready = await api(t.baseUrl, '/api/ready');
    expect(ready.body).toEqual({
      code: 200,
      body: { status: 'ready', database: 'up', identityProvider: 'up' },
    });
  });

  it('GET /api/auth/config is public and names the embedded issuer and web client', async () => {
    const response = await api(t.baseUrl, '/api/auth/config');
    expect(response.body).toEqual({
      code: 200,
      body: {
        authority: `${t.baseUrl}/oidc`,
        clientId: 'video-mer-web',
        scope: 'openid profile offline_access',
        companyName: null,
        helpDeskEmail: 'helpdesk@example.com',
        deviceCopyMaxAgeHours: 72,
      },
    });
  });

  it('A-02 A-03 A-04 PUT /api/user/language with JSON, the XMLHttpRequest marker and a bearer token persists the language', async () => {
    const headers = { 'x-requested-with': 'XMLHttpRequest' };
    const changed = await api(t.baseUrl, '/api/user/language', {
      token,
      method: 'PUT',
      body: { language: 'cn_traditional' },
      headers,
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('content-type')).toContain('application/json');
    expect(changed.body).toEqual({ code: 200, body: { language: 'cn_traditional' } });
    expect(await storedLanguage(t, 'uw1')).toBe('cn_traditional');

    // Errors now speak the user's language.
    const bad = await putLanguage(t.baseUrl, token, 'fr');
    expect(bad.body.message).toBe('請求無效。');

    await putLanguage(t.baseUrl, token, 'en');
    expect(await storedLanguage(t, 'uw1')).toBe('en');
  });

  it('X-09 bad input answers 400 listing every offending field, never a stack trace', async () => {
    const response = await api(t.baseUrl, '/api/user/language', {
      token,
      method: 'PUT',
      body: { language: 'fr', colour: 'blue', size: 3 },
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe(400);
    expect(response.body.message).toBe('The request is not valid.');
    expect(response.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'language', message: 'This value is not one of the allowed values.' },
        { path: 'colour', message: 'This field is not allowed.' },
        { path: 'size', message: 'This field is not allowed.' },
      ]),
    );
    const missing = await api(t.baseUrl, '/api/user/language', { token, method: 'PUT', body: {} });
    expect(missing.body.errors).toEqual([{ path: 'language', message: 'This field is required.' }]);
    expect(JSON.stringify(response.body)).not.toMatch(/at .*\.ts:\d+/);
  });

  it('X-09 malformed JSON answers 400 in the envelope, in the language of the user', async () => {
    const send = () =>
      fetch(`${t.baseUrl}/api/user/language`, {
        method: 'PUT',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'accept-language': 'zh-HK',
        },
        body: '{"language": "en",',
      });
    const english = await send();
    expect(english.status).toBe(400);
    expect(await english.json()).toEqual({
      code: 400,
      error: 'malformed_json',
      message: 'The request body is not valid JSON.',
    });
    await putLanguage(t.baseUrl, token, 'cn_traditional');
    expect(await (await send()).json()).toEqual({
      code: 400,
      error: 'malformed_json',
      message: '請求內容不是有效的 JSON。',
    });
    await putLanguage(t.baseUrl, token, 'en');
  });

  it('X-09 without a signed-in user, messages follow Accept-Language', async () => {
    for (const [language, message] of [
      ['en-GB,en;q=0.8', 'Not found.'],
      ['zh-HK,zh;q=0.9,en;q=0.5', '找不到。'],
      ['fr-FR', 'Not found.'],
    ]) {
      const response = await fetch(`${t.baseUrl}/api/nothing/here`, {
        headers: { 'accept-language': language ?? '' },
      });
      expect(await response.json()).toEqual({ code: 404, error: 'not_found', message });
    }
  });

  it('X-09 a body over 2 MiB answers 413 in the envelope', async () => {
    const response = await fetch(`${t.baseUrl}/api/user/language`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ language: 'en', padding: 'x'.repeat(BODY_LIMIT) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      code: 413,
      error: 'payload_too_large',
      message: 'The request is too large.',
    });
  });

  it('X-09 N-16 an unknown API route answers 404 in the envelope, a known one asked with a wrong method 405 with Allow', async () => {
    for (const headers of [{}, { authorization: `Bearer ${token}` }]) {
      const response = await fetch(`${t.baseUrl}/api/no/such/route`, { headers });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        code: 404,
        error: 'not_found',
        message: 'Not found.',
      });
    }
    const wrongMethod = await api(t.baseUrl, '/api/user/language', { token, method: 'DELETE' });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('PUT');
  });

  it('A-06 the datatimestamp cache-buster is accepted and ignored, while other unknown query fields are refused', async () => {
    const stamped = await api(t.baseUrl, `/api/auth/config?datatimestamp=${Date.now()}`);
    expect(stamped.status).toBe(200);
    const stampedPut = await api(t.baseUrl, `/api/user/language?datatimestamp=${Date.now()}`, {
      token,
      method: 'PUT',
      body: { language: 'en' },
    });
    expect(stampedPut.status).toBe(200);
    const unknown = await api(t.baseUrl, '/api/auth/config?colour=blue');
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([
      { path: 'query.colour', message: 'This field is not allowed.' },
    ]);
  });

  it('P-13 C-21 a request without the instance cookie gets one for 1 day (SameSite=Lax), and keeps it afterwards', async () => {
    const first = await fetch(`${t.baseUrl}/api/health`);
    const cookie = first.headers.getSetCookie().find((c) => c.startsWith('instance='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/^instance=[A-Za-z0-9_-]{8,64};/);
    expect(cookie).toContain('Max-Age=86400');
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toContain('Secure');
    const id = /^instance=([^;]+)/.exec(cookie ?? '')?.[1];
    const second = await fetch(`${t.baseUrl}/api/health`, {
      headers: { cookie: `instance=${id}`, instance: id ?? '' },
    });
    expect(second.headers.getSetCookie().some((c) => c.startsWith('instance='))).toBe(false);
  });

  it('P-14 A-05 an Instance header without the cookie is kept as the instance identifier', async () => {
    const response = await fetch(`${t.baseUrl}/api/health`, {
      headers: { instance: 'browser-instance-1234' },
    });
    expect(response.headers.getSetCookie().find((c) => c.startsWith('instance='))).toMatch(
      /^instance=browser-instance-1234;/,
    );
  });

  it('security headers are on API answers, errors, pages and provider pages', async () => {
    expectSecurityHeaders((await fetch(`${t.baseUrl}/api/health`)).headers);
    expectSecurityHeaders((await fetch(`${t.baseUrl}/api/no-such`)).headers);
    expectSecurityHeaders(
      (await fetch(`${t.baseUrl}/api/user/language`, { method: 'PUT' })).headers,
    );
    expectSecurityHeaders((await fetch(`${t.baseUrl}/home`)).headers);
    expectSecurityHeaders(
      (await fetch(`${t.baseUrl}/oidc/.well-known/openid-configuration`)).headers,
    );
    expectSecurityHeaders((await fetch(`${t.baseUrl}/oidc/assets/sign-in.css`)).headers);
    expectSecurityHeaders((await fetch(`${t.baseUrl}/metrics`)).headers);
  });

  it('Prometheus metrics include the defaults and the request duration histogram by route', async () => {
    await fetch(`${t.baseUrl}/api/health`);
    const response = await fetch(`${t.baseUrl}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{[^}]*method="GET",route="\/api\/health",status_code="200"/,
    );
  });

  it('the OpenAPI document is generated from the zod schemas and the docs page is served', async () => {
    const response = await fetch(`${t.baseUrl}/api/docs/openapi.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as {
      openapi: string;
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>
      >;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/ready',
        '/api/auth/config',
        '/api/user/language',
      ]),
    );
    expect(
      document.paths['/api/user/language']?.put?.requestBody?.content['application/json']?.schema,
    ).toMatchObject({
      type: 'object',
      properties: { language: { enum: ['en', 'cn_traditional', 'cn_simplified'] } },
      additionalProperties: false,
    });
    expect(document.components.securitySchemes).toHaveProperty('bearer');
    const page = await fetch(`${t.baseUrl}/api/docs`, { redirect: 'follow' });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('swagger');
  });
});

describe('logs', () => {
  it('never hold tokens, codes, cookies or passwords', async () => {
    const lines: string[] = [];
    const t = await buildTestApp({
      env: { LOG_LEVEL: 'trace' },
      logStream: { write: (line: string) => lines.push(line) },
    });
    try {
      const token = await tokenFor(t.baseUrl, 'uw1', 'demo');
      await fetch(`${t.baseUrl}/login/callback?code=SECRET-CODE-1&state=SECRET-STATE-1`, {
        headers: { cookie: 'instance=abcdefgh12' },
      });
      await putLanguage(t.baseUrl, token, 'en');
      await api(t.baseUrl, '/api/user/language', {
        token: `${token}x`,
        method: 'PUT',
        body: { language: 'en' },
      });
      t.app.log.info(
        { password: 'hunter2', authorization: `Bearer ${token}`, applicationNumber: 'APP-SECRET' },
        'handler log',
      );
      const log = lines.join('');
      expect(log).toContain('incoming request');
      expect(log).toContain('handler log');
      for (const secret of [
        token.split('.')[2] ?? token,
        'SECRET-CODE-1',
        'SECRET-STATE-1',
        'hunter2',
        'APP-SECRET',
        'abcdefgh12',
      ]) {
        expect(log).not.toContain(secret);
      }
      expect(log).not.toMatch(/"password":"demo"/);
    } finally {
      await t.close();
    }
  });
});

describe('rate limits', () => {
  it('the API answers 429 in the envelope once a caller exceeds its budget; health is never limited', async () => {
    const t = await buildTestApp({ env: { API_RATE_LIMIT: '3' } });
    try {
      const token = await tokenFor(t.baseUrl, 'agent1');
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        statuses.push((await putLanguage(t.baseUrl, token, 'en')).status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      const limited = await putLanguage(t.baseUrl, token, 'en');
      expect(limited.body).toEqual({
        code: 429,
        error: 'rate_limited',
        message: 'Too many requests. Please wait a moment and try again.',
      });
      expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
      // Another caller has its own budget.
      const other = await tokenFor(t.baseUrl, 'uw2');
      expect((await putLanguage(t.baseUrl, other, 'en')).status).toBe(200);
      for (let i = 0; i < 5; i += 1) expect((await api(t.baseUrl, '/api/health')).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('who may read /metrics', () => {
  const apps: TestApp[] = [];
  afterAll(async () => Promise.all(apps.map((app) => app.close())));
  const start = async (env: Record<string, string>) => {
    const app = await buildTestApp({ env });
    apps.push(app);
    return app;
  };
  const scrape = (baseUrl: string, authorization?: string) =>
    fetch(`${baseUrl}/metrics`, authorization ? { headers: { authorization } } : {});

  it('with METRICS_TOKEN set, only a scrape sending it as a bearer token', async () => {
    const token = 'scrape-token-0123456789';
    const { baseUrl } = await start({ METRICS_TOKEN: token });
    const none = await scrape(baseUrl);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
    expect(await none.text()).not.toContain('process_cpu');
    expect((await scrape(baseUrl, `Bearer ${token}x`)).status).toBe(401);
    expect((await scrape(baseUrl, token)).status).toBe(401);
    const allowed = await scrape(baseUrl, `Bearer ${token}`);
    expect(allowed.status).toBe(200);
    expect(await allowed.text()).toContain('process_cpu_user_seconds_total');
  });

  it('in production without METRICS_TOKEN, nobody: 404', async () => {
    const { baseUrl } = await start({ NODE_ENV: 'production', ALLOW_EMBEDDED_IDP: 'true' });
    const response = await scrape(baseUrl);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('process_cpu');
    expect((await fetch(`${baseUrl}/api/health`)).status).toBe(200);
  });

  it('a METRICS_TOKEN shorter than 16 characters stops the start with a clear message', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN: must be at least 16 characters/,
    );
  });
});
