import type { DisclosureSaved } from '@vmer/domain/lifecycle';
import type { WebhookDelivery, WebhookEndpoint } from '@vmer/domain/webhooks';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { urlProblem } from '../../src/webhooks/webhook-admin.ts';
import { backoffMs } from '../../src/webhooks/webhook-delivery.ts';
import {
  completeDocument,
  DISCLOSURE_API,
  disclosureFields,
  PHKL,
  sampleCatalog,
} from '../disclosures/fixtures.ts';
import {
  api,
  DATABASES,
  inChinese,
  questionnaireVersion,
  suiteApp,
  tokenFor,
  type TestApp,
} from '../helpers.ts';
import { startReceiver, until, type Receiver } from './receiver.ts';

const WEBHOOKS = '/api/admin/webhooks';
const ALL_EVENTS = ['disclosure.submitted', 'disclosure.validated', 'disclosure.rejected'];
/** Quick rounds and retries, a retry window of an hour: nothing here waits for the window. */
const QUICK = { WEBHOOK_POLL_MS: '20', WEBHOOK_BACKOFF_BASE_MS: '20', WEBHOOK_TIMEOUT_MS: '5000' };

interface Actors {
  admin: string;
  interviewer: string;
  underwriter: string;
  document: string;
}

async function actorsOf(t: TestApp): Promise<Actors> {
  const [admin, interviewer, underwriter, catalog] = await Promise.all([
    tokenFor(t.baseUrl, 'admin1'),
    tokenFor(t.baseUrl, 'interviewer1'),
    tokenFor(t.baseUrl, 'uw1'),
    sampleCatalog(),
  ]);
  const version = await questionnaireVersion(t.baseUrl, interviewer);
  return {
    admin,
    interviewer,
    underwriter,
    document: JSON.stringify(completeDocument(catalog, version)),
  };
}

let counter = 0;

