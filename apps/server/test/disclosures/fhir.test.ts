import type { Catalog, DisclosureDocument } from '@vmer/domain';
import { API_PREFIX, apiPath, apiRoutes, OPENAPI_PATH } from '@vmer/domain/api';
import type { catalogQuestionnaire } from '@vmer/domain/fhir/questionnaire';
import type { disclosureQuestionnaireResponse } from '@vmer/domain/fhir/questionnaire-response';
import type {
  DisclosureRequestCreated,
  DisclosureReviewed,
  DisclosureSaved,
} from '@vmer/domain/lifecycle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fhirSchemaErrors } from '../../../../packages/domain/test/fhir-schema.ts';
import {
  api,
  buildTestApp,
  DATABASES,
  questionnaireVersion,
  tokenFor,
  type TestApp,
} from '../helpers.ts';
import {
  completeDocument,
  disclosureFields,
  DISCLOSURE_API,
  partialDocument,
  PHKL,
  sampleCatalog,
} from './fixtures.ts';

type Questionnaire = ReturnType<typeof catalogQuestionnaire>;
type QuestionnaireResponse = ReturnType<typeof disclosureQuestionnaireResponse>;

/** Compiling the whole official FHIR schema takes a while on a loaded machine; it is done once. */
const SCHEMA_COMPILE_MS = 180_000;

