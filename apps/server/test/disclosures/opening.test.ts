import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadAndActivate } from '../catalog/catalog-support.ts';
import { revisedCatalog } from '../catalog/revised-catalog.ts';
import type { ApiResponse, ApiRoutes } from '@vmer/domain/api';
import type {
  DisclosureRequestCreated,
  DisclosureSaved,
  DisclosureView,
} from '@vmer/domain/lifecycle';
import {
  api,
  buildTestApp,
  DATABASES,
  inChinese,
  questionnaireVersion,
  tokenFor,
  type TestApp,
} from '../helpers.ts';
import {
  answeredDocument,
  DISCLOSURE_API,
  disclosureFields,
  PHKL,
  sampleCatalog,
} from './fixtures.ts';

type Opened = ApiResponse<ApiRoutes['disclosureOpen']>;

const CONDITIONS = ['gallstones', 'asthma'];

describe.each(DATABASES)('GET the opening of a disclosure in one call on %s', (database) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let version: string;
  let requestId: string;

  const call = <T>(user: string, path: string, body?: unknown) =>
    api<T>(t.baseUrl, path, { token: tokens[user], ...(body === undefined ? {} : { body }) });
  const open = (user: string, id: string, query = '') =>
    call<Opened>(user, `${DISCLOSURE_API}/disclosure/${id}/open${query}`);

  beforeAll(async () => {
    t = await buildTestApp({ database });
    for (const user of ['interviewer1', 'uw2', 'admin1'])
      tokens[user] = await tokenFor(t.baseUrl, user);
    version = await questionnaireVersion(t.baseUrl, tokens.interviewer1!);
    const catalog = await sampleCatalog();
    const created = await call<DisclosureRequestCreated>(
      'interviewer1',
      `${DISCLOSURE_API}/request`,
      {
        applicationNumber: 'OPEN0001',
        ...PHKL,
      },
    );
    requestId = created.body.body!.requestId;
    const view = await call<DisclosureView>(
      'interviewer1',
      `${DISCLOSURE_API}/disclosure/${requestId}`,
    );
    const saved = await call<DisclosureSaved>('interviewer1', `${DISCLOSURE_API}/disclosure/save`, {
      id: view.body.body!.id,
      requestId,
      version: view.body.body!.version,
      applicationNumber: 'OPEN0001',
      ...disclosureFields(answeredDocument(catalog, version, CONDITIONS)),
    });
    expect(saved.status).toBe(200);
  });
  afterAll(async () => t?.close());

  it('F-01 answers what the disclosure, user info, insurer list, summary, lists and question calls answer', async () => {
    const opened = await open('interviewer1', requestId);
    expect(opened.status).toBe(200);
    const body = opened.body.body!;
    const own = async <T>(path: string, payload?: unknown) =>
      (await call<T>('interviewer1', path, payload)).body.body;
    expect(body.disclosure).toEqual(await own(`${DISCLOSURE_API}/disclosure/${requestId}`));
    expect(body.userInfo).toEqual(await own('/api/user/info/get'));
    expect(body.insurerList).toEqual(await own('/api/insurer/list'));
    const catalogue = body.catalogue!;
    expect(catalogue.version).toBe(version);
    expect(body.activeVersion).toBe(version);
    expect(body.activeSummary).toBeNull();
    const versioned = `?catalogVersion=${version}`;
    expect(catalogue.questionnaire).toEqual(await own(`/api/questionnaire/get${versioned}`));
    const selection = { ...PHKL, gender: 'Male', age: 45, rsmScore: 'A' };
    const list = await own<{ diseaseList: unknown }>(`/api/disease/list${versioned}`, {
      ...selection,
      flag: null,
    });
    expect(catalogue.diseaseList!.diseaseList).toEqual(list!.diseaseList);
    expect(catalogue.specialList).toEqual(
      await own(`/api/disease/special/list${versioned}`, { ...selection, param: null }),
    );
    expect(catalogue.wholeList).toBeNull();
    expect(catalogue.questions.map((part) => part.uuid).sort()).toEqual([...CONDITIONS].sort());
    for (const { uuid, questionList } of catalogue.questions)
      expect(questionList).toEqual(await own(`/api/question/${uuid}${versioned}`));
  });

  it('F-02 leaves out the catalogue parts of a version the caller names as held', async () => {
    const held = await open('interviewer1', requestId, `?known=${version}`);
    expect(held.status).toBe(200);
    expect(held.body.body!.catalogue).toBeNull();
    expect(held.body.body!.disclosure.requestId).toBe(requestId);
    const other = await open('interviewer1', requestId, `?known=999,${Number(version) + 1}`);
    expect(other.body.body!.catalogue?.version).toBe(version);
  });

  it('P-07 refuses another insurer’s disclosure and an unknown one as the disclosure GET does', async () => {
    for (const [user, id] of [
      ['uw2', requestId],
      ['interviewer1', randomUUID()],
    ] as const) {
      const own = await call(user, `${DISCLOSURE_API}/disclosure/${id}`);
      const opened = await open(user, id);
      expect(opened.status).toBe(own.status);
      expect(opened.status).toBe(404);
      expect(opened.body.message).toBe(own.body.message);
      expect(opened.body.body).toBeUndefined();
    }
  });

  it('F-01 brings the active version’s summary too when the disclosure is on an older one, unless held', async () => {
    expect(await uploadAndActivate(t.baseUrl, tokens.admin1!, await revisedCatalog())).toBe('2');
    const opened = (await open('interviewer1', requestId)).body.body!;
    expect(opened.catalogue?.version).toBe(version);
    expect(opened.activeVersion).toBe('2');
    expect(opened.activeSummary).toEqual(
      (await call('interviewer1', '/api/questionnaire/get')).body.body,
    );
    const held = (await open('interviewer1', requestId, '?known=2')).body.body!;
    expect(held.activeSummary).toBeNull();
    expect(held.catalogue?.version).toBe(version);
  });

  it('refuses a malformed known list with a translated 400 naming it', async () => {
    const english = await open('interviewer1', requestId, '?known=latest');
    expect(english.status).toBe(400);
    expect(english.body.errors?.map((e) => e.path)).toEqual(['query.known.0']);
    await inChinese(t.baseUrl, tokens.interviewer1!, async () => {
      const chinese = await open('interviewer1', requestId, '?known=latest');
      expect(chinese.status).toBe(400);
      expect(chinese.body.errors?.[0]?.message).not.toBe(english.body.errors?.[0]?.message);
    });
    expect((await open('interviewer1', requestId, '?other=1')).status).toBe(400);
  });
});
