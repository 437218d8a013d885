import { decodeJwt } from 'jose';
import type { AdminAuditEntry } from '@vmer/domain/admin';
import { apiPath, endpoints } from '@vmer/domain/api';
import { describe, expect, it } from 'vitest';
import { signInForTokens } from '../src/cli/sign-in.ts';
import { externalIssuerSuite, rightsOf } from './external-issuer.ts';
import { api, DATABASES, tokenFor, suiteApp, type TestApp } from './helpers.ts';

const storedUser = (t: TestApp, subject: string) =>
  t.app.db
    .selectFrom('users')
    .select(['subject', 'role', 'insurers'])
    .where('subject', '=', subject)
    .executeTakeFirst();

/** A refresh-token grant at the embedded provider, as the browser renews its session. */
async function refresh(
  t: TestApp,
  refreshToken: string,
): Promise<{ status: number; access_token?: string }> {
  const response = await fetch(`${t.baseUrl}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: 'video-mer-web',
    }),
  });
  return { status: response.status, ...((await response.json()) as { access_token?: string }) };
}

describe.each(DATABASES)(
  'the users table is the authority for the embedded provider on %s',
  (database) => {
    const t = suiteApp(database);

    it("T-32 a demoted user's old token gets only the stored role and insurers, the table keeps them, and later sign-ins and renewals issue them", async () => {
      const tokens = await signInForTokens({ url: t.baseUrl, user: 'uw1', password: 'demo' });
      expect(await rightsOf(t, tokens.access_token)).toEqual({
        status: 200,
        role: 'underwriter',
        insurers: ['phkl', 'slhk'],
      });

      const demoted = { role: 'agent', insurers: ['slhk'] };
      await t.app.db.updateTable('users').set(demoted).where('subject', '=', 'uw1').execute();
      expect(await rightsOf(t, tokens.access_token)).toEqual({ status: 200, ...demoted });
      expect(await storedUser(t, 'uw1')).toEqual({ subject: 'uw1', ...demoted });

      const renewed = await refresh(t, tokens.refresh_token!);
      expect(renewed.status).toBe(200);
      expect(decodeJwt(renewed.access_token!)).toMatchObject(demoted);
      expect(decodeJwt(await tokenFor(t.baseUrl, 'uw1'))).toMatchObject(demoted);
      expect(await storedUser(t, 'uw1')).toEqual({ subject: 'uw1', ...demoted });
    });

    it("T-32 a demoted administrator's old token is refused the administrators' calls (403)", async () => {
      const token = await tokenFor(t.baseUrl, 'admin1');
      expect((await api(t.baseUrl, '/api/catalog/versions', { token })).status).toBe(200);
      await t.app.db
        .updateTable('users')
        .set({ role: 'interviewer' })
        .where('subject', '=', 'admin1')
        .execute();
      const refused = await api(t.baseUrl, '/api/catalog/versions', { token });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('You are not allowed to do this.');
      expect(await storedUser(t, 'admin1')).toMatchObject({ role: 'interviewer' });
    });

    it("T-32 a deleted user's token is refused at the next request (401) and does not create the user again", async () => {
      const tokens = await signInForTokens({ url: t.baseUrl, user: 'agent1', password: 'demo' });
      expect((await rightsOf(t, tokens.access_token)).status).toBe(200);

      await t.app.db.deleteFrom('users').where('subject', '=', 'agent1').execute();
      const refused = await api(t.baseUrl, '/api/user/info/get', { token: tokens.access_token });
      expect(refused.status).toBe(401);
      expect(refused.body.message).toContain('sign in again');
      expect(await storedUser(t, 'agent1')).toBeUndefined();
      expect((await refresh(t, tokens.refresh_token!)).status).toBe(400);
      expect(await storedUser(t, 'agent1')).toBeUndefined();
    });

    it("T-32 a deactivated user's tokens are refused at the next request (401), and signing in or renewing is refused until reactivated", async () => {
      const tokens = await signInForTokens({
        url: t.baseUrl,
        user: 'interviewer1',
        password: 'demo',
      });
      expect((await rightsOf(t, tokens.access_token)).status).toBe(200);

      await t.app.db
        .updateTable('users')
        .set({ active: false })
        .where('subject', '=', 'interviewer1')
        .execute();
      expect(
        (await api(t.baseUrl, '/api/user/info/get', { token: tokens.access_token })).status,
      ).toBe(401);
      expect((await refresh(t, tokens.refresh_token!)).status).toBe(400);
      await expect(tokenFor(t.baseUrl, 'interviewer1')).rejects.toThrow();

      await t.app.db
        .updateTable('users')
        .set({ active: true })
        .where('subject', '=', 'interviewer1')
        .execute();
      expect(await rightsOf(t, tokens.access_token)).toEqual({
        status: 200,
        role: 'interviewer',
        insurers: ['phkl'],
      });
    });
  },
);

describe.each(DATABASES)("an external issuer's claims on %s", (database) => {
  const { app: t, tokenWith } = externalIssuerSuite(database);

  it('T-32 claims never raise the stored role or insurers, only narrow the insurers, and are not written back', async () => {
    await t.app.db
      .insertInto('users')
      .values({
        subject: 'ext-7',
        user_name: 'ext7',
        display_name: 'External Seven',
        role: 'agent',
        insurers: ['slhk'],
      })
      .execute();
    const raising = await tokenWith({
      sub: 'ext-7',
      preferred_username: 'ext7',
      role: 'admin',
      insurers: ['phkl', 'slhk', 'demo'],
    });
    expect(await rightsOf(t, raising)).toEqual({ status: 200, role: 'agent', insurers: ['slhk'] });
    expect(await storedUser(t, 'ext-7')).toEqual({
      subject: 'ext-7',
      role: 'agent',
      insurers: ['slhk'],
    });

    // Insurers the token no longer names are taken away for its holder, not from the table.
    const narrowing = await tokenWith({
      sub: 'ext-7',
      preferred_username: 'ext7',
      insurers: ['phkl'],
    });
    expect(await rightsOf(t, narrowing)).toEqual({ status: 200, role: 'agent', insurers: [] });
    expect(await storedUser(t, 'ext-7')).toEqual({
      subject: 'ext-7',
      role: 'agent',
      insurers: ['slhk'],
    });

    await t.app.db
      .updateTable('users')
      .set({ active: false })
      .where('subject', '=', 'ext-7')
      .execute();
    expect((await api(t.baseUrl, '/api/user/info/get', { token: raising })).status).toBe(401);
  });

  it('T-32 O-08 a subject seen for the first time is recorded with the role and insurers its token names, and the administration trail says so', async () => {
    const first = await tokenWith({
      sub: 'ext-8',
      preferred_username: 'ext8',
      role: 'underwriter',
      insurers: ['demo'],
    });
    expect(await rightsOf(t, first)).toEqual({
      status: 200,
      role: 'underwriter',
      insurers: ['demo'],
    });
    expect(await storedUser(t, 'ext-8')).toEqual({
      subject: 'ext-8',
      role: 'underwriter',
      insurers: ['demo'],
    });

    // The rights came from the token, not from an administrator: the trail of the insurer's
    // administrators shows who got which, once.
    await t.app.db
      .insertInto('users')
      .values({
        subject: 'ext-admin-demo',
        user_name: 'extadmindemo',
        display_name: 'Demo Admin',
        role: 'admin',
        insurers: ['demo'],
      })
      .execute();
    const admin = await tokenWith({ sub: 'ext-admin-demo', preferred_username: 'extadmindemo' });
    await rightsOf(t, first);
    const trail = await api<{ items: AdminAuditEntry[] }>(
      t.baseUrl,
      `${apiPath(endpoints.adminAudit)}?subjectId=ext-8`,
      { token: admin },
    );
    expect(trail.body.body!.items).toEqual([
      expect.objectContaining({
        actor: 'ext8',
        subjectType: 'user',
        subjectId: 'ext-8',
        action: 'firstSignIn',
        changes: expect.arrayContaining([
          { field: 'signIn', before: null, after: 'external' },
          { field: 'role', before: null, after: 'underwriter' },
          { field: 'insurers', before: null, after: ['demo'] },
        ]),
      }),
    ]);
  });
});
