import { importJWK, type JWK } from 'jose';
import { buildTestApp, type TestApp, type TestDatabase } from './helpers.ts';

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
