import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAppTrusting } from './external-issuer.ts';
import { outageProxy } from './outage-proxy.ts';
import {
  api,
  buildTestApp,
  createPostgresDatabase,
  DATABASES,
  questionnaireVersion,
  tokenFor,
  type TestApp,
} from './helpers.ts';
import { DISCLOSURE_API, partialDocument, PHKL, sampleCatalog } from './disclosures/fixtures.ts';

const UUID = /^[\da-f]{8}-[\da-f]{4}-4[\da-f]{3}-[\da-f]{4}-[\da-f]{12}$/;

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  caller?: { sub?: string; client?: string; insurers?: string[] };
  req?: { method: string; url: string };
  res?: { statusCode: number };
}

/** The app at LOG_LEVEL=info with its log lines kept, as written (JSON text) and parsed. */
async function loggedApp(database: (typeof DATABASES)[number], env: Record<string, string> = {}) {
  const written: string[] = [];
  const t = await buildTestApp({
    database,
    env: { LOG_LEVEL: 'info', ...env },
    logStream: { write: (line) => written.push(line) },
  });
  return {
    t,
    text: () => written.join(''),
    lines: () => written.map((line) => JSON.parse(line) as LogLine),
  };
}

/** The one line written when the request with this id was answered. */
function completedLine(lines: LogLine[], reqId: string): LogLine {
  const matching = lines.filter((line) => line.reqId === reqId && line.msg === 'request completed');
  expect(matching).toHaveLength(1);
  return matching[0]!;
}

