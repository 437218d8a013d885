import { describe, expect, it } from 'vitest';
import { clientToken, PHKL } from '../disclosures/fixtures.ts';
import { api, DATABASES, tokenFor, suiteApp } from '../helpers.ts';

const REQUEST = '/api/impairment/video_mer/request';

describe.each(DATABASES)('creating a disclosure request on %s', (database) => {
  const t = suiteApp(database);

  const rowsFor = async (applicationNumber: string) =>
    (
      await t.app.db
        .selectFrom('disclosures')
        .select('request_id')
        .where('application_number', '=', applicationNumber)
        .execute()
    ).map((row) => row.request_id);

  it('T-45 a caller system retrying with the same Idempotency-Key gets the same request id, and one request exists', async () => {
    const token = await clientToken(t.baseUrl, 'demo-integration', 'demo-secret');
    const body = { applicationNumber: 'IDEM1', ...PHKL, age: 40 };
    const headers = { 'idempotency-key': 'request-IDEM1' };
    const first = await api<{ requestId: string; id: string }>(t.baseUrl, REQUEST, {
      token,
      body,
      headers,
    });
    const retry = await api<{ requestId: string; id: string }>(t.baseUrl, REQUEST, {
      token,
      body,
      headers,
    });
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(await rowsFor('IDEM1')).toEqual([first.body.body?.requestId]);

    // Concurrent retries after a cut connection: still one request.
    const racing = await Promise.all(
      [1, 2, 3].map(() =>
        api<{ requestId: string }>(t.baseUrl, REQUEST, {
          token,
          body: { ...body, applicationNumber: 'IDEM2' },
          headers: { 'idempotency-key': 'request-IDEM2' },
        }),
      ),
    );
    const answered = racing.filter((r) => r.status === 200).map((r) => r.body.body?.requestId);
    expect(new Set(answered).size).toBe(1);
    expect(await rowsFor('IDEM2')).toEqual([answered[0]]);
  });

  it('T-45 a person retrying with the same Idempotency-Key gets the same request; the key reused for another request answers 422', async () => {
    const token = await tokenFor(t.baseUrl, 'interviewer1');
    const headers = { 'idempotency-key': 'request-IDEM3' };
    const body = { applicationNumber: 'IDEM3', ...PHKL };
    const first = await api<{ requestId: string }>(t.baseUrl, REQUEST, { token, body, headers });
    const retry = await api<{ requestId: string }>(t.baseUrl, REQUEST, { token, body, headers });
    expect(retry.body.body?.requestId).toBe(first.body.body?.requestId);
    expect(await rowsFor('IDEM3')).toHaveLength(1);

    const reused = await api(t.baseUrl, REQUEST, {
      token,
      body: { ...body, applicationNumber: 'IDEM4' },
      headers,
    });
    expect(reused.status).toBe(422);
    expect(await rowsFor('IDEM4')).toHaveLength(0);
    // Without a key, each call is a new request, as before.
    await api(t.baseUrl, REQUEST, { token, body });
    expect(await rowsFor('IDEM3')).toHaveLength(2);
  });
});