describe.each(DATABASES)('FHIR R4 exports on %s', (database) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let version: string;
  let catalog: Catalog;
  let counter = 0;

  beforeAll(async () => {
    t = await buildTestApp({ database });
    for (const user of ['interviewer1', 'agent1', 'uw1', 'admin1'])
      tokens[user] = await tokenFor(t.baseUrl, user);
    version = await questionnaireVersion(t.baseUrl, tokens.uw1!);
    // The server seeded the shipped catalogue: the same files compiled here.
    catalog = await sampleCatalog();
    expect(fhirSchemaErrors({ resourceType: 'Questionnaire', status: 'draft' })).toEqual([]);
  }, SCHEMA_COMPILE_MS);
  afterAll(async () => t?.close());

  /** A GET of a FHIR export as a user: its status, media type and parsed resource. */
  async function fhir<T>(path: string, user?: string) {
    const token = user === undefined ? undefined : (tokens[user] ?? user);
    const response = await fetch(`${t.baseUrl}${path}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      body: (await response.json()) as T & { error?: string },
    };
  }
  const catalogue = (v: string, user?: string) =>
    fhir<Questionnaire>(apiPath(apiRoutes.catalogFhir, { version: v }), user);
  const response = (id: string, user?: string) =>
    fhir<QuestionnaireResponse>(apiPath(apiRoutes.disclosureFhir, { id }), user);

  const call = <T>(user: string, path: string, options: { method?: string; body?: unknown } = {}) =>
    api<T>(t.baseUrl, `${DISCLOSURE_API}${path}`, { token: tokens[user], ...options });
  const payload = (doc: DisclosureDocument, extra: Record<string, unknown> = {}) => ({
    applicationNumber: `FHIR${String(++counter).padStart(4, '0')}`,
    ...PHKL,
    ...disclosureFields(doc),
    ...extra,
  });

  /** The decisions a response carries per condition: `{ hypertension: { LIFE: '0', … } }`. */
  function decisionsOf(resource: QuestionnaireResponse): Record<string, Record<string, string>> {
    const base = `${t.config.publicUrl}/fhir/StructureDefinition/decision`;
    return Object.fromEntries(
      (resource.item ?? []).map((group) => [
        group.linkId,
        Object.fromEntries(
          (group.extension ?? [])
            .filter((e) => e.url === base)
            .map((e) => [e.extension?.[0]?.valueCode, e.extension?.[1]?.valueString]),
        ),
      ]),
    );
  }

  it('N-05 the shipped catalogue exports as a FHIR R4 Questionnaire valid against the official schema', async () => {
    const answer = await catalogue(version, 'admin1');
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/^application\/fhir\+json/);
    expect(fhirSchemaErrors(answer.body)).toEqual([]);
    expect(answer.body).toMatchObject({
      resourceType: 'Questionnaire',
      url: `${t.config.publicUrl}/fhir/Questionnaire/catalogue`,
      version,
      status: 'active',
    });
    expect(answer.body.item?.map((group) => group.linkId)).toEqual(
      catalog.impairments.map((impairment) => impairment.uuid),
    );
    const questions = answer.body.item?.flatMap((group) => group.item ?? []) ?? [];
    expect(questions.length).toBe(
      catalog.impairments.reduce((sum, impairment) => sum + impairment.questionList.length, 0),
    );
    // The sample uses every question type (its numbers all have units), and nests children.
    expect(new Set(questions.map((q) => q.type))).toEqual(
      new Set(['string', 'quantity', 'date', 'choice']),
    );
    expect(questions.filter((q) => q.enableWhen).length).toBeGreaterThan(0);
  });

  it('N-05 only the catalogue roles read a version as FHIR; an unknown version is 404', async () => {
    expect((await catalogue(version, 'interviewer1')).status).toBe(403);
    expect((await catalogue(version)).status).toBe(401);
    const unknown = await catalogue('999', 'admin1');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('not_found');
  });

  it('N-05 a saved draft exports as an in-progress QuestionnaireResponse to its version, valid against the schema', async () => {
    const saved = await call<DisclosureSaved>('interviewer1', '/disclosure/save', {
      body: payload(partialDocument(catalog, version)),
    });
    expect(saved.status).toBe(200);
    const { id, requestId, disclosureJson } = saved.body.body!;
    const answer = await response(id, 'interviewer1');
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/^application\/fhir\+json/);
    expect(fhirSchemaErrors(answer.body)).toEqual([]);
    expect(answer.body).toMatchObject({
      resourceType: 'QuestionnaireResponse',
      id,
      identifier: { value: requestId },
      questionnaire: `${t.config.publicUrl}/fhir/Questionnaire/catalogue|${version}`,
      status: 'in-progress',
    });
    const stored = JSON.parse(disclosureJson) as DisclosureDocument;
    expect(answer.body.item?.map((group) => group.linkId)).toEqual(
      stored.impairments.map((entry) => entry.uuid),
    );
    // Hypertension is decided, asthma still lacks answers and has no decision yet.
    expect(decisionsOf(answer.body)).toEqual(
      Object.fromEntries(stored.impairments.map((entry) => [entry.uuid, entry.decision])),
    );
    expect(decisionsOf(answer.body).asthma).toEqual({});
  });

  it('N-05 a submitted disclosure is completed with the server decisions, and stays so once validated', async () => {
    const sent = await call<DisclosureSaved>('interviewer1', '/disclosure/submit', {
      body: payload(completeDocument(catalog, version)),
    });
    expect(sent.status).toBe(200);
    const { id, disclosureJson } = sent.body.body!;
    const stored = JSON.parse(disclosureJson) as DisclosureDocument;

    const submitted = await response(id, 'uw1');
    expect(fhirSchemaErrors(submitted.body)).toEqual([]);
    expect(submitted.body.status).toBe('completed');
    expect(decisionsOf(submitted.body)).toEqual(
      Object.fromEntries(stored.impairments.map((entry) => [entry.uuid, entry.decision])),
    );
    expect(Object.keys(decisionsOf(submitted.body).hypertension ?? {})).toEqual(
      catalog.indicators.map((indicator) => indicator.code),
    );
    const answered = submitted.body.item?.flatMap((group) => group.item ?? []) ?? [];
    expect(answered.map((item) => item.linkId).sort()).toEqual(
      stored.impairments.flatMap((entry) => entry.answers.map((a) => a.questionUuid)).sort(),
    );
    expect(submitted.body.extension).toEqual([
      {
        url: `${t.config.publicUrl}/fhir/StructureDefinition/catalogue-version`,
        valueString: version,
      },
      {
        url: `${t.config.publicUrl}/fhir/StructureDefinition/disclosure-status`,
        valueCode: 'submitted',
      },
    ]);

    const validated = await call<DisclosureReviewed>('uw1', `/validate/${id}`, { method: 'POST' });
    expect(validated.status).toBe(200);
    const after = await response(id, 'interviewer1');
    expect(fhirSchemaErrors(after.body)).toEqual([]);
    expect(after.body.status).toBe('completed');
    expect(after.body.extension?.[1]?.valueCode).toBe('validated');
  });

  it('N-05 a request nobody answered yet is an in-progress response without items', async () => {
    const created = await call<DisclosureRequestCreated>('interviewer1', '/request', {
      body: { applicationNumber: 'FHIRNEW1', ...PHKL, age: 45, gender: 'Male', rsmScore: 'A' },
    });
    expect(created.status).toBe(200);
    const answer = await response(created.body.body!.id, 'interviewer1');
    expect(answer.status).toBe(200);
    expect(fhirSchemaErrors(answer.body)).toEqual([]);
    expect(answer.body.status).toBe('in-progress');
    expect(answer.body.item).toBeUndefined();
  });

  it("N-05 another insurer's disclosure, an unknown one and no token are refused as reading it is", async () => {
    const saved = await call<DisclosureSaved>('interviewer1', '/disclosure/save', {
      body: payload(partialDocument(catalog, version)),
    });
    const { id } = saved.body.body!;
    // agent1 works for slhk only: the phkl disclosure does not exist for them.
    const other = await response(id, 'agent1');
    expect(other.status).toBe(404);
    expect(other.body.error).toBe('not_found');
    expect((await response('00000000-0000-4000-8000-000000000000', 'uw1')).status).toBe(404);
    expect((await response('not-a-uuid', 'uw1')).status).toBe(400);
    expect((await response(id)).status).toBe(401);
    expect((await response(id, 'uw1')).status).toBe(200);
  });

  it('N-05 N-17 the OpenAPI document names both exports with their FHIR media type', async () => {
    const document = (await (await fetch(`${t.baseUrl}${OPENAPI_PATH}`)).json()) as {
      paths: Record<
        string,
        Record<
          string,
          { operationId: string; responses: Record<string, { content?: Record<string, unknown> }> }
        >
      >;
    };
    for (const name of ['catalogFhir', 'disclosureFhir'] as const) {
      const path = `${API_PREFIX}${apiRoutes[name].path.replace(/:(\w+)/g, '{$1}')}`;
      const operation = document.paths[path]?.get;
      expect(operation?.operationId).toBe(name);
      expect(Object.keys(operation?.responses['200']?.content ?? {})).toEqual([
        'application/fhir+json',
      ]);
      expect(Object.keys(operation?.responses ?? {})).toEqual(
        expect.arrayContaining(['401', '403', '404']),
      );
    }
  });

  it('N-05 N-01 a caller system with disclosure:read reads the response of a disclosure it requested, and no other', async () => {
    const integration = async (scope: string) => {
      const grant = await fetch(`${t.baseUrl}/oidc/token`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from('demo-integration:demo-secret').toString('base64')}`,
        },
        body: new URLSearchParams({ grant_type: 'client_credentials', scope }),
      });
      return ((await grant.json()) as { access_token: string }).access_token;
    };
    const system = await integration('disclosure:request disclosure:read');
    const created = await api<DisclosureRequestCreated>(t.baseUrl, `${DISCLOSURE_API}/request`, {
      token: system,
      body: { applicationNumber: 'FHIRCS01', ...PHKL },
    });
    expect(created.status).toBe(200);
    const { id, requestId } = created.body.body!;
    const sent = await call<DisclosureSaved>('interviewer1', '/disclosure/submit', {
      body: payload(completeDocument(catalog, version), { id, requestId, version: 1 }),
    });
    expect(sent.status).toBe(200);

    const read = await response(id, system);
    expect(read.status).toBe(200);
    expect(fhirSchemaErrors(read.body)).toEqual([]);
    expect(read.body).toMatchObject({ id, identifier: { value: requestId }, status: 'completed' });

    // A disclosure of the same insurer that the system did not ask for does not exist for it.
    const theirs = await call<DisclosureSaved>('interviewer1', '/disclosure/save', {
      body: payload(partialDocument(catalog, version)),
    });
    expect((await response(theirs.body.body!.id, system)).status).toBe(404);
    // The request scope alone reads nothing.
    expect((await response(id, await integration('disclosure:request'))).status).toBe(403);
  });
});