describe.each(DATABASES)('request ids and logs on %s', (database) => {
  let logged: Awaited<ReturnType<typeof loggedApp>>;
  let t: TestApp;
  beforeAll(async () => {
    logged = await loggedApp(database);
    t = logged.t;
  });
  afterAll(async () => t?.close());

  it('N-13 a well-formed X-Request-Id is answered back and names every line of the request', async () => {
    const token = await tokenFor(t.baseUrl, 'uw1');
    const id = 'lb-7f3a.2026:0001_retry';
    const answer = await api(t.baseUrl, '/api/user/info/get', {
      token,
      headers: { 'x-request-id': id },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-request-id')).toBe(id);
    const line = completedLine(logged.lines(), id);
    expect(line.req).toEqual(expect.objectContaining({ method: 'GET', url: '/api/user/info/get' }));
    expect(line.res).toEqual({ statusCode: 200 });
  });

  it('N-13 a malformed X-Request-Id is replaced by a UUID; a traceparent gives its trace id', async () => {
    for (const given of ['has spaces', 'x'.repeat(129), 'quote"d', 'new\tline']) {
      const answer = await fetch(`${t.baseUrl}/api/health`, { headers: { 'x-request-id': given } });
      const id = answer.headers.get('x-request-id') ?? '';
      expect(id).toMatch(UUID);
      expect(logged.text()).not.toContain(given);
      completedLine(logged.lines(), id);
    }
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const traced = await fetch(`${t.baseUrl}/api/health`, {
      headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
    });
    expect(traced.headers.get('x-request-id')).toBe(traceId);
    // An all-zero trace id is invalid (W3C Trace Context): a UUID instead.
    const invalid = await fetch(`${t.baseUrl}/api/health`, {
      headers: { traceparent: `00-${'0'.repeat(32)}-00f067aa0ba902b7-01` },
    });
    expect(invalid.headers.get('x-request-id')).toMatch(UUID);
    // Two requests without an id get two different ones.
    const [a, b] = await Promise.all([
      fetch(`${t.baseUrl}/api/health`),
      fetch(`${t.baseUrl}/api/health`),
    ]);
    expect(a.headers.get('x-request-id')).toMatch(UUID);
    expect(b.headers.get('x-request-id')).not.toBe(a.headers.get('x-request-id'));
  });

  it('N-13 errors, unknown paths, pages and the sign-in provider answer the request id too', async () => {
    for (const path of [
      '/api/user/info/get',
      '/api/no/such/route',
      '/api/question/%zz',
      '/worklist',
      '/oidc/.well-known/openid-configuration',
    ]) {
      const answer = await fetch(`${t.baseUrl}${path}`, { headers: { 'x-request-id': 'probe-1' } });
      expect(answer.headers.get('x-request-id'), path).toBe('probe-1');
    }
  });

  it('N-14 request lines name the caller by subject and insurers, never the application number, the search text or a name', async () => {
    const applicationNumber = 'ZQ77/81#234';
    const interviewer = await tokenFor(t.baseUrl, 'interviewer1');
    const underwriter = await tokenFor(t.baseUrl, 'uw1');
    const subjects = await t.app.db
      .selectFrom('users')
      .select(['subject', 'user_name', 'display_name', 'insurers'])
      .where('user_name', 'in', ['interviewer1', 'uw1'])
      .execute();
    const interviewerRow = subjects.find((row) => row.user_name === 'interviewer1')!;
    const underwriterRow = subjects.find((row) => row.user_name === 'uw1')!;

    const created = await api<{ id: string; requestId: string }>(
      t.baseUrl,
      `${DISCLOSURE_API}/request`,
      {
        token: interviewer,
        headers: { 'x-request-id': 'n14-create' },
        body: { applicationNumber, ...PHKL, age: 45, gender: 'Male', rsmScore: 'A' },
      },
    );
    expect(created.status).toBe(200);
    const { id, requestId } = created.body.body!;
    const version = await questionnaireVersion(t.baseUrl, interviewer);
    const document = partialDocument(await sampleCatalog(), version);
    const saved = await api(t.baseUrl, `${DISCLOSURE_API}/disclosure/save`, {
      token: interviewer,
      headers: { 'x-request-id': 'n14-save' },
      body: {
        id,
        requestId,
        version: 1,
        applicationNumber,
        age: 45,
        gender: 'Male',
        rsmScore: 'A',
        disclosureJson: JSON.stringify(document),
      },
    });
    expect(saved.status).toBe(200);
    const search = `${DISCLOSURE_API}/disclosures?view=all&q=${encodeURIComponent(applicationNumber)}&limit=5`;
    const found = await api<{ items: unknown[] }>(t.baseUrl, search, {
      token: underwriter,
      headers: { 'x-request-id': 'n14-search' },
    });
    expect(found.status).toBe(200);
    // A search refused for its text: the refusal's line does not quote it.
    const refused = await api(t.baseUrl, `${DISCLOSURE_API}/disclosures?q=ZQ77%20bad%25`, {
      token: underwriter,
      headers: { 'x-request-id': 'n14-bad-search' },
    });
    expect(refused.status).toBe(400);
    // A body that is not JSON, quoting the number: refused, and its text not logged either.
    const malformed = await fetch(`${t.baseUrl}${DISCLOSURE_API}/request`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${interviewer}`,
        'content-type': 'application/json',
        'x-request-id': 'n14-malformed',
      },
      body: `{"applicationNumber": "${applicationNumber}", oops}`,
    });
    expect(malformed.status).toBe(400);
    // A sign-in page's query is logged without its values.
    await fetch(`${t.baseUrl}/oidc/auth?login_hint=${encodeURIComponent(applicationNumber)}`, {
      headers: { 'x-request-id': 'n14-hint' },
    });

    const text = logged.text();
    for (const secret of [
      applicationNumber,
      encodeURIComponent(applicationNumber),
      'ZQ77',
      interviewerRow.display_name,
      underwriterRow.display_name,
      interviewer,
      underwriter,
    ]) {
      expect(text).not.toContain(secret);
    }
    const lines = logged.lines();
    expect(completedLine(lines, 'n14-bad-search').req?.url).toBe(
      `${DISCLOSURE_API}/disclosures?q=[Redacted]`,
    );
    for (const reqId of ['n14-create', 'n14-save', 'n14-malformed']) {
      expect(completedLine(lines, reqId).caller).toEqual({
        sub: interviewerRow.subject,
        insurers: interviewerRow.insurers,
      });
    }
    const searchLine = completedLine(lines, 'n14-search');
    expect(searchLine.caller).toEqual({
      sub: underwriterRow.subject,
      insurers: underwriterRow.insurers,
    });
    expect(searchLine.req?.url).toBe(`${DISCLOSURE_API}/disclosures?view=all&q=[Redacted]&limit=5`);
    expect(completedLine(lines, 'n14-hint').req?.url).toBe('/oidc/auth?login_hint=[Redacted]');
    // Every line of an authenticated request names the caller, its refusal included.
    const malformedLines = lines.filter((line) => line.reqId === 'n14-malformed');
    expect(malformedLines.length).toBeGreaterThan(1);
    for (const line of malformedLines) expect(line.caller?.sub).toBe(interviewerRow.subject);
  });
});

describe.each(DATABASES)('readiness on %s', (database) => {
  it('N-15 ready reports the embedded identity provider and the database as up', async () => {
    const t = await buildTestApp({ database });
    try {
      const ready = await api(t.baseUrl, '/api/ready');
      expect(ready.status).toBe(200);
      expect(ready.body).toEqual({
        code: 200,
        body: { status: 'ready', database: 'up', identityProvider: 'up' },
      });
    } finally {
      await t.close();
    }
  });

  it('N-15 with an external issuer, ready answers 503 naming the identity provider while the issuer does not answer', async () => {
    const issuer = await buildTestApp();
    let trusting: TestApp | undefined;
    let afterStop: TestApp | undefined;
    try {
      trusting = await buildAppTrusting(issuer, database);
      const up = await api(trusting.baseUrl, '/api/ready');
      expect(up.status).toBe(200);
      expect(up.body.body).toEqual({ status: 'ready', database: 'up', identityProvider: 'up' });

      await issuer.close();
      // A server trusting the stopped issuer (a new one: readiness is kept a few seconds).
      afterStop = await buildAppTrusting(issuer, database);
      const down = await api(afterStop.baseUrl, '/api/ready', {
        headers: { 'accept-language': 'zh-Hant' },
      });
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({
        code: 503,
        error: 'service_unavailable',
        message: expect.any(String),
        body: { status: 'unavailable', database: 'up', identityProvider: 'down' },
      });
      expect(down.body.message).not.toBe(
        'The service is temporarily unavailable. Please try again shortly.',
      );
      expect((await api(afterStop.baseUrl, '/api/health')).status).toBe(200);
    } finally {
      await trusting?.close();
      await afterStop?.close();
      await issuer.close().catch(() => undefined);
    }
  });
});

describe.runIf(DATABASES.includes('postgres'))('readiness while PostgreSQL is away', () => {
  it('N-15 ready answers 503 naming the database, and 200 again once it is back', async () => {
    const database = await createPostgresDatabase();
    const proxy = await outageProxy(new URL(database.url));
    const t = await buildTestApp({ env: { DATABASE_URL: proxy.url } });
    try {
      expect((await api(t.baseUrl, '/api/ready')).status).toBe(200);
      await proxy.cut();
      const down = await api(t.baseUrl, '/api/ready');
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({
        code: 503,
        error: 'service_unavailable',
        message: 'The service is temporarily unavailable. Please try again shortly.',
        body: { status: 'unavailable', database: 'down', identityProvider: 'up' },
      });
      await proxy.restore();
      expect((await api(t.baseUrl, '/api/ready')).body.body).toEqual({
        status: 'ready',
        database: 'up',
        identityProvider: 'up',
      });
    } finally {
      await t.close();
      await proxy.cut();
      await database.drop();
    }
  });
});
