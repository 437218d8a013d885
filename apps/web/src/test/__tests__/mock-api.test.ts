import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { apiGet, apiPost, envelopeBaseQuery, type ApiRequest } from '../../lib/api-client.ts';
import { answerEveryCall, mockApi, ok } from '../mock-api.ts';

function send(request: ApiRequest) {
  const controller = new AbortController();
  return envelopeBaseQuery(
    request,
    { signal: controller.signal } as Parameters<typeof envelopeBaseQuery>[1],
    {},
  );
}

describe('the mock API of the component tests', () => {
  it('a call no handler answers fails as if no server were there, and says which call', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect((await send(apiGet('nobody/answers'))).error).toMatchObject({ kind: 'transport' });
      expect(errors.mock.calls.flat().join(' ')).toContain('GET http://');
      expect(errors.mock.calls.flat().join(' ')).toContain('/api/nobody/answers');
    } finally {
      errors.mockRestore();
    }
  });

  it('records each call with its method, path, headers and body, even when its handler ignores the body', async () => {
    const api = mockApi(http.post('/api/things', () => HttpResponse.json({ code: 200, body: 1 })));
    expect(await send(apiPost('things', { name: 'Asthma' }))).toEqual({ data: 1 });
    expect(api.requests).toHaveLength(1);
    expect(api.requests[0]!.method).toBe('POST');
    expect(api.requests[0]!.url.pathname).toBe('/api/things');
    expect(api.requests[0]!.headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(api.requests[0]!.body).toBe('{"name":"Asthma"}');
  });

  it('a later handler goes in front of the earlier ones', async () => {
    const api = answerEveryCall(() => ok('first'));
    api.use(http.get('/api/twice', () => HttpResponse.json({ code: 200, body: 'second' })));
    expect(await send(apiGet('twice'))).toEqual({ data: 'second' });
    expect(await send(apiGet('other'))).toEqual({ data: 'first' });
  });
});
