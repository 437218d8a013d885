import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catalog, DisclosureDocument, Question } from '@vmer/domain';
import type {
  AuditEntry,
  CatalogueUpdated,
  CatalogueUpdateSummary,
  DisclosureExport,
  DisclosureRequestCreated,
  DisclosureSaved,
  DisclosureView,
} from '@vmer/domain/lifecycle';
import { uploadAndActivate } from '../catalog/catalog-support.ts';
import {
  ADDED_QUESTION,
  PLANNED_SURGERY,
  PLANNED_SURGERY_DECISION,
  REMOVED_QUESTION,
  revisedCatalog,
  SYMPTOMS_WORDING,
} from '../catalog/revised-catalog.ts';
import {
  api,
  buildTestApp,
  DATABASES,
  inChinese as readingChinese,
  tokenFor,
  type TestApp,
} from '../helpers.ts';
import {
  PHKL,
  sampleCatalog,
  DISCLOSURE_API,
  disclosureFields,
  answeredDocument,
} from './fixtures.ts';

const LIST_REQUEST = { ...PHKL, gender: 'Male', age: 45, rsmScore: 'A' };

describe.each(DATABASES)('disclosures pinned to their catalogue version on %s', (database) => {
  let t: TestApp;
  let interviewer: string;
  let admin: string;
  let catalog: Catalog;
  let counter = 0;
  /** Drafts and a submitted disclosure answered on the shipped version (1) before version 2. */
  const drafts: DisclosureSaved[] = [];
  let submitted: DisclosureSaved;

  const call = <T>(path: string, options: { body?: unknown; token?: string } = {}) =>
    api<T>(t.baseUrl, path, { token: interviewer, ...options });

  /** Runs `check` while the interviewer reads Chinese, then gives them English again. */
  const inChinese = (check: () => Promise<void>) => readingChinese(t.baseUrl, interviewer, check);

  /** Gallstones and Asthma answered in full on a version. */
  const documentOn = (version: string): DisclosureDocument =>
    answeredDocument(catalog, version, ['gallstones', 'asthma']);

  const payload = (
    saved: Pick<DisclosureSaved, 'id' | 'requestId' | 'version'>,
    version: string,
    extra: Record<string, unknown> = {},
  ) => ({
    id: saved.id,
    requestId: saved.requestId,
    version: saved.version,
    applicationNumber: 'PIN0000',
    ...disclosureFields(documentOn(version)),
    ...extra,
  });

  async function stored(operation: 'save' | 'submit'): Promise<DisclosureSaved> {
    const request = await call<DisclosureRequestCreated>(`${DISCLOSURE_API}/request`, {
      body: { applicationNumber: `PIN${String(++counter).padStart(4, '0')}`, ...PHKL },
    });
    const view = await call<DisclosureView>(
      `${DISCLOSURE_API}/disclosure/${request.body.body!.requestId}`,
    );
    const answer = await call<DisclosureSaved>(`${DISCLOSURE_API}/disclosure/${operation}`, {
      body: payload(view.body.body!, '1'),
    });
    expect(answer.status).toBe(200);
    return answer.body.body!;
  }

  const decisionOf = (saved: { disclosureJson: string }, uuid: string) =>
    (JSON.parse(saved.disclosureJson) as DisclosureDocument).impairments.find(
      (i) => i.uuid === uuid,
    )?.decision;

  beforeAll(async () => {
    t = await buildTestApp({ database, env: { CATALOGUE_RELEASE_CHECK_MS: '1000' } });
    [interviewer, admin] = await Promise.all([
      tokenFor(t.baseUrl, 'interviewer1'),
      tokenFor(t.baseUrl, 'admin1'),
    ]);
    catalog = await sampleCatalog();
    for (let i = 0; i < 5; i++) drafts.push(await stored('save'));
    submitted = await stored('submit');
    expect(await uploadAndActivate(t.baseUrl, admin, await revisedCatalog())).toBe('2');
  });
  afterAll(async () => t?.close());

  it('T-01 the question, disease list, special list and summary calls answer the catalogue version asked for, and the active one without it', async () => {
    const wording = async (query: string) => {
      const answer = await call<Question[]>(`/api/question/gallstones${query}`);
      expect(answer.status).toBe(200);
      return answer.body.body!.find((q) => q.uuid === 'gallstones-symptoms')?.question.en;
    };
    expect(await wording('')).toBe(SYMPTOMS_WORDING.revised.en);
    expect(await wording('?catalogVersion=2')).toBe(SYMPTOMS_WORDING.revised.en);
    expect(await wording('?catalogVersion=1')).toBe(SYMPTOMS_WORDING.shipped.en);

    const summary = await call<{ version: string }>('/api/questionnaire/get?catalogVersion=1');
    expect(summary.body.body?.version).toBe('1');
    expect((await call<{ version: string }>('/api/questionnaire/get')).body.body?.version).toBe(
      '2',
    );

    const list = await call<{ diseaseList: { uuid: string }[] }>(
      '/api/disease/list?catalogVersion=1',
      {
        body: LIST_REQUEST,
      },
    );
    expect(list.status).toBe(200);
    expect(list.body.body?.diseaseList.map((d) => d.uuid)).toContain('gallstones');
    const special = await call<{ others: { uuid: string } | null }>(
      '/api/disease/special/list?catalogVersion=1',
      { body: LIST_REQUEST },
    );
    expect(special.status).toBe(200);
    expect(special.body.body?.others).not.toBeNull();
  });

  it('T-01 an unknown catalogue version answers 404 naming it in the caller language, and a malformed one 400', async () => {
    const unknown = await call('/api/question/gallstones?catalogVersion=99');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('There is no catalogue version 99.');
    for (const path of ['/api/disease/list', '/api/disease/special/list']) {
      const answer = await call(`${path}?catalogVersion=99`, { body: LIST_REQUEST });
      expect(answer.status).toBe(404);
    }
    await inChinese(async () => {
      const answer = await call('/api/questionnaire/get?catalogVersion=99');
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe('沒有第 99 版目錄。');
    });
    const malformed = await call('/api/question/gallstones?catalogVersion=two');
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors?.[0]?.path).toContain('catalogVersion');
  });

  it('T-02 a save, submit or export naming another catalogue version than the stored one is refused with 409 and the stored decisions stay', async () => {
    const draft = drafts[0]!;
    const before = decisionOf(draft, 'gallstones');
    expect(before).toMatchObject(PLANNED_SURGERY_DECISION.shipped);
    for (const operation of ['save', 'submit', 'export']) {
      const answer = await call(`${DISCLOSURE_API}/disclosure/${operation}`, {
        body: payload(draft, '2'),
      });
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe(
        'This disclosure was answered on catalogue version 1 and cannot be saved under version 2. Reload it, or update it to the current catalogue first.',
      );
    }
    await inChinese(async () => {
      const answer = await call(`${DISCLOSURE_API}/disclosure/save`, { body: payload(draft, '2') });
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe(
        '此披露按第 1 版目錄作答，不可按第 2 版儲存。請重新載入，或先將其更新至現行目錄。',
      );
    });
    const view = await call<DisclosureView>(`${DISCLOSURE_API}/disclosure/${draft.requestId}`);
    expect(view.body.body).toMatchObject({ catalogVersion: '1', version: draft.version });
    expect(decisionOf(view.body.body!, 'gallstones')).toEqual(before);
  });

  it('T-01 a disclosure on an older catalogue version is saved, submitted and exported on its own version', async () => {
    const draft = drafts[1]!;
    const saved = await call<DisclosureSaved>(`${DISCLOSURE_API}/disclosure/save`, {
      body: payload(draft, '1'),
    });
    expect(saved.status).toBe(200);
    expect(decisionOf(saved.body.body!, 'gallstones')).toMatchObject(
      PLANNED_SURGERY_DECISION.shipped,
    );
    const exported = await call<DisclosureExport>(`${DISCLOSURE_API}/disclosure/export`, {
      body: payload(saved.body.body!, '1'),
    });
    expect(exported.status).toBe(200);
    const done = await call<DisclosureSaved>(`${DISCLOSURE_API}/disclosure/submit`, {
      body: payload(saved.body.body!, '1'),
    });
    expect(done.status).toBe(200);
    expect(decisionOf(done.body.body!, 'gallstones')).toMatchObject(
      PLANNED_SURGERY_DECISION.shipped,
    );
    const view = await call<DisclosureView>(`${DISCLOSURE_API}/disclosure/${draft.requestId}`);
    expect(view.body.body?.catalogVersion).toBe('1');
  });

  it('T-03 update to the current catalogue shows what changes, moves a draft to the active version keeping the answers whose question remains, and records it in the audit trail', async () => {
    const draft = drafts[2]!;
    const preview = await call<CatalogueUpdateSummary>(
      `${DISCLOSURE_API}/disclosure/${draft.id}/update-catalogue`,
    );
    expect(preview.status).toBe(200);
    const summary = preview.body.body!;
    expect(summary).toMatchObject({ fromVersion: '1', toVersion: '2' });
    const gallstones = summary.conditions.find((c) => c.uuid === 'gallstones')!;
    expect(gallstones).toMatchObject({
      removed: false,
      before: PLANNED_SURGERY_DECISION.shipped,
      after: PLANNED_SURGERY_DECISION.revised,
    });
    expect(gallstones.questionsAdded.map((q) => q.en)).toEqual([ADDED_QUESTION.en]);
    expect(gallstones.questionsRemoved.map((q) => q.en)).toContain(
      'What did the latest ultrasound show?',
    );
    expect(gallstones.answersDropped).toBe(1);
    const asthma = summary.conditions.find((c) => c.uuid === 'asthma')!;
    expect(asthma).toMatchObject({ removed: false, answersDropped: 0, questionsAdded: [] });
    expect(asthma.after).toEqual(asthma.before);
    // Looking changes nothing.
    const unchanged = await call<DisclosureView>(`${DISCLOSURE_API}/disclosure/${draft.requestId}`);
    expect(unchanged.body.body).toMatchObject({ catalogVersion: '1', version: draft.version });

    const updated = await call<CatalogueUpdated>(
      `${DISCLOSURE_API}/disclosure/${draft.id}/update-catalogue`,
      {
        body: { version: draft.version },
      },
    );
    expect(updated.status).toBe(200);
    expect(updated.body.body).toMatchObject({ status: 2, version: draft.version + 1, summary });
    const view = (await call<DisclosureView>(`${DISCLOSURE_API}/disclosure/${draft.requestId}`))
      .body.body!;
    expect(view).toMatchObject({ catalogVersion: '2', status: 2, version: draft.version + 1 });
    const document = JSON.parse(view.disclosureJson) as DisclosureDocument;
    expect(document.catalogVersion).toBe('2');
    const answered = document.impairments.find((i) => i.uuid === 'gallstones')!.answers;
    expect(answered.map((a) => a.questionUuid)).toContain('gallstones-surgery');
    expect(answered.map((a) => a.questionUuid)).not.toContain(REMOVED_QUESTION);
    expect(answered.find((a) => a.questionUuid === 'gallstones-surgery')?.answer).toEqual([
      PLANNED_SURGERY,
    ]);
    expect(decisionOf(view, 'gallstones')).toMatchObject(PLANNED_SURGERY_DECISION.revised);

    const trail = await call<AuditEntry[]>(`${DISCLOSURE_API}/disclosure/${draft.id}/audit`);
    expect(trail.body.body?.at(-1)).toMatchObject({
      actor: 'interviewer1',
      operation: 'update_catalogue',
      fromStatus: 2,
      toStatus: 2,
      catalogVersion: '2',
    });

    // From now on it is saved on version 2, and version 1 is refused.
    const again = await call(`${DISCLOSURE_API}/disclosure/save`, {
      body: payload(view, '2', { disclosureJson: view.disclosureJson }),
    });
    expect(again.status).toBe(200);
    const back = await call(`${DISCLOSURE_API}/disclosure/save`, {
      body: payload({ ...view, version: view.version + 1 }, '1'),
    });
    expect(back.status).toBe(409);
  });

  it('T-03 update to the current catalogue is refused for a submitted disclosure, a stale version, a disclosure already current and an administrator', async () => {
    const draft = drafts[3]!;
    const update = (id: string, version: number, token = interviewer) =>
      call(`${DISCLOSURE_API}/disclosure/${id}/update-catalogue`, { body: { version }, token });

    const notDraft = await update(submitted.id, submitted.version);
    expect(notDraft.status).toBe(409);
    expect(notDraft.body.message).toBe(
      'This disclosure is submitted and awaiting validation: only a draft can be updated to the current catalogue.',
    );
    await inChinese(async () => {
      const answer = await update(submitted.id, submitted.version);
      expect(answer.body.message).toBe('此披露已提交並等待核實，只有草稿可更新至現行目錄。');
    });
    expect((await update(draft.id, draft.version + 5)).status).toBe(409);
    expect((await update(draft.id, draft.version, admin)).status).toBe(403);

    expect((await update(draft.id, draft.version)).status).toBe(200);
    const current = await update(draft.id, draft.version + 1);
    expect(current.status).toBe(409);
    expect(current.body.message).toBe(
      'This disclosure already uses the current catalogue version.',
    );
    const trail = await call<AuditEntry[]>(`${DISCLOSURE_API}/disclosure/${draft.id}/audit`);
    expect(trail.body.body?.filter((e) => e.operation === 'update_catalogue')).toHaveLength(1);
  });

  it('T-47 an update to the current catalogue retried with its Idempotency-Key answers its first answer and changes nothing more', async () => {
    const draft = drafts[4]!;
    const update = () =>
      api<CatalogueUpdated>(
        t.baseUrl,
        `${DISCLOSURE_API}/disclosure/${draft.id}/update-catalogue`,
        {
          token: interviewer,
          body: { version: draft.version },
          headers: { 'idempotency-key': 'update-catalogue-retry-1' },
        },
      );
    const first = await update();
    expect(first.status).toBe(200);
    const retry = await update();
    expect(retry.status).toBe(200);
    expect(retry.body.body).toEqual(first.body.body);
    const trail = await call<AuditEntry[]>(`${DISCLOSURE_API}/disclosure/${draft.id}/audit`);
    expect(trail.body.body?.filter((e) => e.operation === 'update_catalogue')).toHaveLength(1);
  });

  it('K-12 a scheduled activation leaves an existing draft disclosure on its version; new questionnaires get the version activated', async () => {
    const draft = drafts[1]!;
    const versionOf = async () =>
      (await call<DisclosureView>(`${DISCLOSURE_API}/disclosure/${draft.requestId}`)).body.body
        ?.catalogVersion;
    const before = await versionOf();
    expect(before).toEqual(expect.any(String));

    // A studio draft of the active version, changed, approved by admin2 for a moment later.
    const admin2 = await tokenFor(t.baseUrl, 'admin2');
    const active = (await call<{ version: string }>('/api/questionnaire/get')).body.body!.version;
    const studio = await api<{ id: string; files: Record<string, string> }>(
      t.baseUrl,
      '/api/catalog/drafts',
      { token: admin, body: { basedOn: active } },
    );
    const { id, files } = studio.body.body!;
    await api(t.baseUrl, `/api/catalog/drafts/${id}/files`, {
      token: admin,
      method: 'PUT',
      body: { revision: 1, files: { 'catalog.yaml': `${files['catalog.yaml']}# K-12\n` } },
    });
    await api(t.baseUrl, `/api/catalog/drafts/${id}/submit`, {
      token: admin,
      body: { note: 'scheduled' },
    });
    const approved = await api<{ version: { version: string } }>(
      t.baseUrl,
      `/api/catalog/drafts/${id}/approve`,
      { token: admin2, body: { activateAt: new Date(Date.now() + 1000).toISOString() } },
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const scheduled = approved.body.body!.version.version;
    expect(scheduled).not.toBe(before);

    let current = active;
    for (let i = 0; i < 100 && current !== scheduled; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      current = (await call<{ version: string }>('/api/questionnaire/get')).body.body!.version;
    }
    expect(current).toBe(scheduled);
    expect(await versionOf()).toBe(before);
  });
});
