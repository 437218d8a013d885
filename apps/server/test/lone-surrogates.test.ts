import { beforeAll, describe, expect, it } from 'vitest';
import type { DisclosureRequestCreated } from '@vmer/domain/lifecycle';
import { api, DATABASES, signedInSuite } from './helpers.ts';
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
  const s = signedInSuite(database, 'interviewer1');
  let request: DisclosureRequestCreated;

  beforeAll(async () => {
    const created = await api<DisclosureRequestCreated>(
      s.t.baseUrl,
      '/api/impairment/video_mer/request',
      {
        token: s.token,
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

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    api(s.t.baseUrl, `/api${path}`, { token: s.token, body, headers });

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
      await s.t.app.db
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
        documentFor(s.version, [{ impairment: asthma, answers: answersFor(asthma) }], {
          ...PROFILE,
          smokingStatus,
        }),
      ),
    });
    const save = (smokingStatus: string) =>
      post('/impairment/video_mer/disclosure/save', payload(smokingStatus));

    expectRefused(await save('\ud800'), 'disclosureJson.profile.smokingStatus');
    expectRefused(await save('never\uDFFF'), 'disclosureJson.profile.smokingStatus');
    await s.setLanguage('cn_traditional');
    try {
      expectRefused(await save('\ud800'), 'disclosureJson.profile.smokingStatus', MESSAGE_CN);
    } finally {
      await s.setLanguage('en');
    }
    // Unescaped in the disclosure's text itself (escaped only once, in the request body).
    const raw = payload('never');
    raw.disclosureJson = raw.disclosureJson.replace('"never"', '"\ud800"');
    expectRefused(await post('/impairment/video_mer/disclosure/save', raw), 'disclosureJson');

    const view = await api<{ status: number }>(
      s.t.baseUrl,
      `/api/impairment/video_mer/disclosure/${request.requestId}`,
      {
        token: s.token,
      },
    );
    expect(view.body.body).toMatchObject({ status: 1 });
  });
});
