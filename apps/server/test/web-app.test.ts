import { createHash } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { request } from 'node:http';
import { join } from 'node:path';
import {
  brotliCompressSync,
  brotliDecompressSync,
  constants as zlibConstants,
  gunzipSync,
  gzipSync,
} from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, AUTH_CONFIG_ELEMENT_ID, endpoints } from '@vmer/domain/api';
import { buildTestApp, tokenFor, type TestApp } from './helpers.ts';

/** The web app's own favicon, which the build copies to its root. */
const FAVICON = join(import.meta.dirname, '../../web/public/favicon.ico');

/** The script the build writes into the page (the opening call and the screen's chunks, F-01). */
const FIRST_SCRIPT = 'window.firstScript = "ran";';

const INDEX = `<!DOCTYPE html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body>\n    <script>${FIRST_SCRIPT}</script><div id="root"></div></body></html>`;

/** INDEX as the server sends it: with the `<base href>` its relative addresses resolve against. */
const PAGE = INDEX.replace('<head>', '<head>\n    <base href="/" />');

/** The element that carries the auth config in the page (F-01). */
const AUTH_CONFIG_ELEMENT = new RegExp(
  `<script type="application/json" id="${AUTH_CONFIG_ELEMENT_ID}">([^<]*)</script>(?=</head>)`,
);

/** A served page without its auth config, to compare with what the build wrote. */
const withoutAuthConfig = (html: string) => html.replace(AUTH_CONFIG_ELEMENT, '');

/** A script well over the 1 KB below which answers go out as they are. */
const BIG_SCRIPT = Array.from({ length: 400 }, (_, i) => `export const value${i} = ${i};`).join(
  '\n',
);

/** BIG_SCRIPT as the build compresses it: brotli at its best quality, gzip at its best level. */
const PRE_BROTLI = brotliCompressSync(BIG_SCRIPT, {
  params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 },
});
const PRE_GZIP = gzipSync(BIG_SCRIPT, { level: 9 });