/** A new disclosure submitted by the interviewer. */
async function submitNew(t: TestApp, a: Actors): Promise<DisclosureSaved> {
  const answer = await api<DisclosureSaved>(t.baseUrl, `${DISCLOSURE_API}/disclosure/submit`, {
    token: a.interviewer,
    body: {
      applicationNumber: `WH${String(++counter).padStart(4, '0')}`,
      ...disclosureFields(JSON.parse(a.document)),
      ...PHKL,
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.body!;
}

async function resubmit(t: TestApp, a: Actors, saved: DisclosureSaved, version: number) {
  const answer = await api<DisclosureSaved>(t.baseUrl, `${DISCLOSURE_API}/disclosure/submit`, {
    token: a.interviewer,
    body: {
      applicationNumber: 'ignored',
      requestId: saved.requestId,
      version,
      ...disclosureFields(JSON.parse(a.document)),
      ...PHKL,
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.body!;
}

async function review(t: TestApp, a: Actors, operation: 'validate' | 'reject', id: string) {
  const answer = await api<DisclosureSaved>(t.baseUrl, `${DISCLOSURE_API}/${operation}/${id}`, {
    token: a.underwriter,
    body: operation === 'reject' ? { reason: 'Please add the latest report.' } : {},
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.body!;
}

async function register(
  t: TestApp,
  a: Actors,
  receiver: Receiver,
  events: string[] = ALL_EVENTS,
): Promise<WebhookEndpoint> {
  const answer = await api<{ endpoint: WebhookEndpoint; secret: string }>(t.baseUrl, WEBHOOKS, {
    token: a.admin,
    body: { insurer: 'phkl', url: receiver.url, events },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  receiver.useSecret(answer.body.body!.secret);
  return answer.body.body!.endpoint;
}

async function deliveries(t: TestApp, a: Actors, endpoint: string): Promise<WebhookDelivery[]> {
  const answer = await api<{ items: WebhookDelivery[] }>(
    t.baseUrl,
    `${WEBHOOKS}/${endpoint}/deliveries`,
    { token: a.admin },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.body!.items;
}

async function remove(t: TestApp, a: Actors, endpoint: string) {
  const answer = await api(t.baseUrl, `${WEBHOOKS}/${endpoint}`, {
    token: a.admin,
    method: 'DELETE',
  });
  expect(answer.status).toBe(200);
}

describe('webhook endpoint checks', () => {
  it('N-02 an endpoint address is a full http(s) URL without credentials, https in production', () => {
    expect(urlProblem('https://hooks.example.com/vmer', true)).toBeNull();
    expect(urlProblem('http://hooks.example.com/vmer', true)).toBe('webhook_url_https');
    expect(urlProblem('http://127.0.0.1:9000/hooks', false)).toBeNull();
    expect(urlProblem('https://user:pw@hooks.example.com/', false)).toBe('webhook_url_credentials');
    expect(urlProblem('ftp://hooks.example.com/', false)).toBe('webhook_url_invalid');
    expect(urlProblem('hooks.example.com', false)).toBe('webhook_url_invalid');
  });

  it('N-03 retries back off exponentially with jitter, to an hour at most', () => {
    expect(backoffMs(1, 1000, () => 0)).toBe(500);
    expect(backoffMs(1, 1000, () => 1)).toBe(1000);
    expect(backoffMs(4, 1000, () => 1)).toBe(8000);
    expect(backoffMs(40, 1000, () => 1)).toBe(3_600_000);
  });
});

for (const database of DATABASES) {
  describe(`webhooks on ${database}`, () => {
    const t = suiteApp(database, QUICK);
    let a: Actors;
    let receiver: Receiver;
    beforeAll(async () => {
      [a, receiver] = await Promise.all([actorsOf(t), startReceiver()]);
    });
    afterAll(async () => receiver?.close());

    it('N-02 administrators register, list, change, rotate and delete endpoints of their insurers, each change in the admin trail', async () => {
      const created = await api<{ endpoint: WebhookEndpoint; secret: string }>(
        t.baseUrl,
        WEBHOOKS,
        {
          token: a.admin,
          body: {
            insurer: 'phkl',
            url: receiver.url,
            events: ['disclosure.validated'],
            description: 'Policy admin',
          },
        },
      );
      expect(created.status).toBe(201);
      const { endpoint, secret } = created.body.body!;
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(endpoint).toMatchObject({
        insurer: 'phkl',
        url: receiver.url,
        events: ['disclosure.validated'],
        enabled: true,
      });

      const listed = await api<{ items: WebhookEndpoint[] }>(t.baseUrl, WEBHOOKS, {
        token: a.admin,
      });
      expect(listed.body.body!.items).toContainEqual(endpoint);
      expect(JSON.stringify(listed.body)).not.toContain(secret);

      const disabled = await api<WebhookEndpoint>(t.baseUrl, `${WEBHOOKS}/${endpoint.id}`, {
        token: a.admin,
        method: 'PUT',
        body: { enabled: false, events: ALL_EVENTS },
      });
      expect(disabled.body.body).toMatchObject({ enabled: false, events: ALL_EVENTS });

      const rotated = await api<{ secret: string }>(
        t.baseUrl,
        `${WEBHOOKS}/${endpoint.id}/secret`,
        {
          token: a.admin,
          body: {},
        },
      );
      expect(rotated.status).toBe(200);
      expect(rotated.body.body!.secret).toMatch(/^whsec_/);
      expect(rotated.body.body!.secret).not.toBe(secret);

      await remove(t, a, endpoint.id);
      const after = await api<{ items: WebhookEndpoint[] }>(t.baseUrl, WEBHOOKS, {
        token: a.admin,
      });
      expect(after.body.body!.items.map((item) => item.id)).not.toContain(endpoint.id);

      const trail = await api<{ items: { action: string; changes: unknown[] }[] }>(
        t.baseUrl,
        `/api/admin/audit?subjectType=webhook&subjectId=${endpoint.id}`,
        { token: a.admin },
      );
      expect(trail.status).toBe(200);
      expect(trail.body.body!.items.map((entry) => entry.action)).toEqual([
        'delete',
        'rotate_signing_key',
        'update',
        'create',
      ]);
      expect(JSON.stringify(trail.body)).not.toContain('whsec_');
    });

    it("N-02 an endpoint for another insurer, a bad address or a non-administrator is refused in the caller's language, and nothing is written", async () => {
      const before = await api<{ items: WebhookEndpoint[] }>(t.baseUrl, WEBHOOKS, {
        token: a.admin,
      });
      const refused = await api(t.baseUrl, WEBHOOKS, {
        token: a.admin,
        body: { insurer: 'otherco', url: receiver.url, events: ALL_EVENTS },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual([
        { path: 'insurer', message: 'You can register endpoints only for your own insurers.' },
      ]);
      await inChinese(t.baseUrl, a.admin, async () => {
        const credentials = await api(t.baseUrl, WEBHOOKS, {
          token: a.admin,
          body: { insurer: 'phkl', url: 'http://me:pw@127.0.0.1/hooks', events: ALL_EVENTS },
        });
        expect(credentials.status).toBe(400);
        expect(credentials.body.errors).toEqual([
          { path: 'url', message: '地址不可包含使用者名稱或密碼。' },
        ]);
      });
      const badEvent = await api(t.baseUrl, WEBHOOKS, {
        token: a.admin,
        body: { insurer: 'phkl', url: receiver.url, events: ['disclosure.saved'] },
      });
      expect(badEvent.status).toBe(400);
      const underwriter = await api(t.baseUrl, WEBHOOKS, {
        token: a.underwriter,
        body: { insurer: 'phkl', url: receiver.url, events: ALL_EVENTS },
      });
      expect(underwriter.status).toBe(403);
      expect((await api(t.baseUrl, WEBHOOKS, { token: a.underwriter })).status).toBe(403);

      // Another insurer's endpoint is not there for this administrator.
      const foreign = '00000000-0000-4000-8000-000000000001';
      await t.app.db
        .insertInto('webhook_endpoints')
        .values({
          id: foreign,
          insurer_code: 'otherco',
          url: receiver.url,
          events: ALL_EVENTS,
          secret: 'whsec_AAAA',
          created_by: 'someone',
        })
        .execute();
      for (const [method, path] of [
        ['GET', `${WEBHOOKS}/${foreign}/deliveries`],
        ['PUT', `${WEBHOOKS}/${foreign}`],
        ['DELETE', `${WEBHOOKS}/${foreign}`],
        ['POST', `${WEBHOOKS}/${foreign}/secret`],
      ] as const) {
        const answer = await api(t.baseUrl, path, {
          token: a.admin,
          method,
          ...(method === 'PUT' || method === 'POST' ? { body: {} } : {}),
        });
        expect(answer.status, `${method} ${path}`).toBe(404);
      }
      const after = await api<{ items: WebhookEndpoint[] }>(t.baseUrl, WEBHOOKS, {
        token: a.admin,
      });
      expect(after.body.body!.items).toEqual(before.body.body!.items);
      await t.app.db.deleteFrom('webhook_endpoints').where('id', '=', foreign).execute();
    });

    it('N-02 N-03 each status change is delivered signed per Standard Webhooks, with ids, status, decisions and links and no names', async () => {
      const endpoint = await register(t, a, receiver);
      try {
        const saved = await submitNew(t, a);
        await until(() => receiver.effectsOf(saved.id).length === 1);
        const [effect] = receiver.effects.filter((e) => e.payload?.data.disclosureId === saved.id);
        expect(effect!.verified).toBe(true);
        expect(effect!.id).toMatch(/^msg_[0-9a-f]{32}$/);
        expect(effect!.signature).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
        expect(effect!.payload).toMatchObject({
          type: 'disclosure.submitted',
          data: {
            disclosureId: saved.id,
            requestId: saved.requestId,
            insurer: 'phkl',
            status: 3,
            version: saved.version,
            links: {
              disclosure: `${t.baseUrl}${DISCLOSURE_API}/disclosure/${saved.requestId}`,
            },
          },
        });
        expect(effect!.payload!.data).toHaveProperty('decisions');
        expect(effect!.body).not.toContain('Isabel');
        expect(effect!.body).not.toContain('disclosureJson');

        // What an attacker sends fails the receiver's check with the library.
        const headers = {
          'webhook-id': effect!.id,
          'webhook-timestamp': effect!.timestamp,
          'webhook-signature': effect!.signature,
        };
        const secret = (
          await t.app.db
            .selectFrom('webhook_endpoints')
            .select('secret')
            .where('id', '=', endpoint.id)
            .executeTakeFirstOrThrow()
        ).secret;
        const verifier = new Webhook(secret);
        expect(verifier.verify(effect!.body, headers)).toMatchObject({
          type: 'disclosure.submitted',
        });
        const forged = effect!.body.replace('"status":3', '"status":4');
        expect(() => verifier.verify(forged, headers)).toThrow(/signature/i);
        const stale = String(Number(effect!.timestamp) - 600);
        expect(() =>
          verifier.verify(effect!.body, { ...headers, 'webhook-timestamp': stale }),
        ).toThrow(/too old/i);
        const resigned = new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).sign(
          effect!.id,
          new Date(),
          effect!.body,
        );
        expect(() =>
          verifier.verify(effect!.body, {
            ...headers,
            'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
            'webhook-signature': resigned,
          }),
        ).toThrow(/signature/i);

        // The receiver has the message; the delivery's row is marked once its answer is back.
        let log = await deliveries(t, a, endpoint.id);
        await vi.waitFor(
          async () => {
            log = await deliveries(t, a, endpoint.id);
            expect(log[0]?.state).not.toBe('pending');
          },
          { timeout: 10_000, interval: 50 },
        );
        expect(log[0]).toMatchObject({
          messageId: effect!.id,
          event: 'disclosure.submitted',
          disclosureId: saved.id,
          state: 'delivered',
          attempts: 1,
          lastStatus: 200,
          nextAttemptAt: null,
        });
        expect(log[0]!.tries).toEqual([expect.objectContaining({ statusCode: 200, error: null })]);
      } finally {
        await remove(t, a, endpoint.id);
      }
    });

    it('N-03 after a rotation each delivery is signed with the new secret and, for a day, also the old one', async () => {
      const endpoint = await register(t, a, receiver, ['disclosure.submitted']);
      try {
        const old = (
          await t.app.db
            .selectFrom('webhook_endpoints')
            .select('secret')
            .where('id', '=', endpoint.id)
            .executeTakeFirstOrThrow()
        ).secret;
        const rotated = await api<{ secret: string }>(
          t.baseUrl,
          `${WEBHOOKS}/${endpoint.id}/secret`,
          { token: a.admin, body: {} },
        );
        expect(rotated.status).toBe(200);
        const saved = await submitNew(t, a);
        await until(() => receiver.effectsOf(saved.id).length === 1);
        const effect = receiver.effects.find((e) => e.payload?.data.disclosureId === saved.id)!;
        expect(effect.signature.split(' ')).toHaveLength(2);
        const headers = {
          'webhook-id': effect.id,
          'webhook-timestamp': effect.timestamp,
          'webhook-signature': effect.signature,
        };
        for (const secret of [rotated.body.body!.secret, old]) {
          expect(new Webhook(secret).verify(effect.body, headers)).toMatchObject({
            type: 'disclosure.submitted',
            // The caller's own reference comes back to it; nothing else about the applicant.
            data: { applicationNumber: expect.stringMatching(/^WH\d{4}$/) },
          });
        }
      } finally {
        await remove(t, a, endpoint.id);
      }
    });

    it('N-02 a change refused writes no event: the outbox holds exactly the status changes made', async () => {
      const endpoint = await register(t, a, receiver);
      try {
        const saved = await submitNew(t, a);
        const stale = await api(t.baseUrl, `${DISCLOSURE_API}/validate/${saved.id}`, {
          token: a.interviewer,
          body: {},
        });
        expect(stale.status).toBe(403);
        await review(t, a, 'validate', saved.id);
        await until(() => receiver.effectsOf(saved.id).length === 2);
        const events = await t.app.db
          .selectFrom('webhook_events')
          .select('type')
          .where('disclosure_id', '=', saved.id)
          .orderBy('id')
          .execute();
        expect(events.map((event) => event.type)).toEqual([
          'disclosure.submitted',
          'disclosure.validated',
        ]);
      } finally {
        await remove(t, a, endpoint.id);
      }
    });

    it('N-03 N-04 events of one disclosure arrive in order, a later one waiting while an earlier one is retried after 500s, each applied once', async () => {
      const endpoint = await register(t, a, receiver);
      try {
        // The first event of each webhook-id fails twice (after the receiver applied it).
        receiver.answerWith((_request, seen) => (seen <= 2 ? 500 : 200));
        const saved = await submitNew(t, a);
        const rejected = await review(t, a, 'reject', saved.id);
        const again = await resubmit(t, a, saved, rejected.version);
        await review(t, a, 'validate', again.id);
        await until(async () =>
          (await deliveries(t, a, endpoint.id)).every((d) => d.state === 'delivered'),
        );
        expect(receiver.effectsOf(saved.id)).toEqual([
          'disclosure.submitted',
          'disclosure.rejected',
          'disclosure.submitted',
          'disclosure.validated',
        ]);
        const ids = receiver.effects
          .filter((e) => e.payload?.data.disclosureId === saved.id)
          .map((e) => e.id);
        // Each event was sent three times, applied once, and in order: all of one before the next.
        const sent = receiver.requests.filter((r) => ids.includes(r.id)).map((r) => r.id);
        expect(sent).toEqual(ids.flatMap((id) => [id, id, id]));
        const log = await deliveries(t, a, endpoint.id);
        expect(log.map((d) => d.tries.map((attempt) => attempt.statusCode))).toEqual([
          [500, 500, 200],
          [500, 500, 200],
          [500, 500, 200],
          [500, 500, 200],
        ]);
      } finally {
        receiver.answerWith(() => 200);
        await remove(t, a, endpoint.id);
      }
    });

    it('N-02 a disabled endpoint gets no events, and the submitted event goes only to endpoints asking for it', async () => {
      const validatedOnly = await register(t, a, receiver, ['disclosure.validated']);
      const disabled = await register(t, a, receiver);
      try {
        await api(t.baseUrl, `${WEBHOOKS}/${disabled.id}`, {
          token: a.admin,
          method: 'PUT',
          body: { enabled: false },
        });
        const saved = await submitNew(t, a);
        await review(t, a, 'validate', saved.id);
        await until(() => receiver.effectsOf(saved.id).length === 1);
        expect(receiver.effectsOf(saved.id)).toEqual(['disclosure.validated']);
        expect(await deliveries(t, a, disabled.id)).toEqual([]);
        expect((await deliveries(t, a, validatedOnly.id)).map((d) => d.event)).toEqual([
          'disclosure.validated',
        ]);
      } finally {
        await remove(t, a, validatedOnly.id);
        await remove(t, a, disabled.id);
      }
    });
  });

  describe(`webhook dead letters on ${database}`, () => {
    const t = suiteApp(database, { ...QUICK, WEBHOOK_RETRY_WINDOW_SECONDS: '1' });
    let a: Actors;
    let receiver: Receiver;
    beforeAll(async () => {
      [a, receiver] = await Promise.all([actorsOf(t), startReceiver()]);
    });
    afterAll(async () => receiver?.close());

    it('N-03 N-04 N-19 a delivery failing past the retry window is dead, its later events follow, a resend delivers it once, and /metrics counts each outcome', async () => {
      const endpoint = await register(t, a, receiver);
      receiver.answerWith((request) =>
        request.payload?.type === 'disclosure.submitted' ? 503 : 200,
      );
      const saved = await submitNew(t, a);
      await review(t, a, 'validate', saved.id);
      await until(async () => {
        const log = await deliveries(t, a, endpoint.id);
        return log.length === 2 && log.every((d) => d.state !== 'pending');
      });
      const [validated, submitted] = await deliveries(t, a, endpoint.id);
      expect(submitted).toMatchObject({
        event: 'disclosure.submitted',
        state: 'dead',
        lastStatus: 503,
      });
      expect(submitted!.attempts).toBeGreaterThan(1);
      expect(submitted!.tries.every((attempt) => attempt.statusCode === 503)).toBe(true);
      expect(validated).toMatchObject({ event: 'disclosure.validated', state: 'delivered' });

      const notAdmin = await api(
        t.baseUrl,
        `${WEBHOOKS}/${endpoint.id}/deliveries/${validated!.id}/resend`,
        { token: a.underwriter, body: {} },
      );
      expect(notAdmin.status).toBe(403);

      receiver.answerWith(() => 200);
      const resent = await api<WebhookDelivery>(
        t.baseUrl,
        `${WEBHOOKS}/${endpoint.id}/deliveries/${submitted!.id}/resend`,
        { token: a.admin, body: {} },
      );
      expect(resent.status, JSON.stringify(resent.body)).toBe(200);
      expect(resent.body.body).toMatchObject({ id: submitted!.id, state: 'pending' });
      const twice = await api(
        t.baseUrl,
        `${WEBHOOKS}/${endpoint.id}/deliveries/${submitted!.id}/resend`,
        { token: a.admin, body: {} },
      );
      expect([200, 409]).toContain(twice.status);
      await until(async () =>
        (await deliveries(t, a, endpoint.id)).every((d) => d.state === 'delivered'),
      );
      // The receiver had applied it at the first try: the resend, same webhook-id, changes nothing.
      expect(receiver.effectsOf(saved.id)).toEqual([
        'disclosure.submitted',
        'disclosure.validated',
      ]);
      const trail = await api<{ items: { action: string }[] }>(
        t.baseUrl,
        `/api/admin/audit?subjectType=webhook&subjectId=${endpoint.id}`,
        { token: a.admin },
      );
      expect(trail.body.body!.items.map((entry) => entry.action)).toContain('resend');
      const metrics = await (await fetch(`${t.baseUrl}/metrics`)).text();
      for (const outcome of ['delivered', 'failed', 'dead_lettered']) {
        expect(metrics).toMatch(
          new RegExp(
            `vmer_webhook_deliveries_total\\{insurer="phkl",outcome="${outcome}"\\} [1-9]`,
          ),
        );
      }
      await remove(t, a, endpoint.id);
    });

    it('N-04 a resend of a pending delivery is refused with 409', async () => {
      const endpoint = await register(t, a, receiver);
      try {
        receiver.answerWith(() => 'hold');
        const held = receiver.nextHeld();
        const saved = await submitNew(t, a);
        await held;
        const [delivery] = await deliveries(t, a, endpoint.id);
        expect(delivery).toMatchObject({ disclosureId: saved.id, state: 'pending' });
        const answer = await api(
          t.baseUrl,
          `${WEBHOOKS}/${endpoint.id}/deliveries/${delivery!.id}/resend`,
          { token: a.admin, body: {} },
        );
        expect(answer.status).toBe(409);
        expect(answer.body.message).toMatch(/still being sent/);
      } finally {
        receiver.answerWith(() => 200);
        await remove(t, a, endpoint.id);
      }
    });
  });
}
