import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DATABASES, type TestApp } from './helpers.ts';

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  end_session_endpoint: string;
  [name: string]: unknown;
}

/** GET with the headers given, Host included (fetch would not let a test set Host). */
function getWithHeaders(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const call = request(url, { headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    call.on('error', reject);
    call.end();
  });
}

/** Every address the discovery document names. */
function addressesOf(discovery: Discovery): string[] {
  return Object.entries(discovery)
    .filter(
      ([name, value]) =>
        (name === 'issuer' || name.endsWith('_endpoint') || name.endsWith('_uri')) &&
        typeof value === 'string',
    )
    .map(([, value]) => value as string);
}

describe.each(DATABASES)("the embedded provider's discovery document on %s", (database) => {
  // Behind a trusted proxy (one hop), where X-Forwarded-Host and X-Forwarded-Proto are read.
  for (const trustProxy of ['false', '1']) {
    describe(`TRUST_PROXY=${trustProxy}`, () => {
      let t: TestApp;
      beforeAll(async () => {
        t = await buildTestApp({ database, env: { TRUST_PROXY: trustProxy } });
      });
      afterAll(async () => t?.close());

      it('T-39 names addresses on PUBLIC_URL only, whatever the Host and X-Forwarded-Host headers say', async () => {
        const url = `${t.baseUrl}/oidc/.well-known/openid-configuration`;
        const plain = await getWithHeaders(url, {});
        expect(plain.status).toBe(200);
        const expected = JSON.parse(plain.body) as Discovery;
        expect(expected.issuer).toBe(`${t.baseUrl}/oidc`);
        expect(expected.token_endpoint).toBe(`${t.baseUrl}/oidc/token`);

        for (const headers of [
          { host: 'evil.example' },
          {
            host: 'evil.example:8443',
            'x-forwarded-host': 'evil.example',
            'x-forwarded-proto': 'https',
          },
          { 'x-forwarded-host': 'evil.example, proxy.example', 'x-forwarded-proto': 'https' },
        ] as Record<string, string>[]) {
          const forged = await getWithHeaders(url, headers);
          expect(forged.status, JSON.stringify(headers)).toBe(200);
          const discovery = JSON.parse(forged.body) as Discovery;
          expect(discovery, JSON.stringify(headers)).toEqual(expected);
          for (const address of addressesOf(discovery))
            expect(address.startsWith(`${t.baseUrl}/oidc`), address).toBe(true);
        }
      });
    });
  }
});
