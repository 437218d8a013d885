import { createHash } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catalog, DisclosureDocument, Impairment } from '@vmer/domain';
import type {
  AuditEntry,
  DisclosureExport,
  DisclosureRequestCreated,
  DisclosureReviewed,
  DisclosureSaved,
  DisclosureView,
} from '@vmer/domain/lifecycle';
import type { WorklistPage } from '@vmer/domain/workbench';
import { sql } from 'kysely';
import { hashPassword } from '../../src/auth/password.ts';
import { insertLocalUsers } from '../../src/auth/users-repository.ts';
import { idempotencyRepository } from '../../src/disclosures/idempotency-repository.ts';
import {
  api,
  buildTestApp,
  DATABASES,
  questionnaireVersion,
  tokenFor,
  type TestApp,
  inChinese as readingChinese,
  putLanguage,
} from '../helpers.ts';
import {
  answersFor,
  clientToken,
  disclosureFields,
  documentFor,
  impairmentOf,
  partialDocument,
  PHKL,
  PHKL_BANCA,
  PROFILE,
  sampleCatalog,
  completeDocument,
  DISCLOSURE_API,
} from './fixtures.ts';

describe.each(DATABASES)('disclosure lifecycle on %s', (database) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let version: string;
  let hypertension: Impairment;
  let asthma: Impairment;
  let counter = 0;
  let catalog: Catalog;

  beforeAll(async () => {
    t = await buildTestApp({ database });
    // A second underwriter of phkl, for the separation of duties.
    await insertLocalUsers(t.app.db, [
      {
        userName: 'uw3',
        displayName: 'Underwriter Three',
        role: 'underwriter',
        insurers: ['phkl'],
        passwordHash: await hashPassword('demo'),
        demo: true,
      },
    ]);
    for (const user of ['interviewer1', 'agent1', 'uw1', 'uw2', 'uw3', 'admin1'])
      tokens[user] = await tokenFor(t.baseUrl, user);
    version = await questionnaireVersion(t.baseUrl, tokens.uw1!);
    // The server seeded the shipped catalogue: the same files compiled here.
    catalog = await sampleCatalog();
    hypertension = impairmentOf(catalog, 'hypertension');
    asthma = impairmentOf(catalog, 'asthma');
  });
  afterAll(async () => t?.close());

  const call = <T>(
    user: string,
    path: string,
    options: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) => api<T>(t.baseUrl, `${DISCLOSURE_API}${path}`, { token: tokens[user], ...options });

  /** Runs `check` while the user reads Chinese, then gives them English again. */
  const inChinese = (user: string, check: () => Promise<void>) =>
    readingChinese(t.baseUrl, tokens[user]!, check);

  const nextApplicationNumber = () => `APP${String(++counter).padStart(4, '0')}`;

  /** A complete document: hypertension fully answered (children opened), asthma too. */
  const complete = (): DisclosureDocument => completeDocument(catalog, version);
  /** Hypertension complete, asthma with its last two shown questions unanswered. */
  const partial = (): DisclosureDocument => partialDocument(catalog, version);

  const payload = (doc: DisclosureDocument, extra: Record<string, unknown> = {}) => ({
    applicationNumber: extra.applicationNumber ?? 'APP0000',
    ...disclosureFields(doc),
    ...extra,
  });

  async function newRequest(user = 'interviewer1', extra: Record<string, unknown> = {}) {
    const r = await call<DisclosureRequestCreated>(user, '/request', {
      body: {
        applicationNumber: nextApplicationNumber(),
        ...PHKL,
        age: 45,
        gender: 'Male',
        rsmScore: 'A',
        redirection: '/home',
        ...extra,
      },
    });
    expect(r.status).toBe(200);
    return r.body.body!;
  }

  async function view(user: string, requestId: string) {
    return call<DisclosureView>(user, `/disclosure/${requestId}`);
  }

  /** A submitted disclosure made from /home by the user (1→3 in one step). */
  async function submitted(user = 'interviewer1'): Promise<DisclosureSaved> {
    const r = await call<DisclosureSaved>(user, '/disclosure/submit', {
      body: payload(complete(), { applicationNumber: nextApplicationNumber(), ...PHKL }),
    });
    expect(r.status).toBe(200);
    return r.body.body!;
  }

  describe('requests', () => {
    it('A-21 S-66 a signed-in user asks for a disclosure; it opens in create mode with the request data and no message', async () => {
      const created = await newRequest('interviewer1', {
        redirection: 'https://policy.example.com/case/1',
      });
      expect(created.address).toBe(`/questionnaire/${created.requestId}`);
      const r = await view('interviewer1', created.requestId);
      expect(r.status).toBe(200);
      expect(r.body).not.toHaveProperty('message');
      expect(r.body.body).toMatchObject({
        id: created.id,
        requestId: created.requestId,
        action: 'create',
        status: 1,
        version: 1,
        age: 45,
        gender: 'Male',
        rsmScore: 'A',
        ...PHKL,
        redirection: 'https://policy.example.com/case/1',
        rejectReason: null,
      });
      const doc = JSON.parse(r.body.body!.disclosureJson) as DisclosureDocument;
      expect(doc).toEqual({
        schemaVersion: 1,
        catalogVersion: version,
        profile: { age: 45, gender: 'Male', rsmScore: 'A' },
        impairments: [],
      });
    });

    it('a caller system asks with a client-credentials token holding the disclosure:request scope', async () => {
      const token = await clientToken(t.baseUrl, 'demo-integration', 'demo-secret');
      const r = await api<DisclosureRequestCreated>(t.baseUrl, `${DISCLOSURE_API}/request`, {
        token,
        body: {
          applicationNumber: nextApplicationNumber(),
          ...PHKL,
          redirection: 'https://policy.example.com/back',
        },
      });
      expect(r.status).toBe(200);
      const opened = await view('interviewer1', r.body.body!.requestId);
      expect(opened.body.body).toMatchObject({
        action: 'create',
        status: 1,
        age: null,
        gender: null,
      });
      const trail = await call<AuditEntry[]>(
        'interviewer1',
        `/disclosure/${r.body.body!.id}/audit`,
      );
      expect(trail.body.body!.map((e) => [e.actor, e.operation])).toEqual([
        ['demo-integration', 'request'],
      ]);
      // The token opens the request call only: disclosures themselves are for people.
      const read = await api(t.baseUrl, `${DISCLOSURE_API}/disclosure/${r.body.body!.requestId}`, {
        token,
      });
      expect(read.status).toBe(403);
    });

    it.each([
      'http://policy.example.com/',
      'javascript:alert(1)',
      '//evil.example.com/',
      'ftp://example.com/',
    ])('refuses the redirection %s with 400 naming it', async (redirection) => {
      const r = await call('interviewer1', '/request', {
        body: { applicationNumber: 'APP1', ...PHKL, redirection },
      });
      expect(r.status).toBe(400);
      expect(r.body.errors?.map((e) => e.path)).toEqual(['redirection']);
    });

    it('a bad redirection is named with what it must be, in the caller language', async () => {
      const body = {
        applicationNumber: 'APP1',
        ...PHKL,
        redirection: 'http://policy.example.com/',
      };
      const en = await call('interviewer1', '/request', { body });
      expect(en.body.errors).toEqual([
        {
          path: 'redirection',
          message:
            'The redirection must be an https:// address or a path on this site starting with a single /.',
        },
      ]);
      // A caller system has no language of its own: its Accept-Language decides.
      const cn = await api(t.baseUrl, `${DISCLOSURE_API}/request`, {
        token: await clientToken(t.baseUrl, 'demo-integration', 'demo-secret'),
        body,
        headers: { 'accept-language': 'zh-HK' },
      });
      expect(cn.status).toBe(400);
      expect(cn.body.errors).toEqual([
        {
          path: 'redirection',
          message: '重新導向位址必須為 https:// 網址，或本網站上以單一 / 開頭的路徑。',
        },
      ]);
    });

    it('P-07 refuses a request for an insurer the caller does not work for, and an unknown product', async () => {
      const other = await call('interviewer1', '/request', {
        body: {
          applicationNumber: 'APP1',
          insurerCode: 'slhk',
          channel: 'broker',
          productCode: 'SAV05',
        },
      });
      expect(other.status).toBe(403);
      const product = await call('interviewer1', '/request', {
        body: { applicationNumber: 'APP1', ...PHKL, productCode: 'NOPE' },
      });
      expect(product.status).toBe(400);
      expect(product.body.errors?.map((e) => e.path)).toEqual(['productCode']);
    });
  });

  describe('the whole way through', () => {
    it('A-17 A-19 A-21 A-22 S-26 P-09 save partial, submit refused, save complete, submit, validate', async () => {
      const { requestId, id } = await newRequest();

      const first = await call<DisclosureSaved>('interviewer1', '/disclosure/save', {
        body: payload(partial(), { id, requestId, version: 1 }),
      });
      expect(first.status).toBe(200);
      expect(first.body.body).toMatchObject({ id, requestId, status: 2, version: 2 });
      const stored = JSON.parse(first.body.body!.disclosureJson) as DisclosureDocument;
      expect(Object.keys(stored.impairments[0]!.decision!).length).toBeGreaterThan(0);
      expect(stored.impairments[1]!.decision).toEqual({});

      const reopened = await view('interviewer1', requestId);
      expect(reopened.body.body).toMatchObject({ action: 'edit', status: 2, version: 2 });
      expect(JSON.parse(reopened.body.body!.disclosureJson)).toEqual(stored);

      const refused = await call('interviewer1', '/disclosure/submit', {
        body: payload(partial(), { id, version: 2 }),
      });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('Questionnaire has not been completed.');
      expect(refused.body.errors!.length).toBe(2);
      for (const error of refused.body.errors!) {
        expect(error.path).toMatch(/^disclosureJson\.impairments\.1\./);
        expect(error.message).toMatch(/^Asthma: please answer the question "/);
      }
      expect((await view('interviewer1', requestId)).body.body!.version).toBe(2);

      const saved = await call<DisclosureSaved>('interviewer1', '/disclosure/save', {
        body: payload(complete(), { id, version: 2 }),
      });
      expect(saved.body.body).toMatchObject({ status: 2, version: 3 });

      const sent = await call<DisclosureSaved>('interviewer1', '/disclosure/submit', {
        body: payload(complete(), { id, version: 3 }),
      });
      expect(sent.status).toBe(200);
      expect(sent.body.body).toMatchObject({ status: 3, version: 4 });
      expect((await view('interviewer1', requestId)).body.body).toMatchObject({
        action: 'view',
        status: 3,
      });
      expect((await view('uw1', requestId)).body.body).toMatchObject({ action: 'view', status: 3 });

      const validated = await call<DisclosureReviewed>('uw1', `/validate/${id}`, {
        method: 'POST',
      });
      expect(validated.status).toBe(200);
      expect(validated.body.body).toEqual({ id, requestId, status: 4, version: 5 });
      expect((await view('interviewer1', requestId)).body.body).toMatchObject({
        action: 'view',
        status: 4,
      });

      const trail = await call<AuditEntry[]>('uw1', `/disclosure/${id}/audit`);
      expect(trail.body.body!.map((e) => [e.operation, e.fromStatus, e.toStatus])).toEqual([
        ['request', null, 1],
        ['save', 1, 2],
        ['save', 2, 2],
        ['submit', 2, 3],
        ['validate', 3, 4],
      ]);
      expect(trail.body.body!.map((e) => e.actor)).toEqual([
        'interviewer1',
        'interviewer1',
        'interviewer1',
        'interviewer1',
        'uw1',
      ]);
      for (const entry of trail.body.body!) expect(entry.payloadSha256).toMatch(/^[0-9a-f]{64}$/);
      expect(trail.body.body![1]!.catalogVersion).toBe(version);
    });

    it('A-23 S-26 P-09 P-10 reject with a reason, the interviewer sees it, corrects and resubmits', async () => {
      const { id, requestId } = await submitted();
      const rejected = await call<DisclosureReviewed>('uw1', `/reject/${id}`, {
        body: { reason: 'Please add the latest blood pressure readings.' },
      });
      expect(rejected.status).toBe(200);
      expect(rejected.body.body).toMatchObject({ status: 5, version: 2 });

      const opened = await view('interviewer1', requestId);
      expect(opened.body.body).toMatchObject({
        action: 'edit',
        status: 5,
        rejectReason: 'Please add the latest blood pressure readings.',
      });

      const corrected = await call<DisclosureSaved>('interviewer1', '/disclosure/save', {
        body: payload(complete(), { id, version: 2 }),
      });
      expect(corrected.body.body).toMatchObject({ status: 2, version: 3 });
      expect((await view('interviewer1', requestId)).body.body!.rejectReason).toBe(
        'Please add the latest blood pressure readings.',
      );

      const again = await call<DisclosureSaved>('interviewer1', '/disclosure/submit', {
        body: payload(complete(), { id, version: 3 }),
      });
      expect(again.body.body).toMatchObject({ status: 3, version: 4 });
      expect((await view('interviewer1', requestId)).body.body).toMatchObject({
        status: 3,
        rejectReason: null,
      });

      const trail = await call<AuditEntry[]>('interviewer1', `/disclosure/${id}/audit`);
      expect(
        trail.body.body!.map((e) => [e.operation, e.fromStatus, e.toStatus, e.reason]),
      ).toEqual([
        ['submit', null, 3, null],
        ['reject', 3, 5, 'Please add the latest blood pressure readings.'],
        ['save', 5, 2, null],
        ['submit', 2, 3, null],
      ]);
    });

    it('A-18 A-20 save and submit answer a code equal to the HTTP status: 200 with the body, any other with a message', async () => {
      const { id, requestId } = await newRequest();
      const saved = await call<DisclosureSaved>('interviewer1', '/disclosure/save', {
        body: payload(complete(), { id, requestId, version: 1 }),
      });
      expect(saved.status).toBe(200);
      expect(saved.body).toEqual({ code: 200, body: expect.objectContaining({ id, status: 2 }) });

      const stale = await call('interviewer1', '/disclosure/save', {
        body: payload(complete(), { id, version: 1 }),
      });
      expect(stale.status).toBe(409);
      expect(stale.body).toEqual({
        code: 409,
        error: 'conflict',
        message: expect.stringMatching(/changed by someone else/),
      });

      const incomplete = await call('interviewer1', '/disclosure/submit', {
        body: payload(partial(), { id, version: 2 }),
      });
      expect(incomplete.status).toBe(400);
      expect(incomplete.body).toMatchObject({
        code: 400,
        message: 'Questionnaire has not been completed.',
      });
      expect(incomplete.body).not.toHaveProperty('body');

      const sent = await call<DisclosureSaved>('interviewer1', '/disclosure/submit', {
        body: payload(complete(), { id, version: 2 }),
      });
      expect(sent.body).toEqual({ code: 200, body: expect.objectContaining({ id, status: 3 }) });
    });

    it('a rejected disclosure can be submitted again directly (5→3), and a reject needs no reason', async () => {
      const { id } = await submitted();
      const rejected = await call<DisclosureReviewed>('uw1', `/reject/${id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
      });
      expect(rejected.status).toBe(200);
      const again = await call<DisclosureSaved>('interviewer1', '/disclosure/submit', {
        body: payload(complete(), { id, version: rejected.body.body!.version }),
      });
      expect(again.body.body).toMatchObject({ status: 3 });
    });
  });

  describe('forbidden moves answer 409 with a clear message', () => {
    it('save and submit of a submitted or validated disclosure; validate and reject of anything but submitted', async () => {
      const { id, version: v3 } = await submitted();
      const save3 = await call('interviewer1', '/disclosure/save', {
        body: payload(complete(), { id, version: v3 }),
      });
      expect(save3.status).toBe(409);
      expect(save3.body.message).toBe(
        'This disclosure is submitted and awaiting validation: it can no longer be saved.',
      );
      const submit3 = await call('interviewer1', '/disclosure/submit', {
        body: payload(complete(), { id, version: v3 }),
      });
      expect(submit3.status).toBe(409);

      const validated = await call<DisclosureReviewed>('uw1', `/validate/${id}`, {
        method: 'POST',
      });
      const v4 = validated.body.body!.version;
      for (const [path, body] of [
        ['/disclosure/save', payload(complete(), { id, version: v4 })],
        ['/disclosure/submit', payload(complete(), { id, version: v4 })],
      ] as const) {
        const r = await call('interviewer1', path, { body });
        expect(r.status).toBe(409);
        expect(r.body.message).toMatch(/^This disclosure is validated/);
      }
      const again = await call('uw1', `/validate/${id}`, { method: 'POST' });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(
        'Only a submitted disclosure can be validated; this one is validated.',
      );
      expect((await call('uw1', `/reject/${id}`, { method: 'POST' })).status).toBe(409);

      const draft = await newRequest();
      for (const path of [`/validate/${draft.id}`, `/reject/${draft.id}`]) {
        const r = await call('uw1', path, { method: 'POST' });
        expect(r.status).toBe(409);
        expect(r.body.message).toMatch(/this one is new\.$/);
      }
    });

    it('the messages follow the caller language', async () => {
      const { id } = await submitted();
      await putLanguage(t.baseUrl, tokens.agent1, 'en');
      await inChinese('uw1', async () => {
        await call('uw1', `/validate/${id}`, { method: 'POST' });
        const r = await call('uw1', `/validate/${id}`, { method: 'POST' });
        expect(r.body.message).toBe('只可核實已提交的披露；此披露已核實。');
      });
    });
  });

  describe('who may do what', () => {
    it('P-10 an interviewer or an agent of the insurer cannot validate or reject (403)', async () => {
      const { id } = await submitted();
      expect((await call('interviewer1', `/validate/${id}`, { method: 'POST' })).status).toBe(403);
      expect((await call('interviewer1', `/reject/${id}`, { method: 'POST' })).status).toBe(403);
    });

    it('the underwriter who submitted a disclosure may not validate or reject it (403); another may', async () => {
      const { id, requestId } = await submitted('uw1');
      expect((await view('uw1', requestId)).body.body!.submittedByCaller).toBe(true);
      expect((await view('uw3', requestId)).body.body!.submittedByCaller).toBe(false);
      for (const operation of ['validate', 'reject']) {
        const r = await call('uw1', `/${operation}/${id}`, { method: 'POST' });
        expect(r.status).toBe(403);
        expect(r.body.message).toBe(
          'You submitted this disclosure, so another underwriter must validate or reject it.',
        );
      }
      await inChinese('uw1', async () => {
        const r = await call('uw1', `/validate/${id}`, { method: 'POST' });
        expect(r.body.message).toBe('此披露由您提交，須由另一位核保人核實或退回。');
      });

      // Another underwriter of the insurer returns it; once someone else has submitted it
      // again, the first underwriter may validate it.
      const rejected = await call<DisclosureReviewed>('uw3', `/reject/${id}`, { method: 'POST' });
      expect(rejected.status).toBe(200);
      const resubmitted = await call<DisclosureSaved>('interviewer1', '/disclosure/submit', {
        body: payload(complete(), { id, version: rejected.body.body!.version }),
      });
      expect(resubmitted.status).toBe(200);
      expect((await call('uw1', `/validate/${id}`, { method: 'POST' })).status).toBe(200);
    });

    it('an admin views but may not save or submit', async () => {
      const { requestId, id } = await newRequest();
      expect((await view('admin1', requestId)).body.body).toMatchObject({
        action: 'view',
        status: 1,
      });
      const r = await call('admin1', '/disclosure/save', {
        body: payload(complete(), { id, version: 1 }),
      });
      expect(r.status).toBe(403);
    });

    it('P-07 another insurer’s user gets 404 everywhere', async () => {
      const { id, requestId, version: v } = await submitted();
      for (const user of ['uw2', 'agent1']) {
        expect((await view(user, requestId)).status).toBe(404);
        expect((await call(user, `/disclosure/${id}/audit`)).status).toBe(404);
        for (const path of ['/disclosure/save', '/disclosure/submit', '/disclosure/export']) {
          expect(
            (await call(user, path, { body: payload(complete(), { id, version: v }) })).status,
          ).toBe(404);
        }
        expect((await call(user, `/validate/${id}`, { method: 'POST' })).status).toBe(404);
        expect((await call(user, `/reject/${id}`, { method: 'POST' })).status).toBe(404);
        const list = await call<WorklistPage>(user, '/disclosures');
        expect(list.body.body!.items.some((item) => item.id === id)).toBe(false);
      }
      // Creating for an insurer that is not the caller's is refused too.
      const create = await call('uw2', '/disclosure/save', { body: payload(complete(), PHKL) });
      expect(create.status).toBe(403);
      // And nothing changed.
      expect((await view('uw1', requestId)).body.body).toMatchObject({ status: 3, version: v });
    });
  });

  describe('the server decides', () => {
    it('a decision sent by the client is ignored: the stored one is the engine’s', async () => {
      const doc = complete();
      const honest = await call<DisclosureSaved>('interviewer1', '/disclosure/save', {
        body: payload(doc, { applicationNumber: nextApplicationNumber(), ...PHKL }),
      });
      const forged = structuredClone(doc);
      for (const impairment of forged.impairments)
        impairment.decision = { LIFE: '0', CI: '0', MED: '0', TPD: '0' };
      forged.impairments[0]!.name = 'Something else';
      const stored = await call<DisclosureSaved>('interviewer1', '/disclosure/save', {
        body: payload(forged, { applicationNumber: nextApplicationNumber(), ...PHKL }),
      });
      const a = JSON.parse(honest.body.body!.disclosureJson) as DisclosureDocument;
      const b = JSON.parse(stored.body.body!.disclosureJson) as DisclosureDocument;
      expect(b.impairments.map((i) => i.decision)).toEqual(a.impairments.map((i) => i.decision));
      expect(b.impairments[0]!.name).toBe('Hypertension');
      expect(b.impairments.map((i) => i.decision)).not.toEqual(
        forged.impairments.map((i) => i.decision),
      );
      expect(b.profile.bmi).toBe(24.2);
    });
  });

  describe('concurrency', () => {
    it('a stale version answers 409 and changes nothing', async () => {
      const { id, requestId } = await newRequest();
      await call('interviewer1', '/disclosure/save', {
        body: payload(complete(), { id, version: 1 }),
      });
      const stale = await call('interviewer1', '/disclosure/save', {
        body: payload(partial(), { id, version: 1 }),
      });
      expect(stale.status).toBe(409);
      expect(stale.body.message).toMatch(/changed by someone else/);
      const now = await view('interviewer1', requestId);
      expect(now.body.body!.version).toBe(2);
      expect(JSON.parse(now.body.body!.disclosureJson).impairments[1].decision).not.toEqual({});
    });

    it('two concurrent saves with one version: exactly one succeeds', async () => {
      const { id, requestId } = await newRequest();
      const results = await Promise.all(
        [0, 1, 2, 3].map(() =>
          call('interviewer1', '/disclosure/save', {
            body: payload(complete(), { id, version: 1 }),
          }),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
      expect((await view('interviewer1', requestId)).body.body!.version).toBe(2);
      const trail = await call<AuditEntry[]>('interviewer1', `/disclosure/${id}/audit`);
      expect(trail.body.body!.filter((e) => e.operation === 'save')).toHaveLength(1);
    });

    it('an idempotent retry returns the first answer and changes nothing twice', async () => {
      const { id, requestId } = await newRequest();
      const body = payload(complete(), { id, version: 1 });
      const headers = { 'idempotency-key': `save-${id}` };
      const first = await call<DisclosureSaved>('interviewer1', '/disclosure/save', {
        body,
        headers,
      });
      const retry = await call<DisclosureSaved>('interviewer1', '/disclosure/save', {
        body,
        headers,
      });
      expect(first.status).toBe(200);
      expect(retry.status).toBe(200);
      expect(retry.body).toEqual(first.body);
      expect((await view('interviewer1', requestId)).body.body!.version).toBe(2);

      // Concurrent retries of one submit: one change, the same answer for all.
      const submitBody = payload(complete(), { id, version: 2 });
      const submitHeaders = { 'idempotency-key': `submit-${id}` };
      const answers = await Promise.all(
        [0, 1, 2].map(() =>
          call('interviewer1', '/disclosure/submit', { body: submitBody, headers: submitHeaders }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      expect(answers[1]!.body).toEqual(answers[0]!.body);
      expect(answers[2]!.body).toEqual(answers[0]!.body);

      const validateHeaders = { 'idempotency-key': `validate-${id}` };
      const v1 = await call('uw1', `/validate/${id}`, { method: 'POST', headers: validateHeaders });
      const v2 = await call('uw1', `/validate/${id}`, { method: 'POST', headers: validateHeaders });
      expect(v2.status).toBe(200);
      expect(v2.body).toEqual(v1.body);

      const trail = await call<AuditEntry[]>('interviewer1', `/disclosure/${id}/audit`);
      expect(trail.body.body!.map((e) => e.operation)).toEqual([
        'request',
        'save',
        'submit',
        'validate',
      ]);

      // The same key for another request is refused; another user's key is their own.
      const reused = await call('interviewer1', '/disclosure/save', {
        body: payload(partial(), { id, version: 1 }),
        headers,
      });
      expect(reused.status).toBe(422);
      const bad = await call('interviewer1', '/disclosure/save', {
        body,
        headers: { 'idempotency-key': 'a b' },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.errors?.[0]?.path).toBe('headers.idempotency-key');
    });
    it('keys are kept for a day, then forgotten', async () => {
      const keys = idempotencyRepository(t.app.db);
      const entry = { subject: 'someone', operation: 'save', requestSha256: 'a'.repeat(64) };
      await keys.claim({ ...entry, key: 'fresh' });
      await keys.claim({ ...entry, key: 'stale' });
      await sql`update idempotency_keys set created_at = now() - interval '25 hours' where key = 'stale'`.execute(
        t.app.db,
      );
      await keys.sweep(24);
      expect(await keys.find('someone', 'fresh')).toBeDefined();
      expect(await keys.find('someone', 'stale')).toBeUndefined();
    });
  });

  describe('bad input answers 400 naming the field, and writes nothing', () => {
    const paths = async (body: unknown) => {
      const r = await call('interviewer1', '/disclosure/save', { body });
      expect(r.status).toBe(400);
      return r.body.errors?.map((e) => e.path);
    };

    it('malformed JSON, unknown fields, a wrong schema version', async () => {
      expect(
        await paths(payload(complete(), { ...PHKL, disclosureJson: '{"schemaVersion":1,' })),
      ).toEqual(['disclosureJson']);
      expect(await paths({ ...payload(complete(), PHKL), decision: 'D' })).toEqual(['decision']);
      const extra = { ...complete(), extra: true };
      expect(await paths(payload(extra as DisclosureDocument, PHKL))).toEqual([
        'disclosureJson.extra',
      ]);
      const v2 = { ...complete(), schemaVersion: 2 };
      expect(await paths(payload(v2 as unknown as DisclosureDocument, PHKL))).toEqual([
        'disclosureJson.schemaVersion',
      ]);
    });

    it('an unknown impairment, question or option, an answer of the wrong shape', async () => {
      const unknownImpairment = complete();
      unknownImpairment.impairments[0]!.uuid = 'no-such-condition';
      expect(await paths(payload(unknownImpairment, PHKL))).toEqual([
        'disclosureJson.impairments.0.uuid',
      ]);

      const unknownQuestion = complete();
      unknownQuestion.impairments[1]!.answers[0]!.questionUuid = 'no-such-question';
      expect(await paths(payload(unknownQuestion, PHKL))).toEqual([
        'disclosureJson.impairments.1.answers.0.questionUuid',
      ]);

      const choice = hypertension.questionList.find((q) => q.type === 'R')!;
      const at = (doc: DisclosureDocument) =>
        doc.impairments[0]!.answers.findIndex((a) => a.questionUuid === choice.uuid);
      const unknownOption = complete();
      unknownOption.impairments[0]!.answers[at(unknownOption)]!.answer = ['no-such-option'];
      const i = at(unknownOption);
      expect(await paths(payload(unknownOption, PHKL))).toEqual([
        `disclosureJson.impairments.0.answers.${i}.answer`,
      ]);

      const wrongShape = complete();
      wrongShape.impairments[0]!.answers[i]!.answer = {
        value: '2020-01-01',
        exact: true,
        zoneId: 'UTC',
      };
      expect(await paths(payload(wrongShape, PHKL))).toEqual([
        `disclosureJson.impairments.0.answers.${i}.answer`,
      ]);

      const unknownVersion = { ...complete(), catalogVersion: '999' };
      expect(await paths(payload(unknownVersion, PHKL))).toEqual(['disclosureJson.catalogVersion']);
    });

    it('more than 50 impairments, or a condition the product does not offer', async () => {
      const many = complete();
      many.impairments = Array.from({ length: 51 }, () => many.impairments[0]!);
      expect(await paths(payload(many, PHKL))).toEqual(['disclosureJson.impairments']);

      const notOffered = impairmentOf(catalog, 'breast-lump');
      const doc = documentFor(
        version,
        [{ impairment: notOffered, answers: answersFor(notOffered) }],
        {
          ...PROFILE,
          gender: 'Female',
        },
      );
      expect(await paths(payload(doc, { ...PHKL_BANCA, gender: 'Female' }))).toEqual([
        'disclosureJson.impairments.0.uuid',
      ]);
      // A condition that does not apply to the applicant's gender.
      expect(await paths(payload(doc, PHKL))).toEqual(['disclosureJson.impairments.0.uuid']);
    });

    it('V-10 an application number with bad characters or over 30, an applicant under 18', async () => {
      expect(await paths(payload(complete(), { ...PHKL, applicationNumber: 'AB-12 @3' }))).toEqual([
        'applicationNumber',
      ]);
      expect(
        await paths(payload(complete(), { ...PHKL, applicationNumber: 'A'.repeat(31) })),
      ).toEqual(['applicationNumber']);
      expect(await paths(payload(complete(), { ...PHKL, age: 17 }))).toEqual(['age']);
      expect(await paths(payload(complete(), { ...PHKL, age: 40.5 }))).toEqual(['age']);
    });

    it('a disclosureJson over 1 MiB', async () => {
      const r = await call('interviewer1', '/disclosure/save', {
        body: payload(complete(), { ...PHKL, disclosureJson: `${' '.repeat(1024 * 1024)}{}` }),
      });
      expect(r.status).toBe(400);
      expect(r.body.errors?.map((e) => e.path)).toEqual(['disclosureJson']);
    });

    it('save needs the basic data and one condition with a decision', async () => {
      const noDecision = documentFor(version, [{ impairment: asthma, answers: {} }]);
      expect(await paths(payload(noDecision, PHKL))).toEqual(['disclosureJson.impairments']);
      expect(await paths(payload(complete(), { ...PHKL, gender: null }))).toEqual(['gender']);
    });
  });

  describe('export', () => {
    async function read(content: string) {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(Buffer.from(content, 'base64') as unknown as ArrayBuffer);
      return workbook;
    }

    it('A-24 A-25 a complete disclosure exports as questionnaire_{application number}.xlsx, in English and in Chinese', async () => {
      const body = payload(complete(), { ...PHKL, applicationNumber: 'APP123' });
      const r = await call<DisclosureExport>('interviewer1', '/disclosure/export', { body });
      expect(r.status).toBe(200);
      expect(r.body.body!.fileName).toBe('questionnaire_APP123.xlsx');
      const workbook = await read(r.body.body!.content);
      expect(workbook.worksheets.map((s) => s.name)).toEqual([
        'Summary',
        '1. Hypertension',
        '2. Asthma',
      ]);
      const summary = workbook.getWorksheet('Summary')!;
      const values: string[] = [];
      summary.eachRow((row) =>
        values.push(`${String(row.getCell(1).value)}=${String(row.getCell(2).value ?? '')}`),
      );
      expect(values).toContain('Application number=APP123');
      expect(values).toContain('Insurer=PHKL – Pine Harbour Kowloon Life');
      expect(values).toContain(`Catalogue version=${version}`);
      expect(values.some((v) => v.startsWith('Consolidated decision='))).toBe(true);

      await putLanguage(t.baseUrl, tokens.uw1, 'cn_traditional');
      try {
        const cn = await call<DisclosureExport>('uw1', '/disclosure/export', { body });
        const book = await read(cn.body.body!.content);
        expect(book.worksheets.map((s) => s.name)).toEqual(['摘要', '1. 高血壓', '2. 哮喘']);
      } finally {
        await putLanguage(t.baseUrl, tokens.uw1, 'en');
      }
    });

    it('an incomplete disclosure does not export: 400 naming the questions', async () => {
      const r = await call('interviewer1', '/disclosure/export', {
        body: payload(partial(), PHKL),
      });
      expect(r.status).toBe(400);
      expect(r.body.errors).toHaveLength(2);
      const noBasics = await call('interviewer1', '/disclosure/export', {
        body: payload(complete(), { ...PHKL, rsmScore: null }),
      });
      expect(noBasics.status).toBe(400);
      expect(noBasics.body.errors?.map((e) => e.path)).toEqual(['rsmScore']);
    });
  });

  describe('worklist and audit', () => {
    it('W-02 W-03 pages the caller’s disclosures, newest first, by status and application number prefix', async () => {
      const prefix = `WL${database === 'pglite' ? 'P' : 'G'}`;
      const ids: string[] = [];
      for (let i = 0; i < 23; i++) {
        const r = await call<DisclosureSaved>('interviewer1', '/disclosure/save', {
          body: payload(complete(), {
            ...PHKL,
            applicationNumber: `${prefix}${String(i).padStart(3, '0')}`,
          }),
        });
        ids.push(r.body.body!.id);
      }
      const first = await call<WorklistPage>('interviewer1', `/disclosures?q=${prefix}&limit=20`);
      expect(first.body.body!.items.map((i) => i.id)).toEqual(ids.slice(3).reverse());
      const cursor = first.body.body!.nextCursor;
      expect(cursor).not.toBeNull();
      const second = await call<WorklistPage>(
        'interviewer1',
        `/disclosures?q=${prefix}&limit=20&cursor=${cursor}`,
      );
      expect(second.body.body!.items.map((i) => i.id)).toEqual(ids.slice(0, 3).reverse());
      expect(second.body.body!.nextCursor).toBeNull();

      const drafts = await call<WorklistPage>('uw1', '/disclosures?status=2&limit=20');
      expect(
        drafts.body.body!.items.every(
          (i) => i.status === 2 && ['phkl', 'slhk'].includes(i.insurerCode),
        ),
      ).toBe(true);
      expect(drafts.body.body!.items).toHaveLength(20);
      const all = await call<WorklistPage>('uw1', '/disclosures');
      const stamps = all.body.body!.items.map((i) => i.updatedAt);
      expect([...stamps].sort().reverse()).toEqual(stamps);

      expect(
        (await call<WorklistPage>('uw2', `/disclosures?q=${prefix}`)).body.body!.items,
      ).toEqual([]);
      expect((await call('uw1', '/disclosures?status=9')).status).toBe(400);
      expect((await call('uw1', '/disclosures?q=A%25')).status).toBe(400);
    });

    it('the audit trail is append-only', async () => {
      const { id } = await submitted();
      await expect(
        t.app.db
          .updateTable('disclosure_audit')
          .set({ actor: 'someone' })
          .where('disclosure_id', '=', id)
          .execute(),
      ).rejects.toThrow(/append-only/);
      await expect(
        t.app.db.deleteFrom('disclosure_audit').where('disclosure_id', '=', id).execute(),
      ).rejects.toThrow(/append-only/);
      const trail = await call<AuditEntry[]>('interviewer1', `/disclosure/${id}/audit`);
      expect(trail.body.body!.map((e) => e.actor)).toEqual(['interviewer1']);
    });

    it('the audit records the sha256 of the payload as received', async () => {
      const body = payload(complete(), { ...PHKL, applicationNumber: nextApplicationNumber() });
      const r = await call<DisclosureSaved>('interviewer1', '/disclosure/save', { body });
      const trail = await call<AuditEntry[]>(
        'interviewer1',
        `/disclosure/${r.body.body!.id}/audit`,
      );
      // The payload's fields in the order the server hashes them, read from what was sent.
      const canonical = JSON.stringify(
        Object.fromEntries(
          [
            'applicationNumber',
            'age',
            'gender',
            'rsmScore',
            'disclosureJson',
            'insurerCode',
            'channel',
            'productCode',
          ].map((field) => [field, (body as Record<string, unknown>)[field]]),
        ),
      );
      expect(trail.body.body![0]!.payloadSha256).toBe(
        createHash('sha256').update(canonical).digest('hex'),
      );
    });
  });
});
