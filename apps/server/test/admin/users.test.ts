import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminAuditEntry, AdminUser, CreatedUser } from '@vmer/domain/admin';
import { externalIssuerSuite, rightsOf } from '../external-issuer.ts';
import { api, DATABASES, inChinese, tokenFor } from '../helpers.ts';
import { adminCall, adminSuite, rowCount, signedInUser } from './admin-people.ts';

interface UserPage {
  items: AdminUser[];
  nextCursor: string | null;
}

const NEW_USER = {
  signIn: 'embedded',
  userName: 'newbie1',
  displayName: 'Nina Newbie',
  email: 'nina.newbie@example.com',
  role: 'interviewer',
  insurers: ['phkl'],
} as const;

describe.each(DATABASES)('people and access on %s', (database) => {
  const { t, tokens } = adminSuite(database);

  const call = <T = unknown>(
    user: string,
    path: string,
    options: { method?: string; body?: unknown } = {},
  ) => adminCall<T>(t, tokens[user]!, path, options);
  const list = (user: string, query = '') => call<UserPage>(user, `/users${query}`);
  const person = async (user: string, subject: string) =>
    (await list(user, `?q=${encodeURIComponent(subject)}`)).body.body!.items.find(
      (item) => item.subject === subject,
    );
  const update = (user: string, subject: string, body: Record<string, unknown>) =>
    call<AdminUser>(user, `/users/${encodeURIComponent(subject)}`, { method: 'PUT', body });
  const stored = (subject: string) =>
    t.app.db
      .selectFrom('users')
      .select(['role', 'insurers', 'active', 'display_name'])
      .where('subject', '=', subject)
      .executeTakeFirst();

  it('O-02 only administrators use the people calls (403), and nobody without a token (401)', async () => {
    expect((await list('uw1')).status).toBe(403);
    expect((await call('uw1', '/users', { body: NEW_USER })).status).toBe(403);
    expect((await update('uw1', 'uw1', { updatedAt: new Date().toISOString() })).status).toBe(403);
    expect((await call('uw1', '/audit')).status).toBe(403);
    expect((await api(t.baseUrl, '/api/admin/users')).status).toBe(401);
  });

  it("O-02 an administrator lists the people sharing one of their insurers, and never names another's insurers", async () => {
    const page = (await list('adminP')).body.body!;
    const subjects = page.items.map((item) => item.subject);
    expect(subjects).toEqual(expect.arrayContaining(['interviewer1', 'uw1', 'uw3', 'admin1']));
    expect(subjects).not.toContain('agent1');
    expect(subjects).not.toContain('uw2');
    expect(subjects).not.toContain('admind');
    expect(page.items.find((item) => item.subject === 'uw1')).toEqual(
      expect.objectContaining({
        insurers: ['phkl'],
        otherInsurers: 1,
        manageable: false,
        role: 'underwriter',
        signIn: 'embedded',
        active: true,
      }),
    );
    expect(JSON.stringify(page)).not.toContain('slhk');
    expect(page.items.find((item) => item.subject === 'interviewer1')?.manageable).toBe(true);
    // An administrator is never manageable by themselves.
    expect(page.items.find((item) => item.subject === 'adminp')?.manageable).toBe(false);
  });

  it('O-02 search by name, user name or e-mail, filter by role, insurer and activation, and page with a cursor', async () => {
    expect((await list('admin1', '?q=victor')).body.body!.items.map((i) => i.subject)).toEqual([
      'uw2',
    ]);
    const underwriters = (await list('admin1', '?role=underwriter&insurer=slhk')).body.body!;
    expect(underwriters.items.map((i) => i.subject).sort()).toEqual(['uw1', 'uw3']);
    expect((await list('admin1', '?active=false')).body.body!.items).toEqual([]);

    await t.app.db
      .insertInto('users')
      .values(
        Array.from({ length: 55 }, (_, i) => ({
          subject: `pager${String(i).padStart(2, '0')}`,
          user_name: `pager${String(i).padStart(2, '0')}`,
          display_name: `Pager ${String(i).padStart(2, '0')}`,
          role: 'agent',
          insurers: ['demo'],
        })),
      )
      .execute();
    const first = (await list('admin1', '?q=pager')).body.body!;
    expect(first.items).toHaveLength(50);
    const second = (
      await list('admin1', `?q=pager&cursor=${encodeURIComponent(first.nextCursor!)}`)
    ).body.body!;
    expect(second.nextCursor).toBeNull();
    expect([...first.items, ...second.items].map((i) => i.subject)).toEqual(
      Array.from({ length: 55 }, (_, i) => `pager${String(i).padStart(2, '0')}`),
    );
    const otherFilters = await list(
      'admin1',
      `?q=pager&role=agent&cursor=${encodeURIComponent(first.nextCursor!)}`,
    );
    expect(otherFilters.status).toBe(400);
    expect(otherFilters.body.errors).toEqual([
      { path: 'query.cursor', message: expect.stringContaining('first page') },
    ]);
  });

  it('O-07 a filter by an insurer the administrator does not hold answers 400 naming it', async () => {
    const r = await list('adminP', '?insurer=slhk');
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([
      { path: 'query.insurer', message: expect.stringContaining('slhk') },
    ]);
  });

  it('O-03 O-08 an embedded user is created with a first password shown once, signs in with it, and the creation is audited without the password', async () => {
    const r = await call<CreatedUser>('admin1', '/users', { body: NEW_USER });
    expect(r.status).toBe(201);
    const created = r.body.body!;
    expect(created.user).toEqual(
      expect.objectContaining({
        subject: 'newbie1',
        userName: 'newbie1',
        displayName: 'Nina Newbie',
        email: 'nina.newbie@example.com',
        role: 'interviewer',
        insurers: ['phkl'],
        signIn: 'embedded',
        active: true,
        manageable: true,
      }),
    );
    expect(created.initialPassword).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const token = await tokenFor(t.baseUrl, 'newbie1', created.initialPassword!);
    const info = await api<{ role: string; userName: string }>(t.baseUrl, '/api/user/info/get', {
      token,
    });
    expect(info.body.body).toEqual(
      expect.objectContaining({ role: 'interviewer', userName: 'newbie1' }),
    );

    const trail = (await call<{ items: AdminAuditEntry[] }>('admin1', '/audit?subjectId=newbie1'))
      .body.body!.items;
    expect(trail).toEqual([
      expect.objectContaining({
        actor: 'Ada Admin',
        subjectType: 'user',
        action: 'create',
        changes: expect.arrayContaining([
          { field: 'role', before: null, after: 'interviewer' },
          { field: 'insurers', before: null, after: ['phkl'] },
        ]),
      }),
    ]);
    const raw = await t.app.db.selectFrom('admin_audit').select('changes').execute();
    expect(JSON.stringify(raw)).not.toContain(created.initialPassword!);
    expect(JSON.stringify(raw)).not.toContain('scrypt');

    // The same user name again (any case) is refused.
    const again = await call('admin1', '/users', {
      body: { ...NEW_USER, userName: 'NEWBIE1', email: undefined },
    });
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual([{ path: 'userName', message: expect.any(String) }]);
  });

  it('O-07 an administrator cannot grant an insurer they do not hold, and nothing is written', async () => {
    const users = await rowCount(t, 'users');
    const audits = await rowCount(t, 'admin_audit');
    const r = await call('adminP', '/users', {
      body: { ...NEW_USER, userName: 'grabber', email: undefined, insurers: ['phkl', 'slhk'] },
    });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([
      {
        path: 'insurers',
        message: 'You can only grant insurers you hold yourself (slhk is not one of them).',
      },
    ]);
    const interviewer = (await person('adminP', 'interviewer1'))!;
    const grant = await update('adminP', 'interviewer1', {
      insurers: ['phkl', 'demo'],
      updatedAt: interviewer.updatedAt,
    });
    expect(grant.status).toBe(400);
    expect(await rowCount(t, 'users')).toBe(users);
    expect(await rowCount(t, 'admin_audit')).toBe(audits);
    expect((await stored('interviewer1'))?.insurers).toEqual(['phkl']);
  });

  it('O-07 an administrator cannot change their own role, insurers or activation', async () => {
    const self = (await person('admin1', 'admin1'))!;
    for (const change of [{ role: 'underwriter' }, { active: false }, { insurers: ['phkl'] }]) {
      const r = await update('admin1', 'admin1', { ...change, updatedAt: self.updatedAt });
      expect(r.status).toBe(403);
      expect(r.body.message).toBe('You cannot change your own role, insurers or activation.');
    }
    expect(await stored('admin1')).toEqual(
      expect.objectContaining({ role: 'admin', insurers: ['phkl', 'slhk', 'demo'], active: true }),
    );
  });

  it('O-07 role and activation change only for people all of whose insurers the administrator holds; insurers not held stay untouched and unnamed', async () => {
    await t.app.db
      .insertInto('users')
      .values({
        subject: 'shared1',
        user_name: 'shared1',
        display_name: 'Shared One',
        role: 'agent',
        insurers: ['phkl', 'slhk'],
      })
      .execute();
    const shared = (await person('adminP', 'shared1'))!;
    expect(shared).toEqual(
      expect.objectContaining({ insurers: ['phkl'], otherInsurers: 1, manageable: false }),
    );
    const role = await update('adminP', 'shared1', {
      role: 'underwriter',
      updatedAt: shared.updatedAt,
    });
    expect(role.status).toBe(403);
    expect(role.body.message).toContain("all of this person's insurers");
    expect(
      (await update('adminP', 'shared1', { active: false, updatedAt: shared.updatedAt })).status,
    ).toBe(403);

    const renamed = await update('adminP', 'shared1', {
      displayName: 'Shared Renamed',
      insurers: ['phkl'],
      updatedAt: shared.updatedAt,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.body).toEqual(
      expect.objectContaining({
        displayName: 'Shared Renamed',
        insurers: ['phkl'],
        otherInsurers: 1,
      }),
    );
    expect(await stored('shared1')).toEqual(
      expect.objectContaining({
        role: 'agent',
        insurers: ['phkl', 'slhk'],
        display_name: 'Shared Renamed',
      }),
    );
    // admin1 holds both: it may change the role.
    const full = (await person('admin1', 'shared1'))!;
    expect(full.manageable).toBe(true);
    const promoted = await update('admin1', 'shared1', {
      role: 'underwriter',
      updatedAt: full.updatedAt,
    });
    expect(promoted.body.body?.role).toBe('underwriter');
    // The phkl administrator reads the trail with the phkl codes only.
    const trail = (
      await call<{ items: AdminAuditEntry[] }>(
        'adminP',
        '/audit?subjectType=user&subjectId=shared1',
      )
    ).body.body!.items;
    expect(trail.map((entry) => entry.changes)).toEqual([
      [{ field: 'role', before: 'agent', after: 'underwriter' }],
      [{ field: 'displayName', before: 'Shared One', after: 'Shared Renamed' }],
    ]);
    expect(JSON.stringify(trail)).not.toContain('slhk');
  });

  it('O-05 a change made on a version changed meanwhile answers 409 and writes nothing', async () => {
    const before = (await person('admin1', 'interviewer1'))!;
    const first = await update('admin1', 'interviewer1', {
      displayName: 'Ivy Renamed',
      updatedAt: before.updatedAt,
    });
    expect(first.status).toBe(200);
    expect(first.body.body!.updatedAt).not.toBe(before.updatedAt);
    const audits = await rowCount(t, 'admin_audit');
    const stale = await update('admin1', 'interviewer1', {
      displayName: 'Lost Update',
      updatedAt: before.updatedAt,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toContain('changed by someone else');
    expect((await stored('interviewer1'))?.display_name).toBe('Ivy Renamed');
    expect(await rowCount(t, 'admin_audit')).toBe(audits);
  });

  it("O-06 a deactivated person's next call answers 401 and they cannot sign in; reactivation restores access", async () => {
    await signedInUser(t, 'leaver1', 'agent', ['phkl']);
    const token = await tokenFor(t.baseUrl, 'leaver1');
    const info = () => api(t.baseUrl, '/api/user/info/get', { token });
    expect((await info()).status).toBe(200);
    const leaver = (await person('admin1', 'leaver1'))!;
    const off = await update('admin1', 'leaver1', { active: false, updatedAt: leaver.updatedAt });
    expect(off.body.body?.active).toBe(false);
    expect((await info()).status).toBe(401);
    await expect(tokenFor(t.baseUrl, 'leaver1')).rejects.toThrow();
    const on = await update('admin1', 'leaver1', {
      active: true,
      updatedAt: off.body.body!.updatedAt,
    });
    expect(on.status).toBe(200);
    expect((await info()).status).toBe(200);
  });

  it('O-14 bad input answers 400 naming each field, in English and Chinese, and nothing is written', async () => {
    const users = await rowCount(t, 'users');
    const audits = await rowCount(t, 'admin_audit');
    const bad = {
      signIn: 'embedded',
      userName: 'a b',
      displayName: '',
      email: 'not-an-address',
      role: 'boss',
      insurers: [],
      extra: 1,
    };
    const r = await call('admin1', '/users', { body: bad });
    expect(r.status).toBe(400);
    const errors = Object.fromEntries(r.body.errors!.map((e) => [e.path, e.message]));
    expect(errors).toEqual(
      expect.objectContaining({
        userName: 'A user name is 3 to 50 letters, digits, dots, dashes or underscores.',
        email: 'This is not an e-mail address.',
        role: 'This value is not one of the allowed values.',
        insurers: 'This value is too short.',
      }),
    );
    const external = await call('admin1', '/users', {
      body: { signIn: 'external', displayName: 'X', role: 'agent', insurers: ['phkl'] },
    });
    expect(external.body.errors).toEqual([{ path: 'subject', message: 'This field is required.' }]);
    const noVersion = await update('admin1', 'uw1', { role: 'agent' });
    expect(noVersion.body.errors).toEqual([
      { path: 'updatedAt', message: 'This field is required.' },
    ]);
    await inChinese(t.baseUrl, tokens.admin1!, async () => {
      const cn = await call('admin1', '/users', { body: { ...NEW_USER, userName: 'x' } });
      expect(cn.body.errors).toEqual([
        {
          path: 'userName',
          message: '使用者名稱須為 3 至 50 個英文字母、數字、句點、連字號或底線。',
        },
      ]);
      const notHeld = await call('adminP', '/users', {
        body: { ...NEW_USER, userName: 'grab2', email: undefined, insurers: ['demo'] },
      });
      expect(notHeld.status).toBe(400);
      const self = await update('admin1', 'admin1', {
        active: false,
        updatedAt: (await person('admin1', 'admin1'))!.updatedAt,
      });
      expect(self.body.message).toBe('您不可更改自己的角色、保險公司或啟用狀態。');
    });
    expect(await rowCount(t, 'users')).toBe(users);
    expect(await rowCount(t, 'admin_audit')).toBe(audits);
  });

  it('O-08 O-14 the trail is read by the administrators of the insurers it concerns, and cannot be altered', async () => {
    const mine = (await call<{ items: AdminAuditEntry[] }>('adminD', '/audit')).body.body!.items;
    expect(mine.map((entry) => entry.subjectId)).not.toContain('newbie1');
    expect(mine.map((entry) => entry.subjectId)).not.toContain('interviewer1');
    expect((await call('admin1', '/audit?cursor=abc')).status).toBe(400);
    expect((await call('admin1', '/audit?subjectType=nobody')).status).toBe(400);
    await expect(
      t.app.db.updateTable('admin_audit').set({ action: 'forged' }).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(t.app.db.deleteFrom('admin_audit').execute()).rejects.toThrow(/append-only/);
  });

  it('O-14 an administrator of other insurers can neither see nor change a person (404)', async () => {
    expect(await person('adminD', 'interviewer1')).toBeUndefined();
    const r = await update('adminD', 'interviewer1', {
      displayName: 'Hijacked',
      updatedAt: new Date().toISOString(),
    });
    expect(r.status).toBe(404);
    expect((await stored('interviewer1'))?.display_name).not.toBe('Hijacked');
  });
});

describe.each(DATABASES)('external people prepared in advance on %s', (database) => {
  const { app: t, tokenWith } = externalIssuerSuite(database);
  let admin: string;

  beforeAll(async () => {
    await t.app.db
      .insertInto('users')
      .values({
        subject: 'ext-admin',
        user_name: 'extadmin',
        display_name: 'External Admin',
        role: 'admin',
        insurers: ['phkl'],
      })
      .execute();
    admin = await tokenWith({ sub: 'ext-admin', preferred_username: 'extadmin' });
  });
  it('O-04 a person pre-registered by e-mail is bound at their first sign-in and gets the role and insurers given', async () => {
    const created = await adminCall<CreatedUser>(t, admin, '/users', {
      body: {
        signIn: 'external',
        email: 'Pat.Later@example.com',
        displayName: 'Pat Later',
        role: 'agent',
        insurers: ['phkl'],
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.body).toEqual(
      expect.objectContaining({
        initialPassword: null,
        user: expect.objectContaining({ signIn: 'external', email: 'Pat.Later@example.com' }),
      }),
    );
    const first = await tokenWith({
      sub: 'idp-pat',
      preferred_username: 'pat',
      name: 'Pat L.',
      email: 'pat.later@example.com',
      role: 'admin',
      insurers: ['phkl', 'slhk'],
    });
    expect(await rightsOf(t, first)).toEqual({ status: 200, role: 'agent', insurers: ['phkl'] });
    const rows = await t.app.db
      .selectFrom('users')
      .select(['subject', 'role', 'insurers'])
      .where('email', '=', 'Pat.Later@example.com')
      .execute();
    expect(rows).toEqual([{ subject: 'idp-pat', role: 'agent', insurers: ['phkl'] }]);
    // The binding is in the trail of the person's insurers, with the names the issuer sent.
    const trail = await adminCall<{ items: AdminAuditEntry[] }>(
      t,
      admin,
      '/audit?subjectId=idp-pat',
    );
    expect(trail.body.body!.items).toEqual([
      expect.objectContaining({
        action: 'firstSignIn',
        actor: 'Pat L.',
        changes: expect.arrayContaining([
          { field: 'userName', before: expect.anything(), after: 'pat' },
          { field: 'displayName', before: 'Pat Later', after: 'Pat L.' },
        ]),
      }),
    ]);
    // The address binds once: another subject with it is a stranger without a role.
    const other = await tokenWith({ sub: 'idp-other', email: 'pat.later@example.com' });
    expect((await api(t.baseUrl, '/api/user/info/get', { token: other })).status).toBe(403);
  });

  it('O-04 a person pre-registered by subject gets the role and insurers given, not those of their token', async () => {
    const created = await adminCall(t, admin, '/users', {
      body: {
        signIn: 'external',
        subject: 'idp-sam',
        displayName: 'Sam Early',
        role: 'underwriter',
        insurers: ['phkl'],
      },
    });
    expect(created.status).toBe(201);
    const token = await tokenWith({ sub: 'idp-sam', role: 'admin', insurers: ['phkl'] });
    expect(await rightsOf(t, token)).toEqual({
      status: 200,
      role: 'underwriter',
      insurers: ['phkl'],
    });
  });

  it('O-04 O-14 the placeholder subject of a person awaiting their first sign-in cannot be given', async () => {
    const r = await adminCall(t, admin, '/users', {
      body: {
        signIn: 'external',
        subject: 'pending-email:forged',
        email: 'forged@example.com',
        displayName: 'Forged',
        role: 'agent',
        insurers: ['phkl'],
      },
    });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([
      { path: 'subject', message: 'A subject is 1 to 255 visible characters without spaces.' },
    ]);
  });

  it('O-04 an unverified e-mail claim binds nobody', async () => {
    await adminCall(t, admin, '/users', {
      body: {
        signIn: 'external',
        email: 'kim@example.com',
        displayName: 'Kim',
        role: 'agent',
        insurers: ['phkl'],
      },
    });
    const token = await tokenWith({
      sub: 'idp-kim',
      email: 'kim@example.com',
      email_verified: false,
    });
    expect((await api(t.baseUrl, '/api/user/info/get', { token })).status).toBe(403);
  });
});
