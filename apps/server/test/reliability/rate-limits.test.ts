import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beginAuthorization, cookieFetch, type CookieFetch } from '../../src/cli/sign-in.ts';
import { ConfigError, loadConfig } from '../../src/config.ts';
import {
  api,
  buildTestApp,
  createPostgresDatabase,
  DATABASES,
  tokenFor,
  type TestApp,
  putLanguage,
} from '../helpers.ts';
import { clientCredentialsGrant } from '../disclosures/fixtures.ts';

/** Walks to the sign-in page like a browser; answers where its form posts. */
async function signInForm(baseUrl: string, browser: CookieFetch): Promise<string> {
  const authorization = await beginAuthorization(baseUrl);
  const first = await browser(authorization.authorizeUrl);
  const page = await browser(new URL(first.headers.get('location') ?? '', baseUrl).href);
  const action = /<form method="post" action="([^"]+)"/.exec(await page.text())?.[1] ?? '';
  return new URL(action, baseUrl).href;
}

function postSignIn(
  browser: CookieFetch,
  action: string,
  password: string,
  headers: Record<string, string> = {},
) {
  return browser(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ username: 'uw1', password }).toString(),
  });
}

const clientToken = (baseUrl: string, secret: string) =>
  clientCredentialsGrant(baseUrl, 'demo-integration', secret);

const TOO_MANY = {
  code: 429,
  error: 'rate_limited',
  message: 'Too many requests. Please wait a moment and try again.',
};

