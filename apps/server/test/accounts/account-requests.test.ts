import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildTestApp, DATABASES, tokenFor, type TestApp } from '../helpers.ts';

interface Listed {
  page: number;
  pageSize: number;
  hasMore: boolean;
  items: {
    id: string;
    name: string;
    email: string;
    insurerCode: string;
    role: string;
    message: string | null;
    createdAt: string;
  }[];
}

const REQUEST = {
  name: 'Chan Tai Man',
  email: 'tai.man.chan@example.com',
  insurerCode: 'phkl',
  role: 'interviewer',
  message: 'I join the Kowloon team on Monday.',
};

describe.each(DATABASES)('account requests on %s', (database) => {
  let t: TestApp;
  const logs: string[] = [];
  const tokens: Record<string, string> = {};
  let address = 0;
  /** Each test sends from addresses of its own (the app trusts X-Forwarded-For here), so limits do not mix. */
  const nextAddress = () => `192.0.2.${++address}`;

  beforeAll(async () => {
    t = await buildTestApp({
      database,
      env: { LOG_LEVEL: 'info', TRUST_PROXY: '127.0.0.1' },
      logStream: { write: (line) => logs.push(line) },
    });
    for (const user of ['admin1', 'uw1']) tokens[user] = await tokenFor(t.baseUrl, user);
  });
  afterAll(async () => t?.close());

  const send = (body: unknown, from: string, headers: Record<string, string> = {}) =>
    api<never>(t.baseUrl, '/api/account-request', {
      body,
      headers: { 'x-forwarded-for': from, ...headers },
    });
  const list = (user: string, page = 1) =>
    api<Listed>(t.baseUrl, `/api/admin/account-requests?page=${page}`, { token: tokens[user] });
  const stored = async () =>
    Number(
      (
        await t.app.db
          .selectFrom('account_requests')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('records a request without a token and answers 201 with its id; an administrator of the insurer reads it', async () => {
    const from = nextAddress();
    const r = await send({ ...REQUEST, insurerCode: ' PHKL ' }, from);
    expect(r.status).toBe(201);
    const answer = r.body as unknown as { code: number; message: string; body: { id: string } };
    expect(answer).toEqual({
      code: 201,
      message: expect.stringContaining('administrators'),
      body: { id: expect.any(String) },
    });
    const later = await send(
      { ...REQUEST, name: 'Wong Siu Ming', insurerCode: 'slhk', role: 'agent', message: undefined },
      from,
    );
    expect(later.status).toBe(201);

    const page = await list('admin1');
    expect(page.status).toBe(200);
    expect(page.body.body!.items.slice(0, 2)).toEqual([
      expect.objectContaining({
        name: 'Wong Siu Ming',
        insurerCode: 'slhk',
        role: 'agent',
        message: null,
      }),
      expect.objectContaining({
        id: answer.body.id,
        ...REQUEST,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      }),
    ]);
  });

  it('O-10 administrators only, and only the requests naming their insurers', async () => {
    expect((await list('uw1')).status).toBe(403);
    expect((await api(t.baseUrl, '/api/admin/account-requests')).status).toBe(401);
    // otherco has an administrator of its own, so its requests are theirs alone.
    await t.app.db
      .insertInto('users')
      .values({
        subject: 'other-admin',
        user_name: 'otheradmin',
        display_name: 'Other Admin',
        role: 'admin',
        insurers: ['otherco'],
      })
      .execute();
    await t.app.db
      .insertInto('account_requests')
      .values({
        id: randomUUID(),
        name: 'Elsewhere',
        email: 'e@example.com',
        insurer_code: 'otherco',
        role: 'agent',
        message: null,
      })
      .execute();
    const names = (await list('admin1')).body.body!.items.map((item) => item.name);
    expect(names).not.toContain('Elsewhere');
  });

  it('pages newest first, twenty to a page', async () => {
    const base = Date.parse('2020-01-01T00:00:00Z');
    await t.app.db
      .insertInto('account_requests')
      .values(
        Array.from({ length: 25 }, (_, i) => ({
          id: randomUUID(),
          name: `Old ${i}`,
          email: `old${i}@example.com`,
          insurer_code: 'demo',
          role: 'agent',
          message: null,
          created_at: new Date(base + i * 1000),
        })),
      )
      .execute();
    const all: string[] = [];
    for (let page = 1; ; page++) {
      const r = await list('admin1', page);
      all.push(...r.body.body!.items.map((item) => item.createdAt));
      if (!r.body.body!.hasMore) break;
    }
    expect(all).toEqual([...all].sort().reverse());
    expect(all.filter((at) => at.startsWith('2020-')).length).toBe(25);
    expect((await list('admin1', 0)).status).toBe(400);
  });

  it('bad input answers 400 naming every field in the caller language, and nothing is stored', async () => {
    const before = await stored();
    const from = nextAddress();
    const r = await send(
      {
        name: '',
        email: 'not-an-address',
        insurerCode: 'x'.repeat(21),
        role: 'admin',
        message: 'm'.repeat(1001),
        extra: 1,
      },
      from,
    );
    expect(r.status).toBe(400);
    const errors = Object.fromEntries(r.body.errors!.map((e) => [e.path, e.message]));
    expect(errors).toEqual({
      name: 'This value is too short.',
      email: 'This is not an e-mail address.',
      insurerCode: 'This value is too long.',
      role: 'This value is not one of the allowed values.',
      message: 'This value is too long.',
      extra: 'This field is not allowed.',
    });
    const cn = await send({ ...REQUEST, email: 'nobody' }, from, { 'accept-language': 'zh-HK' });
    expect(cn.body.errors).toEqual([{ path: 'email', message: '此電郵地址無效。' }]);
    const missing = await send({ email: REQUEST.email }, from);
    expect(missing.body.errors!.map((e) => e.path).sort()).toEqual(['insurerCode', 'name', 'role']);
    expect(await stored()).toBe(before);
  });

  it('a sixth request from one address within the hour answers 429; another address is not held back', async () => {
    const from = nextAddress();
    for (let i = 0; i < 5; i++) expect((await send(REQUEST, from)).status).toBe(201);
    const refused = await send(REQUEST, from);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect((await send(REQUEST, nextAddress())).status).toBe(201);
  });

  it('the logs hold no name and no e-mail address', () => {
    const text = logs.join('\n');
    expect(text).toContain('account request recorded');
    for (const secret of ['Chan Tai Man', 'tai.man.chan', 'Wong Siu Ming', 'Kowloon'])
      expect(text).not.toContain(secret);
  });
});
