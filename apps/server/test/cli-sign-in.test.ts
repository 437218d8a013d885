import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFetch } from '../src/cli/sign-in.ts';
import { rightsOf } from './external-issuer.ts';
import { ENTRA_LIKE, startEntraLikeProvider, type RunningProvider } from './external-provider.ts';
import { api, buildTestApp, DATABASES, suiteApp, type TestApp } from './helpers.ts';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a command-line tool as its own process. `onVerification` receives the address the device
 * sign-in asks the person to open, as soon as the tool writes it.
 */
function runTool(
  script: string,
  args: string[],
  options: { env?: Record<string, string>; onVerification?: (url: string) => Promise<void> } = {},
): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], {
      cwd: SERVER_DIR,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...options.env },
    });
    let stdout = '';
    let stderr = '';
    let browsing: Promise<void> | undefined;
    let browseError: unknown;
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const complete = /or open (\S+)\n/.exec(stderr)?.[1];
      if (complete && !browsing && options.onVerification) {
        browsing = options.onVerification(complete).catch((error: unknown) => {
          browseError = error;
          child.kill('SIGKILL');
        });
      }
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      void Promise.resolve(browsing).then(() =>
        browseError ? reject(browseError as Error) : resolve({ code, stdout, stderr }),
      );
    });
  });
}

const attribute = (tag: string, name: string) =>
  new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1]?.replace(/&amp;/g, '&');

/**
 * A person in a browser at `start`: submits each page's form (the code, the confirmation, the
 * sign-in with `user` and `password`) and follows the provider's redirects until a page without
 * a form, the one saying the tool is signed in, which it answers.
 */
async function signInDevice(start: string, user: string, password = 'demo'): Promise<string> {
  const browser = cookieFetch();
  let url = start;
  let response = await browser(url);
  for (let step = 0; step < 20; step += 1) {
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url).href;
      response = await browser(url);
      continue;
    }
    const page = await response.text();
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${page}`);
    const form = /<form\b[^>]*method="post"[^>]*>[\s\S]*?<\/form>/i.exec(page)?.[0];
    if (!form) return page;
    const fields = new URLSearchParams();
    for (const input of form.match(/<input\b[^>]*>/g) ?? []) {
      const name = attribute(input, 'name');
      if (!name) continue;
      const value = ['username', 'login'].includes(name)
        ? user
        : name === 'password'
          ? password
          : (attribute(input, 'value') ?? '');
      fields.set(name, value);
    }
    url = new URL(attribute(form.slice(0, form.indexOf('>') + 1), 'action') ?? url, url).href;
    response = await browser(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: fields.toString(),
    });
  }
  throw new Error('the device sign-in did not finish');
}

for (const database of DATABASES) {
  describe(`the command-line tools against the embedded provider on ${database}`, () => {
    const t = suiteApp(database);

    it('N-07 the token tool signs a person in through the device grant and prints only a token the API accepts', async () => {
      let done = '';
      const result = await runTool('src/cli/token.ts', ['--device', '--url', t.baseUrl], {
        onVerification: async (url) => {
          done = await signInDevice(url, 'uw1');
        },
      });
      expect(result.stderr).toMatch(/To sign in, open \S+\/oidc\/device and enter the code \S+/);
      expect(done).toContain('The tool is signed in. You can close this page.');
      expect(result.code).toBe(0);
      const token = result.stdout.trim();
      expect(result.stdout).toBe(`${token}\n`);
      expect(await rightsOf(t, token)).toEqual({
        status: 200,
        role: 'underwriter',
        insurers: ['phkl', 'slhk'],
      });
    });

    it('N-07 the catalogue tool lists the versions as an administrator signed in through the device grant', async () => {
      const result = await runTool(
        'src/cli/catalog.ts',
        ['versions', '--device', '--url', t.baseUrl],
        { onVerification: async (url) => void (await signInDevice(url, 'admin1')) },
      );
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^\* 1\t/m);
    });

    it('N-07 the token tool gets a calling system a client-credentials token with the scope it asks for', async () => {
      const result = await runTool(
        'src/cli/token.ts',
        ['--client-id', 'demo-integration', '--scope', 'disclosure:request', '--url', t.baseUrl],
        { env: { OIDC_CLIENT_SECRET: 'demo-secret' } },
      );
      expect(result.code).toBe(0);
      const token = result.stdout.trim();
      expect(decodeJwt(token)).toMatchObject({
        client_id: 'demo-integration',
        scope: 'disclosure:request',
      });
      // Let in by its scope: the empty request is refused for what it lacks, not for who sent it.
      const call = await api(t.baseUrl, '/api/impairment/video_mer/request', { token, body: {} });
      expect(call.status).toBe(400);
    });

    it("N-07 the device sign-in's code page speaks the person's language and labels its field", async () => {
      const page = await fetch(`${t.baseUrl}/oidc/device`, {
        headers: { 'accept-language': 'zh-HK' },
      }).then((response) => response.text());
      expect(page).toContain('<h1>登入命令列工具</h1>');
      expect(page).toContain('<label for="user-code">代碼</label>');
      expect(page).toMatch(/<input[^>]*name="user_code" id="user-code"/);
      expect(page).not.toContain('Enter code');
    });

    it('N-07 a wrong client secret prints the reason and no token', async () => {
      const result = await runTool(
        'src/cli/token.ts',
        ['--client-id', 'demo-integration', '--url', t.baseUrl],
        { env: { OIDC_CLIENT_SECRET: 'wrong' } },
      );
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain('token request failed: ');
    });
  });

  describe(`the token tool against a second, separately started provider on ${database}`, () => {
    let provider: RunningProvider;
    let t: TestApp;

    beforeAll(async () => {
      provider = await startEntraLikeProvider({
        alice: { upn: 'alice@contoso.example', groups: ['underwriters', 'phkl'] },
      });
      t = await buildTestApp({
        database,
        env: {
          OIDC_ISSUER: provider.issuer,
          OIDC_CLIENT_ID: ENTRA_LIKE.clientId,
          OIDC_AUDIENCE: ENTRA_LIKE.audience,
          OIDC_SCOPE: 'openid profile',
          OIDC_CLAIM_USERNAME: 'upn',
          OIDC_GROUP_MAP: 'underwriters=underwriter;phkl=insurer:phkl',
        },
      });
    });
    afterAll(async () => {
      await t?.close();
      await provider?.stop();
    });

    it('N-07 the device grant signs the person in at that provider, and the API grants what its groups map to', async () => {
      const result = await runTool('src/cli/token.ts', ['--device', '--url', t.baseUrl], {
        onVerification: async (url) => void (await signInDevice(url, 'alice')),
      });
      expect(result.stderr).toContain(`To sign in, open ${provider.issuer}/device`);
      expect(result.code).toBe(0);
      expect(await rightsOf(t, result.stdout.trim())).toEqual({
        status: 200,
        role: 'underwriter',
        insurers: ['phkl'],
      });
    });
  });
}
