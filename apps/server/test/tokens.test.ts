import { createPublicKey } from 'node:crypto';
import { base64url, decodeJwt, exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInForTokens } from '../src/cli/sign-in.ts';
import { buildAppTrusting, providerKey, type SigningKey } from './external-issuer.ts';
import { api, buildTestApp, DATABASES, suiteApp, type TestApp, putLanguage } from './helpers.ts';

function sign(
  payload: JWTPayload,
  key: SigningKey,
  header: { kid: string; typ?: string; alg?: string },
) {
  return new SignJWT(payload)
    .setProtectedHeader({
      alg: header.alg ?? 'RS256',
      typ: header.typ ?? 'at+jwt',
      kid: header.kid,
    })
    .sign(key);
}

describe.each(DATABASES)('access token checks on %s', (database) => {
  const t = suiteApp(database);
  let claims: JWTPayload;
  let idToken: string;
  let signing: Awaited<ReturnType<typeof providerKey>>;
  const now = () => Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    const tokens = await signInForTokens({ url: t.baseUrl, user: 'uw1', password: 'demo' });
    claims = decodeJwt(tokens.access_token);
    idToken = tokens.id_token;
    signing = await providerKey(t);
  });

  const expectRefused = async (token: string) => {
    const response = await putLanguage(t.baseUrl, token, 'en');
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({
      code: 401,
      message: expect.stringContaining('sign in again'),
    });
    expect(response.headers.get('www-authenticate')).toContain('error="invalid_token"');
  };

  it('A-04 a token signed by the provider with the right claims is accepted (control for the forgeries below)', async () => {
    const token = await sign({ ...claims, iat: now(), exp: now() + 300 }, signing.key, {
      kid: signing.kid,
    });
    expect((await putLanguage(t.baseUrl, token, 'en')).status).toBe(200);
  });

  it('X-09 no token, or a non-bearer scheme, answers 401 in the envelope with a Bearer challenge', async () => {
    const missing = await api(t.baseUrl, '/api/user/language', {
      method: 'PUT',
      body: { language: 'en' },
    });
    expect(missing.status).toBe(401);
    expect(missing.body.code).toBe(401);
    expect(missing.headers.get('www-authenticate')).toMatch(/^Bearer realm=/);
    const basic = await api(t.baseUrl, '/api/user/language', {
      method: 'PUT',
      body: { language: 'en' },
      headers: { authorization: 'Basic dXcxOmRlbW8=' },
    });
    expect(basic.status).toBe(401);
    await expectRefused('not-a-jwt');
  });

  it('a token with alg none is refused', async () => {
    const header = base64url.encode(JSON.stringify({ alg: 'none', typ: 'at+jwt' }));
    const payload = base64url.encode(JSON.stringify({ ...claims, exp: now() + 300 }));
    await expectRefused(`${header}.${payload}.`);
  });

  it('a token signed with HS256 (the public key as shared secret) is refused', async () => {
    const secret = new TextEncoder().encode(
      JSON.stringify(
        createPublicKey({ key: signing.jwk as never, format: 'jwk' }).export({ format: 'jwk' }),
      ),
    );
    await expectRefused(
      await sign({ ...claims, exp: now() + 300 }, secret, { kid: signing.kid, alg: 'HS256' }),
    );
  });

  it('a token signed with a foreign key is refused, with the provider kid or another', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    await expectRefused(
      await sign({ ...claims, exp: now() + 300 }, privateKey, { kid: signing.kid }),
    );
    const foreignKid = (await exportJWK(privateKey)).n?.slice(0, 16) ?? 'foreign';
    await expectRefused(
      await sign({ ...claims, exp: now() + 300 }, privateKey, { kid: foreignKid }),
    );
  });

  it('P-07 a real token with tampered claims (more insurers, another role) is refused', async () => {
    const real = await sign({ ...claims, exp: now() + 300 }, signing.key, { kid: signing.kid });
    const [header, , signature] = real.split('.');
    const forged = base64url.encode(
      JSON.stringify({
        ...claims,
        exp: now() + 300,
        role: 'admin',
        insurers: ['phkl', 'slhk', 'demo'],
      }),
    );
    await expectRefused(`${header}.${forged}.${signature}`);
  });

  it('a token of another issuer, for another audience, expired or not yet valid is refused', async () => {
    const base = { ...claims, iat: now(), exp: now() + 300 };
    await expectRefused(
      await sign({ ...base, iss: 'https://evil.example/oidc' }, signing.key, { kid: signing.kid }),
    );
    await expectRefused(
      await sign({ ...base, aud: 'https://other.example/api' }, signing.key, { kid: signing.kid }),
    );
    await expectRefused(
      await sign({ ...base, iat: now() - 3600, exp: now() - 60 }, signing.key, {
        kid: signing.kid,
      }),
    );
    await expectRefused(
      await sign({ ...base, nbf: now() + 600 }, signing.key, { kid: signing.kid }),
    );
    const { exp: _exp, ...withoutExpiry } = base;
    await expectRefused(await sign(withoutExpiry, signing.key, { kid: signing.kid }));
  });

  it('T-40 a token issued in the future beyond a minute of clock skew is refused; within it, accepted', async () => {
    await expectRefused(
      await sign({ ...claims, iat: now() + 3600, exp: now() + 7200 }, signing.key, {
        kid: signing.kid,
      }),
    );
    await expectRefused(
      await sign({ ...claims, iat: now() + 120, exp: now() + 600 }, signing.key, {
        kid: signing.kid,
      }),
    );
    const skewed = await sign({ ...claims, iat: now() + 30, exp: now() + 600 }, signing.key, {
      kid: signing.kid,
    });
    expect((await putLanguage(t.baseUrl, skewed, 'en')).status).toBe(200);
  });

  it('a token accepted once, and so remembered, does not make a tampered copy pass', async () => {
    const real = await sign({ ...claims, iat: now(), exp: now() + 300 }, signing.key, {
      kid: signing.kid,
    });
    expect((await putLanguage(t.baseUrl, real, 'en')).status).toBe(200);
    expect((await putLanguage(t.baseUrl, real, 'en')).status).toBe(200);
    const [header, payload, signature] = real.split('.') as [string, string, string];
    const forged = base64url.encode(
      JSON.stringify({ ...decodeJwt(real), role: 'admin', insurers: ['phkl', 'slhk', 'demo'] }),
    );
    await expectRefused(`${header}.${forged}.${signature}`);
    const otherSignature = `${signature.slice(0, -4)}${signature.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    await expectRefused(`${header}.${payload}.${otherSignature}`);
    expect((await putLanguage(t.baseUrl, real, 'en')).status).toBe(200);
  });

  it('a remembered token is refused once it has expired', async () => {
    const shortLived = await sign({ ...claims, iat: now(), exp: now() + 2 }, signing.key, {
      kid: signing.kid,
    });
    expect((await putLanguage(t.baseUrl, shortLived, 'en')).status).toBe(200);
    // Refused once past its exp and the verifier's 5 s of clock tolerance: asked again until
    // then (a bound, not a measure), rather than a fixed wait longer than both.
    await expect
      .poll(async () => (await putLanguage(t.baseUrl, shortLived, 'en')).status, {
        timeout: 20_000,
        interval: 250,
      })
      .toBe(401);
    await expectRefused(shortLived);
  });

  it('an ID token is refused as an access token, and so is a plain JWT of the embedded provider', async () => {
    await expectRefused(idToken);
    await expectRefused(
      await sign({ ...claims, exp: now() + 300 }, signing.key, { kid: signing.kid, typ: 'JWT' }),
    );
  });
});

describe('an external issuer (the same code against another server acting as Okta, Entra ID or Keycloak)', () => {
  let issuer: TestApp;
  let t: TestApp;
  let signing: Awaited<ReturnType<typeof providerKey>>;
  const now = () => Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    issuer = await buildTestApp();
    signing = await providerKey(issuer);
    t = await buildAppTrusting(issuer);
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
  });

  it('P-05 auth config names the external issuer and no provider is mounted here', async () => {
    const config = await api<{ authority: string; clientId: string }>(
      t.baseUrl,
      '/api/auth/config',
    );
    expect(config.body.body).toMatchObject({
      authority: `${issuer.baseUrl}/oidc`,
      clientId: 'video-mer-web',
    });
    expect((await fetch(`${t.baseUrl}/oidc/.well-known/openid-configuration`)).status).toBe(404);
  });

  it("P-06 the issuer's token is verified against its JWKS over HTTP and its subject recorded with role and insurers", async () => {
    const tokens = await signInForTokens({ url: issuer.baseUrl, user: 'uw2', password: 'demo' });
    const call = await putLanguage(t.baseUrl, tokens.access_token, 'cn_traditional');
    expect(call.status).toBe(200);
    const row = await t.app.db
      .selectFrom('users')
      .selectAll()
      .where('subject', '=', 'uw2')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      user_name: 'uw2',
      role: 'underwriter',
      insurers: ['demo'],
      language: 'cn_traditional',
      password_hash: null,
    });
    // The ID token is still refused: it carries a nonce and is for the client, not the API.
    expect((await putLanguage(t.baseUrl, tokens.id_token, 'en')).status).toBe(401);
  });

  it('P-06 without role and insurer claims, the users table gives them; without either the caller is refused 403', async () => {
    await t.app.db
      .insertInto('users')
      .values({
        subject: 'ext-42',
        user_name: 'ext42',
        display_name: 'External',
        role: 'agent',
        insurers: ['slhk'],
      })
      .execute();
    const plain = {
      iss: `${issuer.baseUrl}/oidc`,
      aud: `${issuer.baseUrl}/api`,
      iat: now(),
      exp: now() + 300,
    };
    // Okta and Entra ID type access tokens plain "JWT": accepted from an external issuer.
    const known = await sign(
      { ...plain, sub: 'ext-42', preferred_username: 'ext42' },
      signing.key,
      { kid: signing.kid, typ: 'JWT' },
    );
    expect((await putLanguage(t.baseUrl, known, 'en')).status).toBe(200);
    const unknown = await sign({ ...plain, sub: 'ext-43' }, signing.key, {
      kid: signing.kid,
      typ: 'JWT',
    });
    const refused = await putLanguage(t.baseUrl, unknown, 'en');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('not been given access');
    const withNonce = await sign({ ...plain, sub: 'ext-42', nonce: 'n' }, signing.key, {
      kid: signing.kid,
      typ: 'JWT',
    });
    expect((await putLanguage(t.baseUrl, withNonce, 'en')).status).toBe(401);
  });

  it('an unreachable issuer fails closed: 503, never accepted', async () => {
    const orphan = await buildTestApp({
      env: {
        OIDC_ISSUER: 'http://127.0.0.1:9/oidc',
        OIDC_CLIENT_ID: 'x',
        OIDC_AUDIENCE: `${issuer.baseUrl}/api`,
      },
    });
    try {
      const token = await sign(
        {
          iss: 'http://127.0.0.1:9/oidc',
          aud: `${issuer.baseUrl}/api`,
          sub: 'uw1',
          role: 'admin',
          exp: now() + 300,
        },
        signing.key,
        { kid: signing.kid },
      );
      const response = await putLanguage(orphan.baseUrl, token, 'en');
      expect(response.status).toBe(503);
      expect(response.body.code).toBe(503);
    } finally {
      await orphan.close();
    }
  });
});
