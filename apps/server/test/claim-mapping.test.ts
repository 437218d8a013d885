import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { rightsOf } from './external-issuer.ts';
import { ENTRA_LIKE, startEntraLikeProvider, type RunningProvider } from './external-provider.ts';
import { api, buildTestApp, DATABASES, type TestApp } from './helpers.ts';

/** Entra ID group object ids, as its `groups` claim carries them. */
const GROUP = {
  underwriters: '0b5d6a8e-1f3c-4c52-9a43-5e8f1d2b7c10',
  phkl: '3e9a1c44-7d2b-4f6e-8a1b-9c0d2e3f4a51',
  slhk: '6f2b8d10-4a5c-4e7f-b3d2-1a9e8c7b6d52',
  unknown: '9d8c7b6a-5e4f-4a3b-8c2d-1e0f9a8b7c63',
};

const GROUP_MAP = JSON.stringify({
  [GROUP.underwriters]: ['underwriter'],
  [GROUP.phkl]: ['insurer:phkl'],
  [GROUP.slhk]: 'insurer:slhk',
  // An app role value (Entra ID's `roles` claim) granting a role.
  'Video.Agent': ['agent'],
});

const ACCOUNTS = {
  alice: {
    name: 'Alice Underwriter',
    upn: 'alice@contoso.example',
    preferred_username: 'alice.pref@contoso.example',
    groups: [GROUP.underwriters, GROUP.phkl, GROUP.unknown],
  },
  bob: {
    name: 'Bob Agent',
    upn: 'bob@contoso.example',
    roles: ['Video.Agent'],
    groups: [GROUP.slhk],
  },
  carol: { name: 'Carol Unknown', upn: 'carol@contoso.example', groups: [GROUP.unknown] },
  dave: { name: 'Dave Agent', upn: 'dave@contoso.example', roles: ['Video.Agent'], groups: [] },
  // A role value the app knows but no mapped group: the role without insurers.
  erin: { name: 'Erin', upn: 'erin@contoso.example', roles: ['underwriter'] },
};

const configProblems = (env: Record<string, string>): string[] => {
  try {
    loadConfig({
      OIDC_ISSUER: 'https://login.example.com',
      OIDC_CLIENT_ID: 'a',
      OIDC_AUDIENCE: 'b',
      ...env,
    });
    return [];
  } catch (error) {
    return (error as Error).message.split('\n');
  }
};

describe('the claim settings', () => {
  it('N-06 a bad group map stops the start with one line per bad entry', () => {
    expect(
      configProblems({
        OIDC_GROUP_MAP:
          'Underwriters=underwriter|insurer:phkl;Owners=owner;/hk/slhk=insurer:SLHK;Both=agent|admin;NoEquals',
      }),
    ).toEqual([
      'Invalid configuration: OIDC_GROUP_MAP: "NoEquals": must be VALUE=GRANT (e.g. Underwriters=underwriter|insurer:phkl)',
      'Invalid configuration: OIDC_GROUP_MAP: "Owners": unknown grant "owner" (a role: agent, interviewer, underwriter, admin; or insurer:CODE of lower-case letters and digits)',
      'Invalid configuration: OIDC_GROUP_MAP: "/hk/slhk": unknown grant "insurer:SLHK" (a role: agent, interviewer, underwriter, admin; or insurer:CODE of lower-case letters and digits)',
      'Invalid configuration: OIDC_GROUP_MAP: "Both": grants two roles (agent and admin)',
    ]);
    expect(configProblems({ OIDC_GROUP_MAP: '{"a": ' })).toEqual([
      'Invalid configuration: OIDC_GROUP_MAP: is not valid JSON',
    ]);
    expect(configProblems({ OIDC_CLAIM_ROLES: 'roles, realm access.roles' })).toEqual([
      'Invalid configuration: OIDC_CLAIM_ROLES: must be claim names separated by commas, without spaces (e.g. roles,realm_access.roles)',
    ]);
  });

  it('N-06 the claim settings apply to an external issuer only', () => {
    expect(() => loadConfig({ OIDC_GROUP_MAP: 'x=agent' })).toThrow(
      "OIDC_GROUP_MAP: applies to an external issuer's tokens only",
    );
  });

  it('N-06 the compact and the JSON group maps say the same, group names with = and / included', () => {
    const compact = loadConfig({
      OIDC_ISSUER: 'https://login.example.com',
      OIDC_CLIENT_ID: 'a',
      OIDC_AUDIENCE: 'b',
      OIDC_GROUP_MAP:
        'CN=Underwriters,OU=Groups=underwriter|insurer:phkl\n/insurers/slhk=insurer:slhk',
    }).auth.claims.groupMap;
    const json = loadConfig({
      OIDC_ISSUER: 'https://login.example.com',
      OIDC_CLIENT_ID: 'a',
      OIDC_AUDIENCE: 'b',
      OIDC_GROUP_MAP: JSON.stringify({
        'CN=Underwriters,OU=Groups': ['underwriter', 'insurer:phkl'],
        '/insurers/slhk': 'insurer:slhk',
      }),
    }).auth.claims.groupMap;
    expect([...compact]).toEqual([...json]);
    expect([...compact]).toEqual([
      ['CN=Underwriters,OU=Groups', { role: 'underwriter', insurers: ['phkl'] }],
      ['/insurers/slhk', { role: undefined, insurers: ['slhk'] }],
    ]);
  });
});

