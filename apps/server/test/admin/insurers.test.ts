import type { AdminInsurer } from '@vmer/domain/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/auth/password.ts';
import { insertLocalUsers } from '../../src/auth/users-repository.ts';
import { api, buildTestApp, DATABASES, inChinese, tokenFor, type TestApp } from '../helpers.ts';

interface Listed {
  catalogVersion: string;
  insurers: AdminInsurer[];
  conditions: { uuid: string; name: { en: string; cn_traditional: string } }[];
}
interface Saved {
  catalogVersion: string;
  insurer: AdminInsurer;
}
interface InsurerListEntry {
  insurerCode: string;
  channel: string;
  productCode: string;
  productName: { en: string; cn_traditional: string };
}

/** A copy to change, so the listed insurer stays as it was read. */
const copy = <T>(value: T): T => structuredClone(value);

describe.each(DATABASES)('insurers and products on %s', (database) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await buildTestApp({ database });
    // An administrator of slhk alone, for the scoping.
    await insertLocalUsers(t.app.db, [
      {
        userName: 'admin-slhk',
        displayName: 'Sam Slhk',
        role: 'admin',
        insurers: ['slhk'],
        passwordHash: await hashPassword('demo'),
        demo: true,
      },
    ]);
    for (const user of ['admin1', 'admin-slhk', 'interviewer1', 'uw1', 'agent1']) {
      tokens[user] = await tokenFor(t.baseUrl, user);
    }
  });
  afterAll(async () => t?.close());

  const list = (user = 'admin1') =>
    api<Listed>(t.baseUrl, '/api/admin/insurers', { token: tokens[user] });
  const update = (user: string, code: string, body: unknown) =>
    api<Saved>(t.baseUrl, `/api/admin/insurers/${code}`, {
      token: tokens[user],
      method: 'PUT',
      body,
    });
  const create = (user: string, body: unknown) =>
    api<Saved>(t.baseUrl, '/api/admin/insurers', { token: tokens[user], body });
  const insurerList = (user: string) =>
    api<InsurerListEntry[]>(t.baseUrl, '/api/insurer/list', { token: tokens[user] });
  const active = async () => (await list()).body.body!;
  const insurerOf = async (code: string) => {
    const listed = await active();
    return {
      catalogVersion: listed.catalogVersion,
      insurer: copy(listed.insurers.find((insurer) => insurer.code === code)!),
    };
  };
  /** What a refused change may not have written: versions and audit rows, counted. */
  const written = async () => {
    const count = async (table: 'catalog_versions' | 'admin_audit') =>
      Number(
        (
          await t.app.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return { versions: await count('catalog_versions'), audit: await count('admin_audit') };
  };
  const auditOf = (subjectType: string, subjectId: string) =>
    t.app.db
      .selectFrom('admin_audit')
      .selectAll()
      .where('subject_type', '=', subjectType as 'insurer')
      .where('subject_id', '=', subjectId)
      .orderBy('id', 'desc')
      .execute();

  it('O-01 O-11 only administrators read and change insurers (403 for the other roles)', async () => {
    const { catalogVersion, insurer } = await insurerOf('phkl');
    for (const user of ['interviewer1', 'uw1', 'agent1']) {
      expect((await list(user)).status, user).toBe(403);
      expect((await update(user, 'phkl', { insurer, catalogVersion })).status, user).toBe(403);
      expect(
        (await create(user, { insurer: { ...insurer, code: 'other' }, catalogVersion })).status,
        user,
      ).toBe(403);
    }
    const refused = await list('uw1');
    expect(refused.body).toMatchObject({ code: 403, message: 'You are not allowed to do this.' });
  });

  it("O-11 O-14 an administrator sees only their insurers, with channels and products, and cannot change another's (404)", async () => {
    const all = await list('admin1');
    expect(all.status).toBe(200);
    expect(all.body.body!.insurers.map((insurer) => insurer.code)).toEqual([
      'phkl',
      'slhk',
      'demo',
    ]);
    const phkl = all.body.body!.insurers[0]!;
    expect(phkl).toMatchObject({
      name: { en: 'Pine Harbour Kowloon Life', cn_traditional: '松港九龍人壽' },
      smokingList: 'B',
      lastAgeOption: true,
      printCover: false,
    });
    expect(phkl.channels.map((channel) => channel.code)).toEqual(['agency', 'banca']);
    expect(phkl.channels[1]!.products[0]!.impairments).toContain('asthma');
    // The conditions a product may offer: the active version's, named in both languages.
    expect(all.body.body!.conditions).toContainEqual({
      uuid: 'asthma',
      name: expect.objectContaining({ en: 'Asthma' }),
    });

    const own = await list('admin-slhk');
    expect(own.body.body!.insurers.map((insurer) => insurer.code)).toEqual(['slhk']);
    const before = await written();
    const refused = await update('admin-slhk', 'phkl', {
      insurer: { ...phkl, printCover: true },
      catalogVersion: all.body.body!.catalogVersion,
    });
    expect(refused.status).toBe(404);
    expect(await written()).toEqual(before);
  });

  it('O-11 O-14 bad codes, duplicates, empty names and unknown conditions answer 400 naming each field, in both languages, and nothing is written', async () => {
    const { catalogVersion, insurer } = await insurerOf('phkl');
    const before = await written();
    const bad = copy(insurer);
    bad.channels[0]!.products[1]!.code = bad.channels[0]!.products[0]!.code;
    bad.channels[1]!.code = bad.channels[0]!.code;
    bad.channels[1]!.products[0]!.impairments = ['asthma', 'no-such-condition'];
    bad.name.cn_traditional = ' ';
    const refused = await update('admin1', 'phkl', { insurer: bad, catalogVersion });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('The insurer has 4 problem(s); nothing was saved.');
    expect(refused.body.errors).toEqual([
      { path: 'insurer.name.cn_traditional', message: 'Enter the name.' },
      {
        path: 'insurer.channels.1.code',
        message: 'Another channel of this insurer has this code.',
      },
      {
        path: 'insurer.channels.0.products.1.code',
        message: 'Another product of this channel has this code.',
      },
      {
        path: 'insurer.channels.1.products.0.impairments.1',
        message: 'The active catalogue has no condition no-such-condition.',
      },
    ]);
    await inChinese(t.baseUrl, tokens.admin1!, async () => {
      const cn = await update('admin1', 'phkl', { insurer: bad, catalogVersion });
      expect(cn.body.message).toBe('保險公司資料有 4 個問題，未有儲存。');
      expect(cn.body.errors![3]!.message).toBe('現行目錄沒有病症 no-such-condition。');
    });

    // A code of the wrong form is refused by the schema, field named.
    const badCode = copy(insurer);
    badCode.channels[0]!.products[0]!.code = 'WL 01';
    const format = await update('admin1', 'phkl', { insurer: badCode, catalogVersion });
    expect(format.status).toBe(400);
    expect(format.body.errors).toEqual([
      {
        path: 'insurer.channels.0.products.0.code',
        message: 'This value is not in the expected format.',
      },
    ]);
    // The code in the address is the insurer changed: it cannot be renamed.
    const renamed = await update('admin1', 'phkl', {
      insurer: { ...insurer, code: 'phkl2' },
      catalogVersion,
    });
    expect(renamed.status).toBe(400);
    expect(renamed.body.errors).toEqual([
      { path: 'insurer.code', message: "An insurer's code cannot be changed." },
    ]);
    expect(await written()).toEqual(before);
  });

  it('O-11 a problem only the catalogue’s own check finds answers 400 listing it by file and line, and nothing is written', async () => {
    const { catalogVersion, insurer } = await insurerOf('demo');
    const before = await written();
    // An empty Simplified Chinese name passes the form's checks; the catalogue refuses it.
    const refused = await update('admin1', 'demo', {
      insurer: { ...insurer, name: { ...insurer.name, cn_simplified: '' } },
      catalogVersion,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('The insurer has 1 problem(s); nothing was saved.');
    expect(refused.body.errors).toEqual([
      {
        path: expect.stringMatching(/^insurers\.yaml:\d+$/),
        message: 'the cn_simplified text is empty',
      },
    ]);
    expect(await written()).toEqual(before);
  });

  it('O-11 O-08 renaming and adding a product makes and activates a new catalogue version, audited, and the header selectors show it at once', async () => {
    const { catalogVersion, insurer } = await insurerOf('phkl');
    const changed = copy(insurer);
    changed.channels[0]!.products[0]!.name = {
      en: 'Whole Life Protector Plus',
      cn_traditional: '終身人壽保障計劃（加強版）',
    };
    changed.channels[0]!.products.push({
      code: 'HC03',
      name: { en: 'Hospital Care', cn_traditional: '住院保障計劃' },
      impairments: ['asthma', 'hypertension'],
    });
    const saved = await update('admin1', 'phkl', { insurer: changed, catalogVersion });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const next = saved.body.body!.catalogVersion;
    expect(Number(next)).toBe(Number(catalogVersion) + 1);
    expect(saved.body.body!.insurer).toEqual(changed);

    // The version is the active one, made by the administrator, with notes saying what changed.
    const versions = await api<
      { version: string; active: boolean; author: string; notes: string }[]
    >(t.baseUrl, '/api/catalog/versions', { token: tokens.admin1 });
    expect(versions.body.body!.find((v) => v.version === next)).toMatchObject({
      active: true,
      author: 'admin1',
      notes: expect.stringContaining('phkl'),
    });
    expect((await active()).catalogVersion).toBe(next);

    // interviewer1's header selectors, on this server, at once.
    const entries = (await insurerList('interviewer1')).body.body!;
    expect(entries.filter((entry) => entry.channel === 'agency')).toEqual([
      expect.objectContaining({
        productCode: 'WL01',
        productName: {
          en: 'Whole Life Protector Plus',
          cn_traditional: '終身人壽保障計劃（加強版）',
        },
      }),
      expect.objectContaining({ productCode: 'CI02' }),
      expect.objectContaining({
        productCode: 'HC03',
        productName: { en: 'Hospital Care', cn_traditional: '住院保障計劃' },
      }),
    ]);
    // The new product offers just its conditions.
    const conditions = await api<{ diseaseList: { uuid: string }[] }>(
      t.baseUrl,
      '/api/disease/list',
      {
        token: tokens.interviewer1,
        body: {
          insurerCode: 'phkl',
          channel: 'agency',
          productCode: 'HC03',
          gender: null,
          age: null,
          rsmScore: null,
          flag: null,
        },
      },
    );
    expect(conditions.body.body!.diseaseList.map((c) => c.uuid).sort()).toEqual([
      'asthma',
      'hypertension',
    ]);

    // insurers.yaml keeps its comments and the other insurers as written.
    const exported = await api<{ files: Record<string, string> }>(
      t.baseUrl,
      `/api/catalog/versions/${next}/export`,
      { token: tokens.admin1 },
    );
    const yaml = exported.body.body!.files['insurers.yaml']!;
    expect(yaml).toContain('# Illustrative sample data, not underwriting advice.');
    expect(yaml).toContain('# A simplified bank product: only the common conditions are offered.');
    expect(yaml).toContain(
      'name: { en: Silver Lantern Life (Hong Kong), cn_traditional: 銀燈人壽（香港） }',
    );
    expect(yaml).toContain('name: { en: Hospital Care, cn_traditional: 住院保障計劃 }');

    // Audited: who, what, before → after.
    const [entry] = await auditOf('insurer', 'phkl');
    expect(entry).toMatchObject({ actor_name: 'Ada Admin', action: 'update', insurers: ['phkl'] });
    expect(entry!.changes).toEqual([
      { field: 'channels', before: insurer.channels, after: changed.channels },
      { field: 'catalogVersion', before: catalogVersion, after: next },
    ]);

    // The same change again changes nothing and makes no version.
    const before = await written();
    const again = await update('admin1', 'phkl', { insurer: changed, catalogVersion: next });
    expect(again.status).toBe(200);
    expect(again.body.body!.catalogVersion).toBe(next);
    expect(await written()).toEqual(before);
  });

  it('O-11 a change made on a version no longer active answers 409 and writes nothing', async () => {
    const { catalogVersion, insurer } = await insurerOf('slhk');
    const first = await update('admin1', 'slhk', {
      insurer: { ...insurer, printCover: !insurer.printCover },
      catalogVersion,
    });
    expect(first.status).toBe(200);
    const before = await written();
    const stale = await update('admin-slhk', 'slhk', {
      insurer: { ...insurer, smokingList: 'B' },
      catalogVersion,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(
      'The catalogue was changed meanwhile: another version is active now. Reload and make your change again.',
    );
    await inChinese(t.baseUrl, tokens['admin-slhk']!, async () => {
      const cn = await update('admin-slhk', 'slhk', {
        insurer: { ...insurer, smokingList: 'B' },
        catalogVersion,
      });
      expect(cn.body.message).toBe('目錄已被更改，現時使用另一個版本。請重新載入後再作更改。');
    });
    expect(await written()).toEqual(before);
    // Made on the active version, the slhk administrator's change goes through.
    const fresh = await insurerOf('slhk');
    const done = await update('admin-slhk', 'slhk', {
      insurer: { ...fresh.insurer, smokingList: 'B' },
      catalogVersion: fresh.catalogVersion,
    });
    expect(done.status).toBe(200);
    expect((await auditOf('insurer', 'slhk'))[0]).toMatchObject({
      actor_name: 'Sam Slhk',
      changes: [
        { field: 'smokingList', before: 'A', after: 'B' },
        {
          field: 'catalogVersion',
          before: fresh.catalogVersion,
          after: done.body.body!.catalogVersion,
        },
      ],
    });
  });

  it('O-11 O-08 a new insurer is added to the catalogue and to its creator’s insurers, both audited; its code must be new', async () => {
    const { catalogVersion, insurer } = await insurerOf('demo');
    const acme: AdminInsurer = {
      ...insurer,
      code: 'acme',
      name: { en: 'Acme Assurance', cn_traditional: '極致保險' },
      channels: [
        {
          code: 'direct',
          products: [
            { code: 'TL01', name: { en: 'Term', cn_traditional: '定期' }, impairments: 'all' },
          ],
        },
      ],
    };
    const taken = await create('admin-slhk', {
      insurer: { ...acme, code: 'phkl' },
      catalogVersion,
    });
    expect(taken.status).toBe(400);
    expect(taken.body.errors).toEqual([
      { path: 'insurer.code', message: 'An insurer with this code already exists.' },
    ]);

    const made = await create('admin-slhk', { insurer: acme, catalogVersion });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.message).toBe(
      `Insurer acme added: catalogue version ${made.body.body!.catalogVersion} is active.`,
    );
    // Its creator holds it from the next call on; others do not see it.
    expect((await list('admin-slhk')).body.body!.insurers.map((i) => i.code)).toEqual([
      'slhk',
      'acme',
    ]);
    expect((await list('admin1')).body.body!.insurers.map((i) => i.code)).not.toContain('acme');
    expect((await insurerList('admin-slhk')).body.body!.map((e) => e.insurerCode)).toContain(
      'acme',
    );
    expect((await auditOf('insurer', 'acme'))[0]).toMatchObject({
      action: 'create',
      changes: expect.arrayContaining([{ field: 'code', before: null, after: 'acme' }]),
    });
    expect((await auditOf('user', 'admin-slhk'))[0]).toMatchObject({
      action: 'update',
      changes: [{ field: 'insurers', before: ['slhk'], after: ['slhk', 'acme'] }],
    });

    const again = await create('admin-slhk', {
      insurer: acme,
      catalogVersion: made.body.body!.catalogVersion,
    });
    expect(again.status).toBe(400);
    expect(again.body.errors![0]!.path).toBe('insurer.code');
  });
});