describe.each(DATABASES)('rate limits on %s', (database) => {
  it('T-33 behind TRUST_PROXY=1, wrong passwords with a forged leftmost X-Forwarded-For still reach the sign-in limit (429)', async () => {
    const t = await buildTestApp({ database, env: { TRUST_PROXY: '1' } });
    try {
      const browser = cookieFetch();
      const action = await signInForm(t.baseUrl, browser);
      const statuses: number[] = [];
      for (let i = 1; i <= 60; i += 1) {
        // The caller writes a new address each time; the proxy appends the one it saw.
        const forwarded = { 'x-forwarded-for': `203.0.113.${i}, 198.51.100.7` };
        statuses.push((await postSignIn(browser, action, `wrong-${i}`, forwarded)).status);
      }
      expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
      expect(statuses.slice(30).every((status) => status === 429)).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('T-34 successful sign-ins do not count against the per-address limit: only failures do', async () => {
    const t = await buildTestApp({ database, env: { SIGN_IN_RATE_LIMIT: '2' } });
    try {
      for (let i = 0; i < 4; i += 1) expect(await tokenFor(t.baseUrl, 'uw1')).toMatch(/^ey/);
      const browser = cookieFetch();
      const action = await signInForm(t.baseUrl, browser);
      expect((await postSignIn(browser, action, 'wrong-1')).status).toBe(401);
      expect((await postSignIn(browser, action, 'wrong-2')).status).toBe(401);
      const limited = await postSignIn(browser, action, 'demo');
      expect(limited.status).toBe(429);
      expect(await limited.text()).toContain('Too many sign-in attempts.');
    } finally {
      await t.close();
    }
  });

  it('T-34 requests refused for a missing or invalid token are limited per address (429 past AUTH_FAILURE_RATE_LIMIT); health is not', async () => {
    const t = await buildTestApp({ database, env: { AUTH_FAILURE_RATE_LIMIT: '3' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        statuses.push(
          (
            await api(t.baseUrl, '/api/user/language', {
              token: `forged.token.${i}`,
              method: 'PUT',
              body: { language: 'en' },
            })
          ).status,
        );
      }
      expect(statuses).toEqual([401, 401, 401]);
      const limited = await api(t.baseUrl, '/api/insurer/list');
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual(TOO_MANY);
      expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
      expect((await api(t.baseUrl, '/api/health')).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('T-34 wrong client secrets at /oidc/token are limited per address (429 past AUTH_FAILURE_RATE_LIMIT)', async () => {
    const t = await buildTestApp({ database, env: { AUTH_FAILURE_RATE_LIMIT: '3' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i += 1)
        statuses.push((await clientToken(t.baseUrl, `guess-${i}`)).status);
      expect(statuses).toEqual([401, 401, 401]);
      const limited = await clientToken(t.baseUrl, 'demo-secret');
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      await t.close();
    }
  });
});

describe.runIf(DATABASES.includes('postgres'))('two servers on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    database = await createPostgresDatabase();
    const env = {
      DATABASE_URL: database.url,
      API_RATE_LIMIT: '4',
      SIGN_IN_RATE_LIMIT: '4',
      AUTH_FAILURE_RATE_LIMIT: '4',
    };
    first = await buildTestApp({ env });
    // The same public address (one issuer), as two replicas behind one load balancer.
    second = await buildTestApp({ env: { ...env, PUBLIC_URL: first.baseUrl } });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await database?.drop();
  });

  it('T-44 share one API budget per caller', async () => {
    const token = await tokenFor(first.baseUrl, 'agent1');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const server = i % 2 === 0 ? first : second;
      statuses.push((await putLanguage(server.baseUrl, token, 'en')).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });

  it('T-44 share one budget of failed sign-ins per address', async () => {
    const browser = cookieFetch();
    const action = await signInForm(first.baseUrl, browser);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const target = i % 2 === 0 ? action : action.replace(first.baseUrl, second.baseUrl);
      statuses.push((await postSignIn(browser, target, `wrong-${i}`)).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  });

  it('T-44 share one budget of refused tokens per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const server = i % 2 === 0 ? first : second;
      statuses.push(
        (await api(server.baseUrl, '/api/insurer/list', { token: `forged.token.${i}` })).status,
      );
    }
    // Each server reads the shared count once it has refused the address itself.
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(statuses.slice(4)).toEqual([429, 429]);
  });
});

describe.runIf(DATABASES.includes('postgres'))(
  'two servers on one PostgreSQL with a larger API budget',
  () => {
    it('T-44 reserve parts of the budget ahead, yet answer exactly API_RATE_LIMIT calls in all before 429', async () => {
      const database = await createPostgresDatabase();
      const env = { DATABASE_URL: database.url, API_RATE_LIMIT: '100' };
      const first = await buildTestApp({ env });
      const second = await buildTestApp({ env: { ...env, PUBLIC_URL: first.baseUrl } });
      try {
        const token = await tokenFor(first.baseUrl, 'agent1');
        const shared = async () =>
          (
            await first.app.db.executeQuery<{ hits: number }>(
              CompiledQuery.raw("select hits from rate_limit_counters where key = 'user:agent1'"),
            )
          ).rows;
        const statuses = [(await api(first.baseUrl, '/api/insurer/list', { token })).status];
        // One call reserved two (100 / 50) in the shared count: the next is spent without a round trip.
        expect(await shared()).toEqual([{ hits: 2 }]);
        for (let i = 1; i < 104; i += 1) {
          const server = i % 2 === 0 ? first : second;
          statuses.push((await api(server.baseUrl, '/api/insurer/list', { token })).status);
        }
        expect(statuses.slice(0, 100).every((status) => status === 200)).toBe(true);
        expect(statuses.slice(100)).toEqual([429, 429, 429, 429]);
      } finally {
        await second.close();
        await first.close();
        await database.drop();
      }
    });
  },
);

describe('the TRUST_PROXY setting', () => {
  it('T-33 takes a hop count or proxy addresses, trusts nobody over http and one hop over https by default, and refuses true', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://mer.example.com' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(
      loadConfig({ TRUST_PROXY: 'false', PUBLIC_URL: 'https://mer.example.com' }).trustProxy,
    ).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.0.2.7',
      '::1',
    ]);
    for (const value of ['true', 'yes', '10.0.0.0/33', 'proxy.example.com', '1,']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY: must be false, a number of proxy hops/,
      );
    }
  });
});