for (const database of DATABASES) {
  describe(`a second, separately started provider with Entra ID's token shape on ${database}`, () => {
    let provider: RunningProvider;
    let t: TestApp;

    beforeAll(async () => {
      provider = await startEntraLikeProvider(ACCOUNTS);
      t = await buildTestApp({
        database,
        env: {
          OIDC_ISSUER: provider.issuer,
          OIDC_CLIENT_ID: ENTRA_LIKE.clientId,
          OIDC_AUDIENCE: ENTRA_LIKE.audience,
          OIDC_CLAIM_USERNAME: 'upn,preferred_username',
          OIDC_GROUP_MAP: GROUP_MAP,
        },
      });
    });
    afterAll(async () => {
      await t?.close();
      await provider?.stop();
    });

    it('N-06 mapped groups give their role and insurers on real API calls, and the user name comes from the configured claim', async () => {
      const token = await provider.tokenFor('alice');
      expect(await rightsOf(t, token)).toEqual({
        status: 200,
        role: 'underwriter',
        insurers: ['phkl'],
      });
      const info = await api<{ userName: string; insurerCode: string }>(
        t.baseUrl,
        '/api/user/info/get',
        { token },
      );
      expect(info.body.body).toMatchObject({
        userName: 'alice@contoso.example',
        insurerCode: 'phkl',
      });
      // An underwriter, not an administrator.
      expect((await api(t.baseUrl, '/api/catalog/versions', { token })).status).toBe(403);
    });

    it('N-06 an app role value maps to its role, and a group to its insurers', async () => {
      expect(await rightsOf(t, await provider.tokenFor('bob'))).toEqual({
        status: 200,
        role: 'agent',
        insurers: ['slhk'],
      });
    });

    it('N-06 an unknown group grants nothing: no role, every call refused', async () => {
      const token = await provider.tokenFor('carol');
      const info = await api(t.baseUrl, '/api/user/info/get', { token });
      expect(info.status).toBe(403);
      expect(info.body).toMatchObject({ error: 'forbidden' });
      expect((await api(t.baseUrl, '/api/insurer/list', { token })).status).toBe(403);
    });

    it('N-06 a token without insurers sees nothing', async () => {
      for (const subject of ['dave', 'erin']) {
        const token = await provider.tokenFor(subject);
        const rights = await rightsOf(t, token);
        expect(rights.status).toBe(200);
        expect(rights.insurers).toEqual([]);
      }
    });

    it('N-06 insurers taken from the group in the provider are taken from the holder at once, though the table keeps them', async () => {
      await t.app.db
        .updateTable('users')
        .set({ insurers: ['phkl', 'slhk'] })
        .where('subject', '=', 'bob')
        .execute();
      // The table names two insurers; bob's token maps to slhk alone.
      expect(await rightsOf(t, await provider.tokenFor('bob'))).toEqual({
        status: 200,
        role: 'agent',
        insurers: ['slhk'],
      });
    });
  });
}