/** A raw GET (fetch would decode the body itself): status, headers and the bytes as sent. */
function rawGet(url: string, encoding?: string) {
  return new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    const req = request(
      url,
      { headers: encoding ? { 'accept-encoding': encoding } : {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** A web build of a page, two scripts and the icons, in a fresh directory. */
async function fakeDist(): Promise<string> {
  const dist = await mkdtemp(join(tmpdir(), 'vmer-dist-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), INDEX);
  await writeFile(join(dist, 'assets', 'index-abc123.js'), 'console.log("app");');
  await writeFile(join(dist, 'assets', 'vendor-def456.js'), BIG_SCRIPT);
  // A script the build wrote compressed beside itself, as it writes every script.
  await writeFile(join(dist, 'assets', 'screens-789abc.js'), BIG_SCRIPT);
  await writeFile(join(dist, 'assets', 'screens-789abc.js.br'), PRE_BROTLI);
  await writeFile(join(dist, 'assets', 'screens-789abc.js.gz'), PRE_GZIP);
  await writeFile(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await copyFile(FAVICON, join(dist, 'favicon.ico'));
  return dist;
}

describe('the built web app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await fakeDist();
    // A name that would end the element early or open a comment, were it not escaped.
    t = await buildTestApp({ env: { WEB_DIST: dist, COMPANY_NAME: 'A </script><!-- & B' } });
  });
  afterAll(async () => {
    await t?.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('T-24 every page of the app (the questionnaire, workbench, dashboard, administration and studio) loads index.html with 200, never cached', async () => {
    for (const path of [
      '/',
      '/home',
      '/questionnaire',
      '/questionnaire/REQ-1',
      '/login/callback?code=x&state=y',
      '/logout/callback',
      '/privacy',
      '/account-request',
      '/worklist',
      '/dashboard',
      '/admin/users',
      '/admin/account-requests',
      '/admin/insurers',
      '/admin/catalogue',
      '/admin/catalogue/drafts/7',
    ]) {
      const response = await fetch(`${t.baseUrl}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(withoutAuthConfig(await response.text())).toBe(PAGE);
    }
    expect((await fetch(`${t.baseUrl}/index.html`)).headers.get('cache-control')).toBe('no-store');
  });

  it("F-01 the page's own inline script may run, by its hash in the CSP, and no other inline script", async () => {
    const hash = createHash('sha256').update(FIRST_SCRIPT).digest('base64');
    for (const path of ['/', '/questionnaire/REQ-1', '/assets/index-abc123.js', '/api/health']) {
      const csp = (await fetch(`${t.baseUrl}${path}`)).headers.get('content-security-policy');
      const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp ?? '')?.[1];
      expect(scriptSrc, path).toBe(`'self' 'sha256-${hash}'`);
    }
  });

  it('F-01 every page carries what GET /api/auth/config answers, as JSON the page does not run', async () => {
    const config = await (await fetch(`${t.baseUrl}/api/auth/config`)).json();
    for (const path of ['/', '/questionnaire/REQ-1', '/no/such/page']) {
      const page = await (await fetch(`${t.baseUrl}${path}`)).text();
      expect(page).not.toContain('</script><!--');
      const embedded = AUTH_CONFIG_ELEMENT.exec(page);
      const parsed = JSON.parse(embedded?.[1] ?? 'null') as { companyName: string };
      expect(parsed, path).toEqual((config as { body: unknown }).body);
      expect(parsed.companyName).toBe('A </script><!-- & B');
    }
  });

  it('T-24 a path that is no page of the app answers 404, with the app so that it shows its not-found page', async () => {
    for (const path of [
      '/no/such/page',
      '/questionnaire/REQ-1/extra',
      '/homes',
      '/admin?x=1',
      '/admin/catalogue/drafts',
      '/admin/catalogue/drafts/7/x',
      '/dashboards',
    ]) {
      const response = await fetch(`${t.baseUrl}${path}`);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(withoutAuthConfig(await response.text())).toBe(PAGE);
    }
  });

  it("T-24 N-16 /robots.txt forbids crawling, /favicon.ico is the app's icon, and a file the build lacks is never the app's HTML", async () => {
    const robots = await fetch(`${t.baseUrl}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(robots.headers.get('content-type')).toContain('text/plain');
    expect(await robots.text()).toBe('User-agent: *\nDisallow: /\n');
    const favicon = await fetch(`${t.baseUrl}/favicon.ico`);
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get('content-type')).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    expect(Buffer.from(await favicon.arrayBuffer())).toEqual(await readFile(FAVICON));
    // This build has no sitemap.xml: a plain 404, not index.html.
    const missing = await fetch(`${t.baseUrl}/sitemap.xml`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).not.toContain('text/html');
  });

  it('N-16 an unknown path under /api is a JSON 404, a known path asked with a wrong method a 405 naming the allowed ones', async () => {
    for (const [method, path] of [
      ['GET', '/api/no/such/route'],
      ['POST', '/api/no/such/route'],
      ['GET', '/api'],
      ['DELETE', '/api/health/x'],
    ] as const) {
      const response = await fetch(`${t.baseUrl}${path}`, { method });
      expect([method, path, response.status], path).toEqual([method, path, 404]);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await response.json()).toEqual({
        code: 404,
        error: 'not_found',
        message: 'Not found.',
      });
    }
    for (const [method, path, allow] of [
      ['POST', '/api/health', 'GET, HEAD'],
      ['DELETE', '/api/user/language', 'PUT'],
      ['PUT', '/api/catalog/versions', 'GET, HEAD, POST'],
      ['POST', '/robots.txt', 'GET, HEAD'],
    ] as const) {
      const response = await fetch(`${t.baseUrl}${path}`, { method });
      expect([method, path, response.status, response.headers.get('allow')]).toEqual([
        method,
        path,
        405,
        allow,
      ]);
      expect(await response.json()).toEqual({
        code: 405,
        error: 'method_not_allowed',
        message: 'This method is not allowed here.',
      });
    }
  });

  it('hashed assets are cached immutably for a year and carry the security headers', async () => {
    const response = await fetch(`${t.baseUrl}/assets/index-abc123.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('javascript');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('strict-transport-security')).toContain('max-age=31536000');
    expect(response.headers.getSetCookie()).toEqual([]);
    const favicon = await fetch(`${t.baseUrl}/favicon.svg`);
    expect(favicon.headers.get('cache-control')).toBe('no-cache');
  });

  it('scripts go out with brotli or gzip to a browser that accepts them, and as they are to one that does not', async () => {
    const url = `${t.baseUrl}/assets/vendor-def456.js`;
    const br = await rawGet(url, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.length).toBeLessThan(BIG_SCRIPT.length / 3);
    expect(brotliDecompressSync(br.body).toString()).toBe(BIG_SCRIPT);
    const gzip = await rawGet(url, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(BIG_SCRIPT);
    const plain = await rawGet(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(BIG_SCRIPT);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('F-03 a script the build wrote compressed goes out as written, not compressed again at each request', async () => {
    const url = `${t.baseUrl}/assets/screens-789abc.js`;
    const br = await rawGet(url, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(Buffer.compare(br.body, PRE_BROTLI)).toBe(0);
    expect(br.headers['content-type']).toContain('javascript');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const gzip = await rawGet(url, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(Buffer.compare(gzip.body, PRE_GZIP)).toBe(0);
    const plain = await rawGet(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(BIG_SCRIPT);
  });

  it('N-16 a missing asset is a 404, not the app; server paths never fall back to the app', async () => {
    for (const path of ['/assets/index-gone.js', '/assets/missing.js', '/favicon.png']) {
      const response = await fetch(`${t.baseUrl}${path}`);
      expect([path, response.status], path).toEqual([path, 404]);
      expect(response.headers.get('allow')).toBeNull();
      expect(await response.text()).not.toContain('<div id="root">');
    }
    for (const path of ['/api/nothing', '/oidc/nothing', '/metricsx/../api/x']) {
      const response = await fetch(`${t.baseUrl}${path}`);
      expect(response.status, path).toBe(404);
    }
    const post = await fetch(`${t.baseUrl}/home`, { method: 'POST' });
    expect(post.status).toBe(404);
    expect(await post.json()).toEqual({ code: 404, error: 'not_found', message: 'Not found.' });
  });
});

describe('without a built web app', () => {
  it('a placeholder page says the web app is not built, and the server runs', async () => {
    const t = await buildTestApp({ env: { WEB_DIST: join(tmpdir(), 'vmer-no-such-dist') } });
    try {
      for (const path of ['/', '/home']) {
        const response = await fetch(`${t.baseUrl}${path}`);
        expect(response.status).toBe(200);
        expect(await response.text()).toContain('The web app is not built');
        expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
      }
      expect((await fetch(`${t.baseUrl}/api/health`)).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('N-11 under a sub-path (PUBLIC_URL with a path)', () => {
  let t: TestApp;
  let dist: string;
  let app: string;
  beforeAll(async () => {
    dist = await fakeDist();
    t = await buildTestApp({ env: { WEB_DIST: dist }, basePath: '/vmer' });
    app = `${t.baseUrl}/vmer`;
  });
  afterAll(async () => {
    await t?.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('N-11 the pages carry the sub-path as their base, and the files, API and sign-in answer under it', async () => {
    for (const path of ['', '/', '/home', '/questionnaire/REQ-1', '/login/callback?code=x']) {
      const response = await fetch(`${app}${path}`);
      expect(response.status, path).toBe(200);
      expect(withoutAuthConfig(await response.text()), path).toBe(
        INDEX.replace('<head>', '<head>\n    <base href="/vmer/" />'),
      );
    }
    expect((await fetch(`${app}/no/such/page`)).status).toBe(404);
    expect(await (await fetch(`${app}/assets/index-abc123.js`)).text()).toBe('console.log("app");');
    expect((await fetch(`${app}/assets/missing.js`)).status).toBe(404);
    expect((await fetch(`${app}/api/ready`)).status).toBe(200);
    expect((await fetch(`${app}/api/no-such-call`)).status).toBe(404);

    const openApi = (await (await fetch(`${app}/api/docs/json`)).json()) as {
      servers: { url: string }[];
    };
    expect(openApi.servers[0]?.url).toBe(app);
  });

  it('N-11 a proxy that cuts the sub-path off reaches the same routes', async () => {
    expect((await fetch(`${t.baseUrl}/api/ready`)).status).toBe(200);
    expect(await (await fetch(`${t.baseUrl}/assets/index-abc123.js`)).text()).toBe(
      'console.log("app");',
    );
    expect(await (await fetch(`${t.baseUrl}/home`)).text()).toContain('<base href="/vmer/" />');
  });

  it('N-11 the embedded provider names its addresses under the sub-path, and signing in through them works', async () => {
    const discovery = (await (
      await fetch(`${app}/oidc/.well-known/openid-configuration`)
    ).json()) as Record<string, string>;
    expect(discovery.issuer).toBe(`${app}/oidc`);
    for (const name of [
      'authorization_endpoint',
      'token_endpoint',
      'jwks_uri',
      'end_session_endpoint',
    ])
      expect(discovery[name], name).toMatch(new RegExp(`^${app}/oidc/`));

    const token = await tokenFor(app, 'interviewer1');
    const info = await fetch(`${app}${apiPath(endpoints.userInfo)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(info.status).toBe(200);
  });

  it("N-11 the sign-in pages' stylesheet and links are under the sub-path", async () => {
    const authorize = new URL(`${app}/oidc/auth`);
    for (const [name, value] of Object.entries({
      client_id: 'video-mer-web',
      response_type: 'code',
      scope: 'openid',
      redirect_uri: `${app}/login/callback`,
      code_challenge: 'x'.repeat(43),
      code_challenge_method: 'S256',
    }))
      authorize.searchParams.set(name, value);
    const redirect = await fetch(authorize, { redirect: 'manual' });
    const interaction = redirect.headers.get('location') ?? '';
    expect(interaction).toMatch(/^\/vmer\/oidc\/interaction\//);
    const page = await fetch(new URL(interaction, app), {
      headers: {
        cookie: redirect.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; '),
      },
    });
    const html = await page.text();
    expect(html).toContain('<link rel="stylesheet" href="/vmer/oidc/assets/sign-in.css">');
    expect(html).toMatch(/<form method="post" action="\/vmer\/oidc\/interaction\/[^"]+\/login"/);
    expect((await fetch(`${app}/oidc/assets/sign-in.css`)).status).toBe(200);
  });
});
