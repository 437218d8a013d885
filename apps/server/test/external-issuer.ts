import { importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';
import { afterAll, beforeAll } from 'vitest';
import { api, buildTestApp, type TestApp, type TestDatabase } from './helpers.ts';

export type SigningKey = Awaited<ReturnType<typeof importJWK>>;

/** The embedded provider's own signing key, read from its database, to forge tokens it would sign. */
export async function providerKey(t: TestApp): Promise<{ key: SigningKey; kid: string; jwk: JWK }> {
  const row = await t.app.db
    .selectFrom('platform_secrets')
    .select('value')
    .where('name', '=', 'oidc.jwks')
    .executeTakeFirstOrThrow();
  const jwk = (row.value as { keys: JWK[] }).keys[0] as JWK;
  return { key: await importJWK(jwk, 'RS256'), kid: jwk.kid ?? '', jwk };
}

/** An app that signs nobody in itself and trusts `issuer`'s provider as its external issuer. */
export function buildAppTrusting(issuer: TestApp, database?: TestDatabase): Promise<TestApp> {
  return buildTestApp({
    database,
    env: {
      OIDC_ISSUER: `${issuer.baseUrl}/oidc`,
      OIDC_CLIENT_ID: 'video-mer-web',
      OIDC_AUDIENCE: `${issuer.baseUrl}/api`,
    },
  });
}

export interface ExternalIssuerSuite {
  /** The app under test, trusting `issuer`'s provider as its external issuer. */
  app: TestApp;
  /** An access token `issuer`'s provider would sign, valid for five minutes, with `claims`. */
  tokenWith: (claims: JWTPayload) => Promise<string>;
}

/**
 * For a describe block: an issuer app and, on `database`, an app trusting it (built before the
 * block's tests, closed after them), and tokens the issuer would sign. The returned object is
 * ready once the block's own beforeAll hooks run.
 */
export function externalIssuerSuite(database: TestDatabase): ExternalIssuerSuite {
  let issuer: TestApp | undefined;
  let signing: { key: SigningKey; kid: string } | undefined;
  const now = () => Math.floor(Date.now() / 1000);
  const suite: ExternalIssuerSuite = {
    app: {} as TestApp,
    tokenWith: (claims) =>
      new SignJWT({
        iss: `${issuer!.baseUrl}/oidc`,
        aud: `${issuer!.baseUrl}/api`,
        iat: now(),
        exp: now() + 300,
        ...claims,
      })
        .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: signing!.kid })
        .sign(signing!.key),
  };
  beforeAll(async () => {
    issuer = await buildTestApp();
    signing = await providerKey(issuer);
    Object.assign(suite.app, await buildAppTrusting(issuer, database));
  });
  afterAll(async () => {
    await suite.app.close?.();
    await issuer?.close();
  });
  return suite;
}

/** What the API grants the bearer of `token`: the role and the insurers it works for, sorted. */
export async function rightsOf(
  t: TestApp,
  token: string,
): Promise<{ status: number; role?: string; insurers?: string[] }> {
  const info = await api<{ role: string }>(t.baseUrl, '/api/user/info/get', { token });
  if (info.status !== 200) return { status: info.status };
  const list = await api<{ insurerCode: string }[]>(t.baseUrl, '/api/insurer/list', { token });
  return {
    status: info.status,
    role: info.body.body!.role,
    insurers: [...new Set(list.body.body!.map((entry) => entry.insurerCode))].sort(),
  };
}
