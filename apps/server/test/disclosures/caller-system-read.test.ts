import type {
  DisclosureExport,
  DisclosureRequestCreated,
  DisclosureSaved,
  DisclosureView,
} from '@vmer/domain/lifecycle';
import { describe, expect, it } from 'vitest';
import { api, DATABASES, signedInSuite } from '../helpers.ts';
import { APPLICANT, completeDocument, DISCLOSURE_API, PHKL, disclosureFields } from './fixtures.ts';

/** A token of the demo integration holding the scopes asked for. */
async function integrationToken(baseUrl: string, scope: string): Promise<string> {
  const response = await fetch(`${baseUrl}/oidc/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from('demo-integration:demo-secret').toString('base64')}`,
    },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope }),
  });
  const body = (await response.json()) as { access_token?: string; scope?: string };
  expect(body.scope).toBe(scope);
  return body.access_token!;
}

for (const database of DATABASES) {
  describe(`a caller system reads what it requested (${database})`, () => {
    const s = signedInSuite(database, 'interviewer1');
    const as = (token: string) => ({
      call: <T>(path: string, options: { method?: string; body?: unknown } = {}) =>
        api<T>(s.t.baseUrl, `${DISCLOSURE_API}${path}`, { token, ...options }),
    });

    /** A request of the caller system, submitted complete by interviewer1. */
    async function requestedAndSubmitted(token: string) {
      const applicationNumber = s.nextApplicationNumber('CS');
      const created = await as(token).call<DisclosureRequestCreated>('/request', {
        body: { applicationNumber, ...PHKL },
      });
      expect(created.status).toBe(200);
      const { id, requestId } = created.body.body!;
      const submitted = await s.call<DisclosureSaved>('/disclosure/submit', {
        body: {
          id,
          requestId,
          version: 1,
          applicationNumber,
          ...disclosureFields(completeDocument(s.catalog, s.version)),
        },
      });
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
      return { id, requestId, applicationNumber, saved: submitted.body.body! };
    }

    it('N-01 a caller system reads the disclosure it requested: its status, document with decisions, overrides and export', async () => {
      const token = await integrationToken(s.t.baseUrl, 'disclosure:request disclosure:read');
      const applicationNumber = s.nextApplicationNumber('CS');
      const created = await as(token).call<DisclosureRequestCreated>('/request', {
        body: { applicationNumber, ...PHKL },
      });
      const fresh = await as(token).call<DisclosureView>(
        `/disclosure/${created.body.body!.requestId}`,
      );
      expect(fresh.status).toBe(200);
      expect(fresh.body.body).toMatchObject({
        id: created.body.body!.id,
        status: 1,
        action: 'view',
        applicationNumber,
        insurerCode: 'phkl',
        claim: null,
      });

      const { id, requestId, saved } = await requestedAndSubmitted(token);
      const read = await as(token).call<DisclosureView>(`/disclosure/${requestId}`);
      expect(read.status).toBe(200);
      expect(read.body.body).toMatchObject({ id, status: 3, action: 'view' });
      const document = JSON.parse(read.body.body!.disclosureJson) as {
        impairments: { decision?: Record<string, string> }[];
      };
      expect(document).toEqual(JSON.parse(saved.disclosureJson));
      expect(document.impairments.length).toBeGreaterThan(0);
      expect(document.impairments.every((i) => i.decision !== undefined)).toBe(true);

      const overrides = await as(token).call<{ version: number; overrides: unknown[] }>(
        `/disclosure/${id}/overrides`,
      );
      expect(overrides.status).toBe(200);
      expect(overrides.body.body).toEqual({ version: read.body.body!.version, overrides: [] });

      const exported = await as(token).call<DisclosureExport>('/disclosure/export', {
        body: {
          id,
          applicationNumber: read.body.body!.applicationNumber,
          ...APPLICANT,
          disclosureJson: read.body.body!.disclosureJson,
        },
      });
      expect(exported.status, JSON.stringify(exported.body)).toBe(200);
      expect(exported.body.body!.fileName).toBe(
        `questionnaire_${read.body.body!.applicationNumber}.xlsx`,
      );
      // An xlsx file is a zip archive.
      expect(Buffer.from(exported.body.body!.content, 'base64').subarray(0, 2).toString()).toBe(
        'PK',
      );
    });

    it("N-01 another disclosure of the caller system's insurers answers 404 to it, whatever the route", async () => {
      const token = await integrationToken(s.t.baseUrl, 'disclosure:read');
      const applicationNumber = s.nextApplicationNumber('CS');
      const theirs = await s.call<DisclosureSaved>('/disclosure/submit', {
        body: {
          applicationNumber,
          ...PHKL,
          ...disclosureFields(completeDocument(s.catalog, s.version)),
        },
      });
      expect(theirs.status).toBe(200);
      const { id, requestId, disclosureJson } = theirs.body.body!;
      const view = await as(token).call(`/disclosure/${requestId}`);
      expect(view.status).toBe(404);
      expect(view.body).toMatchObject({ code: 404, error: 'not_found' });
      expect((await as(token).call(`/disclosure/${id}/overrides`)).status).toBe(404);
      const exported = await as(token).call('/disclosure/export', {
        body: { id, applicationNumber, ...APPLICANT, disclosureJson },
      });
      expect(exported.status).toBe(404);
      // What does not exist answers the same.
      expect((await as(token).call(`/disclosure/${crypto.randomUUID()}`)).status).toBe(404);
      // The person who made it still reads it.
      expect((await s.call(`/disclosure/${requestId}`)).status).toBe(200);
    });

    it('N-01 the read scope opens the reads and nothing else: the rest stays forbidden to a caller system', async () => {
      const both = await integrationToken(s.t.baseUrl, 'disclosure:request disclosure:read');
      const { id, requestId, applicationNumber } = await requestedAndSubmitted(both);
      const reader = as(await integrationToken(s.t.baseUrl, 'disclosure:read'));
      const requester = as(await integrationToken(s.t.baseUrl, 'disclosure:request'));

      // The read scope does not create requests, the request scope does not read.
      const create = await reader.call('/request', {
        body: { applicationNumber: s.nextApplicationNumber('CS'), ...PHKL },
      });
      expect(create.status).toBe(403);
      expect((await requester.call(`/disclosure/${requestId}`)).status).toBe(403);

      // Its own disclosure's audit trail, revisions, review and changes are for people.
      const refused = [
        await reader.call(`/disclosure/${id}/audit`),
        await reader.call(`/disclosure/${id}/revisions`),
        await reader.call('/disclosures'),
        await reader.call(`/disclosure/${id}/claim`, { method: 'POST' }),
        await reader.call(`/validate/${id}`, { method: 'POST' }),
        await reader.call('/disclosure/save', {
          body: {
            id,
            version: 2,
            applicationNumber,
            ...disclosureFields(completeDocument(s.catalog, s.version)),
          },
        }),
      ];
      expect(refused.map((r) => r.status)).toEqual([403, 403, 403, 403, 403, 403]);
      expect(refused[0]!.body).toMatchObject({ error: 'forbidden' });

      // An export must name the disclosure it requested.
      const unnamed = await reader.call('/disclosure/export', {
        body: {
          applicationNumber,
          ...PHKL,
          ...disclosureFields(completeDocument(s.catalog, s.version)),
        },
      });
      expect(unnamed.status).toBe(403);
    });

    it('N-01 the contract says which operations take a caller system and with which scope', async () => {
      const response = await fetch(`${s.t.baseUrl}/api/docs/openapi.json`);
      const document = (await response.json()) as {
        components: { securitySchemes: Record<string, { type: string }> };
        paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
      };
      expect(document.components.securitySchemes.callerSystem?.type).toBe('openIdConnect');
      const security = (path: string, method: string) =>
        document.paths[`${DISCLOSURE_API}${path}`]?.[method]?.security;
      const read = [{ bearer: [] }, { callerSystem: ['disclosure:read'] }];
      expect(security('/disclosure/{requestId}', 'get')).toEqual(read);
      expect(security('/disclosure/export', 'post')).toEqual(read);
      expect(security('/disclosure/{id}/overrides', 'get')).toEqual(read);
      expect(security('/request', 'post')).toEqual([
        { bearer: [] },
        { callerSystem: ['disclosure:request'] },
      ]);
      expect(security('/disclosure/{id}/audit', 'get')).toBeUndefined();
    });
  });
}
