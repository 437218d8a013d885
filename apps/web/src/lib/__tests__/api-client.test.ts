import { afterEach, describe, expect, it } from 'vitest';
import {
  apiDelete,
  apiGet,
  apiPost,
  apiPut,
  envelopeBaseQuery,
  type ApiRequest,
} from '../api-client.ts';
import { setSessionProvider, sessionStorageKey } from '../oidc-session.ts';
import {
  answerEveryCall,
  mockApi,
  ok,
  unreachable,
  type Answer,
  type MockApi,
} from '../../test/mock-api.ts';

let server: MockApi | null = null;
afterEach(() => {
  server = null;
  document.cookie = 'instance=; Max-Age=0; Path=/';
});

const PROVIDER = { authority: 'http://127.0.0.1/oidc', clientId: 'video-mer-web' };

function signInAs(accessToken: string) {
  setSessionProvider(PROVIDER);
  window.localStorage.setItem(
    sessionStorageKey(PROVIDER),
    JSON.stringify({
      access_token: accessToken,
      expires_at: Math.floor(Date.now() / 1000) + 600,
      token_type: 'Bearer',
    }),
  );
}

function send(request: ApiRequest) {
  const controller = new AbortController();
  return envelopeBaseQuery(
    request,
    { signal: controller.signal } as Parameters<typeof envelopeBaseQuery>[1],
    {},
  );
}

describe('API client', () => {
  it('A-01 A-02 A-03 A-04 A-05 A-06 a call goes to /api/ with the JSON, XMLHttpRequest, bearer and Instance headers and a fresh datatimestamp', async () => {
    server = answerEveryCall(() => ok({ fine: true }));
    signInAs('stored-token');
    document.cookie = 'instance=inst-123; Path=/';
    await send(apiGet('user/info/get'));
    await send(apiGet('/insurer/list'));
    const [first, second] = server.requests;
    expect(first!.url.pathname).toBe('/api/user/info/get');
    expect(second!.url.pathname).toBe('/api/insurer/list');
    for (const request of [first!, second!]) {
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers['x-requested-with']).toBe('XMLHttpRequest');
      expect(request.headers.authorization).toBe('Bearer stored-token');
      expect(request.headers.instance).toBe('inst-123');
      expect(Number(request.url.searchParams.get('datatimestamp'))).toBeGreaterThan(
        Date.now() - 60_000,
      );
    }
    expect(first!.url.searchParams.get('datatimestamp')).not.toBe(
      second!.url.searchParams.get('datatimestamp'),
    );
  });

  it('A-04 a token passed explicitly is sent instead of the stored one', async () => {
    server = answerEveryCall(() => ok(null));
    signInAs('stored-token');
    await send({ ...apiGet('user/info/get'), token: 'explicit-token' });
    expect(server.requests[0]!.headers.authorization).toBe('Bearer explicit-token');
  });

  it('A-04 without a session and no token passed, no Authorization header is sent', async () => {
    server = answerEveryCall(() => ok(null));
    await send(apiGet('auth/config'));
    expect(server.requests[0]!.headers.authorization).toBeUndefined();
  });

  it('A-32 the GET, POST, PUT and DELETE helpers send their method, body and parameters', async () => {
    server = answerEveryCall((request) => ok({ method: request.method, body: request.body }));
    const get = await send(apiGet('things', { q: 'asthma', page: 2 }));
    const post = await send(apiPost('things', { name: 'Asthma' }));
    const put = await send(apiPut('user/language', { language: 'cn_traditional' }));
    const del = await send(apiDelete('things/1'));
    expect(get.data).toEqual({ method: 'GET', body: '' });
    expect(server.requests[0]!.url.searchParams.get('q')).toBe('asthma');
    expect(server.requests[0]!.url.searchParams.get('page')).toBe('2');
    expect(post.data).toEqual({ method: 'POST', body: '{"name":"Asthma"}' });
    expect(put.data).toEqual({ method: 'PUT', body: '{"language":"cn_traditional"}' });
    expect(del.data).toEqual({ method: 'DELETE', body: '{}' });
  });

  it('A-07 X-09 code 200 gives the body; other codes and statuses give an error with the message', async () => {
    const answers: Answer[] = [
      { json: { code: 200, body: [1, 2] } },
      {
        status: 400,
        json: { code: 400, message: 'Bad input', errors: [{ path: 'age', message: 'Too young' }] },
      },
      { json: { code: 500, message: 'Odd' } },
      { status: 503, json: { code: 200, body: 'not trusted' } },
    ];
    server = answerEveryCall(() => answers.shift()!);
    expect(await send(apiGet('a'))).toEqual({ data: [1, 2] });
    expect((await send(apiGet('b'))).error).toEqual({
      kind: 'response',
      status: 400,
      code: 400,
      message: 'Bad input',
      errors: [{ path: 'age', message: 'Too young' }],
    });
    expect((await send(apiGet('c'))).error).toMatchObject({
      kind: 'response',
      status: 200,
      code: 500,
      message: 'Odd',
    });
    expect((await send(apiGet('d'))).error).toMatchObject({ kind: 'response', status: 503 });
  });

  it('a creation answered 201 with code 201 gives its body; code 201 under a 200 status does not', async () => {
    const answers: Answer[] = [
      { status: 201, json: { code: 201, body: { id: 'r1' } } },
      { json: { code: 201, body: { id: 'r2' } } },
    ];
    server = answerEveryCall(() => answers.shift()!);
    expect(await send(apiPost('a', {}))).toEqual({ data: { id: 'r1' } });
    expect((await send(apiPost('b', {}))).error).toMatchObject({ status: 200, code: 201 });
  });

  it('A-31 P-13 C-21 an answer carrying an instance stores it in a cookie for one day, sent as Instance from then on', async () => {
    server = answerEveryCall((request) =>
      request.url.pathname === '/api/disease/list'
        ? ok({ instance: 'inst-from-answer', diseaseList: [] })
        : ok(null),
    );
    await send(apiPost('disease/list', { insurerCode: 'phkl' }));
    const jar = (
      globalThis as unknown as {
        jsdom: {
          cookieJar: {
            getCookiesSync: (url: string) => { key: string; value: string; TTL: () => number }[];
          };
        };
      }
    ).jsdom.cookieJar;
    const cookie = jar
      .getCookiesSync(`${window.location.origin}/`)
      .find((candidate) => candidate.key === 'instance');
    expect(cookie?.value).toBe('inst-from-answer');
    expect(Math.abs(cookie!.TTL() - 24 * 60 * 60 * 1000)).toBeLessThan(60_000);
    await send(apiGet('questionnaire/get'));
    expect(server.requests[1]!.headers.instance).toBe('inst-from-answer');
  });

  it('X-02 no answer at all is a transport error', async () => {
    server = mockApi(unreachable());
    expect((await send(apiGet('a'))).error).toMatchObject({ kind: 'transport' });
  });
});
