import { beforeAll, describe, expect, it } from 'vitest';
import type { DisclosureRequestCreated } from '@vmer/domain/lifecycle';
import { api, DATABASES, tokenFor, suiteApp } from '../helpers.ts';

interface RequestAnalytics {
  requestId: string;
  insurerCode: string;
  applicationNumber: string;
  status: number;
  events: {
    activity: string;
    fromPage: string;
    details: string | null;
    questionList: string[];
    at: string;
  }[];
}

describe.each(DATABASES)('logging calls on %s', (database) => {
  const t = suiteApp(database);
  const tokens: Record<string, string> = {};
  let phklRequest: DisclosureRequestCreated;

  beforeAll(async () => {
    for (const user of ['interviewer1', 'agent1', 'uw1', 'uw2'])
      tokens[user] = await tokenFor(t.baseUrl, user);
    const created = await api<DisclosureRequestCreated>(
      t.baseUrl,
      '/api/impairment/video_mer/request',
      {
        token: tokens.interviewer1,
        body: {
          applicationNumber: 'LOG1',
          insurerCode: 'phkl',
          channel: 'agency',
          productCode: 'WL01',
        },
      },
    );
    phklRequest = created.body.body!;
  });

  const post = (user: string, path: string, body: unknown) =>
    api<{ id: number }>(t.baseUrl, `/api${path}`, { token: tokens[user], body });

  it('A-15 A-26 a tracking event is stored for the request and read back by request id', async () => {
    const event = {
      activity: 'submit',
      fromPage: '/questionnaire',
      details: 'submitted',
      questionList: ['q1', 'q2'],
    };
    const r = await post('interviewer1', '/analytics/web/create', {
      ...event,
      requestId: phklRequest.requestId,
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ code: 200, body: { id: expect.any(Number) } });
    await post('uw1', '/analytics/web/create', {
      activity: 'open',
      fromPage: '/questionnaire',
      requestId: phklRequest.requestId,
    });

    const read = await api<RequestAnalytics>(
      t.baseUrl,
      `/api/analytics/web/${phklRequest.requestId}`,
      { token: tokens.uw1 },
    );
    expect(read.status).toBe(200);
    expect(read.body.body).toMatchObject({
      requestId: phklRequest.requestId,
      insurerCode: 'phkl',
      applicationNumber: 'LOG1',
      status: 1,
    });
    expect(read.body.body!.events.map(({ at: _at, ...e }) => e)).toEqual([
      event,
      { activity: 'open', fromPage: '/questionnaire', details: null, questionList: [] },
    ]);
  });

  it('P-07 another insurer’s user neither reads nor records events of the request (404)', async () => {
    for (const user of ['uw2', 'agent1']) {
      expect(
        (
          await api(t.baseUrl, `/api/analytics/web/${phklRequest.requestId}`, {
            token: tokens[user],
          })
        ).status,
      ).toBe(404);
      const r = await post(user, '/analytics/web/create', {
        activity: 'x',
        fromPage: '/',
        requestId: phklRequest.requestId,
      });
      expect(r.status).toBe(404);
    }
    const other = await post('uw2', '/search/disease/create', {
      keyword: 'asth',
      disease: 'Asthma',
      type: 1,
      insurerCode: 'phkl',
    });
    expect(other.status).toBe(403);
    const rows = await t.app.db
      .selectFrom('analytics_events')
      .select('subject')
      .where('request_id', '=', phklRequest.requestId)
      .execute();
    expect(rows).toHaveLength(2);
  });

  it('A-16 A-27 searches are stored with keyword, condition and a type of 1, 2 or 3, for the caller’s insurer', async () => {
    const other = await post('agent1', '/search/disease/create', { keyword: 'x', type: 4 });
    expect(other.status).toBe(400);
    expect(other.body.errors?.map((e) => e.path)).toEqual(['type']);
    expect(
      (
        await post('agent1', '/search/disease/create', {
          keyword: 'asth',
          disease: 'Asthma',
          type: 1,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await post('agent1', '/search/disease/create', {
          keyword: 'my knee',
          disease: 'my knee',
          type: 2,
        })
      ).status,
    ).toBe(200);
    expect(
      (await post('agent1', '/search/disease/create', { keyword: 'zzz', type: 3 })).status,
    ).toBe(200);
    const rows = await t.app.db
      .selectFrom('search_events')
      .select(['insurer_code', 'keyword', 'disease', 'type'])
      .where('insurer_code', '=', 'slhk')
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { insurer_code: 'slhk', keyword: 'asth', disease: 'Asthma', type: 1 },
      { insurer_code: 'slhk', keyword: 'my knee', disease: 'my knee', type: 2 },
      { insurer_code: 'slhk', keyword: 'zzz', disease: null, type: 3 },
    ]);
  });

  it('A-14 a conclusion is stored with the insurer of its request', async () => {
    const conclusion = {
      requestId: phklRequest.requestId,
      applicationNumber: 'LOG1',
      impairments: [{ uuid: 'asthma', name: 'Asthma', decision: { LIFE: '25', CI: 'EX1' } }],
      consolidated: { LIFE: '25', CI: 'EX1' },
    };
    expect((await post('interviewer1', '/conclusion/create', conclusion)).status).toBe(200);
    const row = await t.app.db
      .selectFrom('conclusions')
      .select(['insurer_code', 'conclusion'])
      .where('request_id', '=', phklRequest.requestId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ insurer_code: 'phkl', conclusion });
  });

  it('bounded input: strings up to 500 characters, lists up to 200, no unknown fields', async () => {
    const cases: [string, unknown, string][] = [
      [
        '/analytics/web/create',
        { activity: 'a', fromPage: '/', details: 'x'.repeat(501) },
        'details',
      ],
      [
        '/analytics/web/create',
        { activity: 'a', fromPage: '/', questionList: Array(201).fill('q') },
        'questionList',
      ],
      ['/analytics/web/create', { activity: 'a', fromPage: '/', extra: 1 }, 'extra'],
      ['/analytics/web/create', { fromPage: '/' }, 'activity'],
      ['/search/disease/create', { keyword: 'a', type: 4 }, 'type'],
      ['/search/disease/create', { keyword: 'k'.repeat(501), type: 1 }, 'keyword'],
      ['/conclusion/create', { note: 'n'.repeat(501) }, 'note'],
      [
        '/conclusion/create',
        { consolidated: Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`K${i}`, '0'])) },
        'consolidated',
      ],
    ];
    for (const [path, body, field] of cases) {
      const r = await post('uw1', path, body);
      expect(r.status, `${path} ${field}`).toBe(400);
      expect(r.body.errors?.map((e) => e.path)).toEqual([field]);
    }
    expect(
      (await api(t.baseUrl, '/api/analytics/web/not-a-uuid', { token: tokens.uw1 })).status,
    ).toBe(400);
    expect(
      (
        await api(t.baseUrl, '/api/analytics/web/00000000-0000-4000-8000-000000000000', {
          token: tokens.uw1,
        })
      ).status,
    ).toBe(404);
  });
});
