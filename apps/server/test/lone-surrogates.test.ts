import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DisclosureRequestCreated } from '@vmer/domain/lifecycle';
import { api, DATABASES, signedInApp, type TestApp } from './helpers.ts';
import {
  answersFor,
  documentFor,
  impairmentOf,
  PROFILE,
  sampleCatalog,
} from './disclosures/fixtures.ts';

const MESSAGE = 'This text holds a character that is not allowed (a lone UTF-16 surrogate).';
const MESSAGE_CN = '此文字包含不允許的字元 (單獨的 UTF-16 代理字元)。';

describe.each(DATABASES)('a lone UTF-16 surrogate on %s', (database) => {
  let t: TestApp;
  let token: string;
  let request: DisclosureRequestCreated;
  let version: string;

  beforeAll(async () => {
    ({ t, token, version } = await signedInApp(database, 'interviewer1'));
    const created = await api<DisclosureRequestCreated>(
      t.baseUrl,
      '/api/impairment/video_mer/request',
      {
        token,
        body: {
          applicationNumber: 'SURR1',
          insurerCode: 'phkl',
          channel: 'agency',
          productCode: 'WL01',
        },
      },
    );
    request = created.body.body!;
  });
  afterAll(async () => t?.close());

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    api(t.baseUrl, `/api${path}`, { token, body, headers });

  const expectRefused = (
    response: Awaited<ReturnType<typeof post>>,
    path: string,
    message = MESSAGE,
  ) => {
    expect(response.status, path).toBe(400);
    expect(response.body.errors, path).toEqual([{ path, message }]);
  };

  it('T-35 is refused with 400 naming the field in a tracking event and a conclusion, and nothing is stored', async () => {
    expectRefused(
      await post('/analytics/web/create', {
        activity: 'open\ud800',
        fromPage: '/',
        requestId: request.requestId,
      }),
      'activity',
    );
    expectRefused(
      await post('/analytics/web/create', {
        activity: 'open',
        fromPage: '/',
        questionList: ['q1', '\udc00q'],
      }),
      'questionList.1',
    );
    expectRefused(
      await post('/conclusion/create', {
        requestId: request.requestId,
        impairments: [{ uuid: 'asthma', name: 'Asthma \ud83d', decision: { LIFE: '25' } }],
      }),
      'impairments.0.name',
    );
    expectRefused(
      await post('/conclusion/create', { note: 'ok', consolidated: { ['\udbff']: '0' } }),
      'consolidated.\udbff',
    );
    // A well-formed pair (an emoji) is ordinary text.
    expect(
      (await post('/conclusion/create', { requestId: request.requestId, note: 'fine 😀' })).status,
    ).toBe(200);
    expect(
      await t.app.db
        .selectFrom('analytics_events')
        .select('id')
        .where('request_id', '=', request.requestId)
        .execute(),
    ).toEqual([]);
  });

  it('T-35 is refused with 400 naming the field inside a saved disclosure, in the caller language', async () => {
    const catalog = await sampleCatalog();
    const asthma = impairmentOf(catalog, 'asthma');
    const payload = (smokingStatus: string) => ({
      id: request.id,
      version: 1,
      applicationNumber: 'SURR1',
      insurerCode: 'phkl',
      channel: 'agency',
      productCode: 'WL01',
      age: PROFILE.age,
      gender: PROFILE.gender,
      rsmScore: PROFILE.rsmScore,
      disclosureJson: JSON.stringify(
        documentFor(version, [{ impairment: asthma, answers: answersFor(asthma) }], {
          ...PROFILE,
          smokingStatus,
        }),
      ),
    });
    const save = (smokingStatus: string) =>
      post('/impairment/video_mer/disclosure/save', payload(smokingStatus));

    expectRefused(await save('\ud800'), 'disclosureJson.profile.smokingStatus');
    expectRefused(await save('never\uDFFF'), 'disclosureJson.profile.smokingStatus');
    const choose = (language: string) =>
      api(t.baseUrl, '/api/user/language', { token, method: 'PUT', body: { language } });
    await choose('cn_traditional');
    try {
      expectRefused(await save('\ud800'), 'disclosureJson.profile.smokingStatus', MESSAGE_CN);
    } finally {
      await choose('en');
    }
    // Unescaped in the disclosure's text itself (escaped only once, in the request body).
    const raw = payload('never');
    raw.disclosureJson = raw.disclosureJson.replace('"never"', '"\ud800"');
    expectRefused(await post('/impairment/video_mer/disclosure/save', raw), 'disclosureJson');

    const view = await api<{ status: number }>(
      t.baseUrl,
      `/api/impairment/video_mer/disclosure/${request.requestId}`,
      {
        token,
      },
    );
    expect(view.body.body).toMatchObject({ status: 1 });
  });
});
