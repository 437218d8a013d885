import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AdminAccountRequest, AdminAuditEntry } from '@vmer/domain/admin';
import { adminCall, adminSuite, rowCount } from '../admin/admin-people.ts';
import { api, DATABASES, inChinese, tokenFor } from '../helpers.ts';

interface RequestPage {
  items: AdminAccountRequest[];
  hasMore: boolean;
}
interface Approved {
  user: { subject: string; role: string; insurers: string[] };
  initialPassword: string | null;
  request: AdminAccountRequest;
}

describe.each(DATABASES)('deciding account requests on %s', (database) => {
  const { t, tokens } = adminSuite(database);

  /** A pending request naming `insurer`, stored as the public form stores it. */
  async function requested(insurer: string, name = `Applicant ${insurer}`): Promise<string> {
    const id = randomUUID();
    await t.app.db
      .insertInto('account_requests')
      .values({
        id,
        name,
        email: `${id.slice(0, 8)}@example.com`,
        insurer_code: insurer,
        role: 'underwriter',
        message: 'Please',
      })
      .execute();
    return id;
  }
  const call = <T = unknown>(user: string, path: string, body?: unknown) =>
    adminCall<T>(t, tokens[user]!, path, body === undefined ? {} : { body });
  const list = (user: string, state = 'pending') =>
    call<RequestPage>(user, `/account-requests?state=${state}`);
  const ids = async (user: string, state = 'pending') =>
    (await list(user, state)).body.body!.items.map((item) => item.id);
  const approval = (userName: string) => ({
    signIn: 'embedded',
    userName,
    displayName: 'Approved Person',
    role: 'interviewer',
    insurers: ['phkl'],
  });
  const state = (id: string) =>
    t.app.db
      .selectFrom('account_requests')
      .select(['state', 'decided_by', 'user_subject', 'decline_reason'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('O-09 only administrators list and decide requests (403)', async () => {
    const id = await requested('phkl');
    expect((await list('uw1')).status).toBe(403);
    expect((await call('uw1', `/account-requests/${id}/approve`, approval('nobody1'))).status).toBe(
      403,
    );
    expect((await call('uw1', `/account-requests/${id}/decline`, { reason: 'No' })).status).toBe(
      403,
    );
    expect((await state(id)).state).toBe('pending');
  });

  it("O-10 a request is shown to its insurer's administrators only; one naming an insurer no administrator holds is shown to every administrator", async () => {
    const phkl = await requested('phkl');
    const orphan = await requested('nobodyco');
    expect(await ids('adminP')).toEqual(expect.arrayContaining([phkl, orphan]));
    expect(await ids('adminD')).not.toContain(phkl);
    expect(await ids('adminD')).toContain(orphan);
    const items = (await list('adminD')).body.body!.items;
    expect(items.find((item) => item.id === orphan)?.routed).toBe(false);
    expect(JSON.stringify(items)).not.toContain('Applicant phkl');
    // An administrator of other insurers cannot decide it either: it is not found.
    const r = await call('adminD', `/account-requests/${phkl}/decline`, { reason: 'No' });
    expect(r.status).toBe(404);
    expect((await state(phkl)).state).toBe('pending');
  });

  it('O-09 O-08 approve creates the user as edited and marks the request in one transaction, audited; the new user signs in with the first password', async () => {
    const id = await requested('phkl', 'Rita Request');
    const r = await call<Approved>('adminP', `/account-requests/${id}/approve`, approval('rita1'));
    expect(r.status).toBe(200);
    const approved = r.body.body!;
    expect(approved.user).toEqual(
      expect.objectContaining({ subject: 'rita1', role: 'interviewer', insurers: ['phkl'] }),
    );
    expect(approved.request).toEqual(
      expect.objectContaining({
        id,
        state: 'approved',
        decidedBy: 'adminp name',
        userSubject: 'rita1',
      }),
    );
    expect(await state(id)).toEqual(
      expect.objectContaining({ state: 'approved', decided_by: 'adminp', user_subject: 'rita1' }),
    );
    const token = await tokenFor(t.baseUrl, 'rita1', approved.initialPassword!);
    const info = await api<{ role: string }>(t.baseUrl, '/api/user/info/get', { token });
    expect(info.body.body?.role).toBe('interviewer');

    expect(await ids('adminP', 'approved')).toContain(id);
    expect(await ids('adminP')).not.toContain(id);
    const trail = (
      await call<{ items: AdminAuditEntry[] }>(
        'adminP',
        `/audit?subjectType=accountRequest&subjectId=${id}`,
      )
    ).body.body!.items;
    expect(trail).toEqual([
      expect.objectContaining({
        action: 'approve',
        changes: expect.arrayContaining([{ field: 'state', before: 'pending', after: 'approved' }]),
      }),
    ]);
  });

  it('O-09 a decided request cannot be decided again (409), and nothing more is written', async () => {
    const id = await requested('phkl');
    const declined = await call<AdminAccountRequest>('adminP', `/account-requests/${id}/decline`, {
      reason: 'Unknown to the team',
    });
    expect(declined.status).toBe(200);
    expect(declined.body.body).toEqual(
      expect.objectContaining({ state: 'declined', declineReason: 'Unknown to the team' }),
    );
    const users = await rowCount(t, 'users');
    const audits = await rowCount(t, 'admin_audit');
    const again = await call('admin1', `/account-requests/${id}/approve`, approval('late1'));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This request has already been decided.');
    expect((await call('admin1', `/account-requests/${id}/decline`, { reason: 'x' })).status).toBe(
      409,
    );
    expect(await rowCount(t, 'users')).toBe(users);
    expect(await rowCount(t, 'admin_audit')).toBe(audits);
    expect(await ids('adminP', 'declined')).toContain(id);
  });

  it('O-14 O-07 bad input answers 400 naming the field in English and Chinese, and nothing is written', async () => {
    const id = await requested('phkl');
    const users = await rowCount(t, 'users');
    const audits = await rowCount(t, 'admin_audit');
    const long = await call('adminP', `/account-requests/${id}/decline`, {
      reason: 'r'.repeat(501),
    });
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual([{ path: 'reason', message: 'This value is too long.' }]);
    const empty = await call('adminP', `/account-requests/${id}/decline`, { reason: '  ' });
    expect(empty.body.errors).toEqual([{ path: 'reason', message: 'This value is too short.' }]);
    const notHeld = await call('adminP', `/account-requests/${id}/approve`, {
      ...approval('grab3'),
      insurers: ['slhk'],
    });
    expect(notHeld.status).toBe(400);
    expect(notHeld.body.errors?.[0]?.path).toBe('insurers');
    const badId = await call('adminP', '/account-requests/not-a-uuid/decline', { reason: 'x' });
    expect(badId.status).toBe(400);
    expect(badId.body.errors?.[0]?.path).toBe('params.id');
    expect((await list('adminP', 'lost')).status).toBe(400);
    await inChinese(t.baseUrl, tokens.adminP!, async () => {
      const cn = await call('adminP', `/account-requests/${id}/decline`, {
        reason: 'r'.repeat(501),
      });
      expect(cn.body.errors).toEqual([{ path: 'reason', message: '此值過長。' }]);
    });
    expect(await rowCount(t, 'users')).toBe(users);
    expect(await rowCount(t, 'admin_audit')).toBe(audits);
    expect((await state(id)).state).toBe('pending');
  });
});
