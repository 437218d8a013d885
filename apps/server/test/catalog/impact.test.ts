import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catalog, DisclosureDocument } from '@vmer/domain';
import type { CatalogImpact } from '@vmer/domain/catalog/impact';
import type {
  DisclosureRequestCreated,
  DisclosureSaved,
  DisclosureView,
} from '@vmer/domain/lifecycle';
import { upload } from './catalog-support.ts';
import { PLANNED_SURGERY_DECISION, revisedCatalog } from './revised-catalog.ts';
import { api, buildTestApp, DATABASES, tokenFor, type TestApp } from '../helpers.ts';
import {
  answeredDocument,
  DISCLOSURE_API,
  disclosureFields,
  PHKL,
  sampleCatalog,
} from '../disclosures/fixtures.ts';

describe.each(DATABASES)('K-09 impact of a catalogue version before release on %s', (database) => {
  let t: TestApp;
  let interviewer: string;
  let admin: string;
  let catalog: Catalog;
  let counter = 0;
  const submitted: DisclosureSaved[] = [];

  const impact = (version: string, query = '', token = admin) =>
    api<CatalogImpact>(t.baseUrl, `/api/catalog/versions/${version}/impact${query}`, { token });

  /** A disclosure with Gallstones and Asthma answered on version 1, saved or submitted. */
  async function stored(operation: 'save' | 'submit'): Promise<DisclosureSaved> {
    const call = <T>(path: string, body?: unknown) =>
      api<T>(t.baseUrl, path, { token: interviewer, body });
    const applicationNumber = `IMP${String(++counter).padStart(4, '0')}`;
    const request = await call<DisclosureRequestCreated>(`${DISCLOSURE_API}/request`, {
      applicationNumber,
      ...PHKL,
    });
    const view = await call<DisclosureView>(
      `${DISCLOSURE_API}/disclosure/${request.body.body!.requestId}`,
    );
    const { id, requestId, version } = view.body.body!;
    const answer = await call<DisclosureSaved>(`${DISCLOSURE_API}/disclosure/${operation}`, {
      id,
      requestId,
      version,
      applicationNumber,
      ...disclosureFields(answeredDocument(catalog, '1', ['gallstones', 'asthma'])),
    });
    expect(answer.status).toBe(200);
    return answer.body.body!;
  }

  beforeAll(async () => {
    t = await buildTestApp({ database });
    [interviewer, admin] = await Promise.all([
      tokenFor(t.baseUrl, 'interviewer1'),
      tokenFor(t.baseUrl, 'admin1'),
    ]);
    catalog = await sampleCatalog();
    for (let i = 0; i < 3; i++) submitted.push(await stored('submit'));
    // A draft that was never submitted is not business to replay.
    await stored('save');
    const revised = await upload(t.baseUrl, admin, await revisedCatalog());
    expect(revised.body.body?.version).toMatchObject({ version: '2', active: false });
  });
  afterAll(async () => t?.close());

  it("K-09 replays the insurers' submitted disclosures against an inactive version: the revised option's decisions change, the untouched condition's do not", async () => {
    const answer = await impact('2');
    expect(answer.status).toBe(200);
    const result = answer.body.body!;
    expect(result).toMatchObject({ target: '2', days: 90, replayed: 3, changed: 3, failed: 0 });
    const cell = (uuid: string, indicator: string) =>
      result.cells.find((c) => c.uuid === uuid && c.indicator === indicator);
    expect(cell('gallstones', 'LIFE')).toMatchObject({ replayed: 3, changed: 3 });
    expect(cell('gallstones', 'CI')).toMatchObject({ replayed: 3, changed: 3 });
    expect(cell('gallstones', 'LIFE')?.name.en).toBe('Gallstones');
    expect(cell('asthma', 'LIFE')).toMatchObject({ replayed: 3, changed: 0 });
    // Most changes first.
    expect(result.cells[0]?.changed).toBe(3);
    expect(result.examples).toHaveLength(6);
    expect(result.examples).toContainEqual(
      expect.objectContaining({
        applicationNumber: 'IMP0001',
        insurerCode: 'phkl',
        uuid: 'gallstones',
        indicator: 'LIFE',
        before: PLANNED_SURGERY_DECISION.shipped.LIFE,
        after: PLANNED_SURGERY_DECISION.revised.LIFE,
        removed: false,
      }),
    );
  });

  it('K-09 a replay against the version the disclosures were answered on equals their stored decisions, and a replay writes nothing', async () => {
    const before = await Promise.all(
      submitted.map((s) =>
        api<DisclosureView>(t.baseUrl, `${DISCLOSURE_API}/disclosure/${s.requestId}`, {
          token: interviewer,
        }),
      ),
    );
    const same = await impact('1', '?days=30');
    expect(same.body.body).toMatchObject({ target: '1', days: 30, replayed: 3, changed: 0 });
    expect(same.body.body?.examples).toEqual([]);
    await impact('2');
    for (const [i, s] of submitted.entries()) {
      const after = await api<DisclosureView>(
        t.baseUrl,
        `${DISCLOSURE_API}/disclosure/${s.requestId}`,
        { token: interviewer },
      );
      const doc = JSON.parse(after.body.body!.disclosureJson) as DisclosureDocument;
      expect(doc.catalogVersion).toBe('1');
      expect(doc.impairments.find((c) => c.uuid === 'gallstones')?.decision).toMatchObject(
        PLANNED_SURGERY_DECISION.shipped,
      );
      expect(after.body.body!.version).toBe(before[i]!.body.body!.version);
    }
  });

  it('K-09 a draft is replayed as it stands: the revised condition saved into a draft of version 1 changes the same decisions, and a draft with a problem answers 400 naming it', async () => {
    const draft = await api<{ id: string; revision: number }>(t.baseUrl, '/api/catalog/drafts', {
      token: admin,
      body: { basedOn: '1' },
    });
    const { id, revision } = draft.body.body!;
    const untouched = await api<CatalogImpact>(t.baseUrl, `/api/catalog/drafts/${id}/impact`, {
      token: admin,
    });
    expect(untouched.body.body).toMatchObject({ target: `draft ${id}`, replayed: 3, changed: 0 });

    const file = 'impairments/gallstones.yaml';
    const revised = (await revisedCatalog())[file]!;
    const save = (text: string, at: number) =>
      api<{ revision: number }>(t.baseUrl, `/api/catalog/drafts/${id}/files`, {
        token: admin,
        method: 'PUT',
        body: { revision: at, files: { [file]: text } },
      });
    const saved = await save(revised, revision);
    expect(saved.status).toBe(200);
    const changed = await api<CatalogImpact>(t.baseUrl, `/api/catalog/drafts/${id}/impact`, {
      token: admin,
    });
    expect(changed.body.body).toMatchObject({ replayed: 3, changed: 3 });
    expect(changed.body.body?.examples[0]).toMatchObject({ uuid: 'gallstones' });

    await save(revised.replace(/^name:/m, 'nmae:'), saved.body.body!.revision);
    const refused = await api(t.baseUrl, `/api/catalog/drafts/${id}/impact`, { token: admin });
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.[0]?.path).toMatch(/^impairments\/gallstones\.yaml:\d+$/);
    expect((await api(t.baseUrl, '/api/catalog/drafts/9999/impact', { token: admin })).status).toBe(404);
  });

  it('K-09 asks for a number of days between 1 and 3660 and a version that exists, and only administrators may ask', async () => {
    for (const days of ['0', '3661', 'abc', '1.5']) {
      const answer = await impact('2', `?days=${days}`);
      expect(answer.status, days).toBe(400);
      expect(answer.body.errors?.[0]?.path).toBe('query.days');
    }
    expect((await impact('2', '?version=2')).status).toBe(400);
    expect((await impact('99')).status).toBe(404);
    expect((await impact('2', '', interviewer)).status).toBe(403);
    expect((await impact('2', '', await tokenFor(t.baseUrl, 'uw1'))).status).toBe(403);
  });
});
