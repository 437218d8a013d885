import type { AdminAuditEntry } from '@vmer/domain/admin';
import type { Draft, DraftSummary, Release } from '@vmer/domain/api';

interface CatalogZip {
  fileName: string;
  content: string;
}
import { strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VersionSummary } from '../../src/catalog/catalog-service.ts';
import type { SourceTexts } from '../../src/catalog/source-files.ts';
import { api, buildTestApp, DATABASES, inChinese, tokenFor, type TestApp } from '../helpers.ts';
import { soundFiles, upload } from './catalog-support.ts';

const HYPERTENSION = 'impairments/hypertension.yaml';

function zipOf(files: Record<string, string | Uint8Array>): string {
  const entries: Zippable = {};
  for (const [path, content] of Object.entries(files)) {
    entries[path] = typeof content === 'string' ? strToU8(content) : content;
  }
  return Buffer.from(zipSync(entries)).toString('base64');
}

function unzip(content: string): SourceTexts {
  const files = unzipSync(Buffer.from(content, 'base64'));
  return Object.fromEntries(
    Object.entries(files).map(([path, bytes]) => [path, new TextDecoder().decode(bytes)]),
  );
}

describe.each(DATABASES)('the catalogue studio on %s', (database) => {
  let t: TestApp;
  let admin1: string;
  let admin2: string;
  let underwriter: string;
  /** The sound test catalogue, stored as a version (not active). */
  let sound: string;

  const call = <T>(path: string, token: string, options: { method?: string; body?: unknown } = {}) =>
    api<T>(t.baseUrl, path, { token, ...options });
  const activeVersion = async () =>
    (await call<{ version: string }>('/api/questionnaire/get', underwriter)).body.body?.version;
  const createDraft = async (basedOn: string, token = admin1) => {
    const created = await call<Draft>('/api/catalog/drafts', token, { body: { basedOn } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return created.body.body!;
  };
  const save = (id: string, revision: number, files: Record<string, string | null>, token = admin1) =>
    call<{ revision: number; problems: { file: string; line: number; message: string }[] }>(
      `/api/catalog/drafts/${id}/files`,
      token,
      { method: 'PUT', body: { revision, files } },
    );
  const audit = async (subjectType: string, subjectId: string) =>
    (
      await call<{ items: AdminAuditEntry[] }>(
        `/api/admin/audit?subjectType=${subjectType}&subjectId=${subjectId}`,
        admin1,
      )
    ).body.body!.items;

  beforeAll(async () => {
    t = await buildTestApp({ database, env: { CATALOGUE_RELEASE_CHECK_MS: '1000' } });
    [admin1, admin2, underwriter] = await Promise.all([
      tokenFor(t.baseUrl, 'admin1'),
      tokenFor(t.baseUrl, 'admin2'),
      tokenFor(t.baseUrl, 'uw1'),
    ]);
    sound = (await upload(t.baseUrl, admin1, await soundFiles())).body.body!.version.version;
  });
  afterAll(async () => t?.close());

  it('K-03 a draft is created from any version with its files, revision 1 and no problem; an unknown version answers 404; a draft is retired', async () => {
    const draft = await createDraft(sound);
    expect(draft).toMatchObject({
      basedOn: sound,
      revision: 1,
      status: 'draft',
      author: 'Ada Admin',
      problems: [],
      conflictCopies: [],
    });
    expect(draft.files).toEqual(await soundFiles());
    const listed = (await call<DraftSummary[]>('/api/catalog/drafts', admin2)).body.body!;
    expect(listed.map((d) => d.id)).toContain(draft.id);
    expect(listed.find((d) => d.id === draft.id)).not.toHaveProperty('files');

    const unknown = await call('/api/catalog/drafts', admin1, { body: { basedOn: '99' } });
    expect(unknown.status).toBe(404);

    const retired = await call<DraftSummary>(`/api/catalog/drafts/${draft.id}/retire`, admin1, {
      method: 'POST',
    });
    expect(retired.body.body?.status).toBe('retired');
    const edit = await save(draft.id, 1, { 'catalog.yaml': 'notes: x\n' });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe('Only a draft being edited can be changed; this one is retired.');
    expect((await audit('catalogueDraft', draft.id)).map((e) => e.action)).toEqual([
      'retire',
      'create',
    ]);
  });

  it('K-06 a save made on a stale revision answers 409 with who saved what, and keeps the refused edit as a conflict copy', async () => {
    const draft = await createDraft(sound);
    const base = draft.files['catalog.yaml']!;
    const first = await save(draft.id, 1, { 'catalog.yaml': `${base}# admin1 was here\n` });
    expect(first.status).toBe(200);
    expect(first.body.body).toEqual({
      revision: 2,
      updatedAt: expect.any(String),
      updatedBy: 'Ada Admin',
      problems: [],
    });

    // admin2 started from revision 1 too.
    const late = await save(draft.id, 1, { 'catalog.yaml': `${base}# admin2 was here\n` }, admin2);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({
      code: 409,
      error: 'conflict',
      message:
        'Someone saved this draft meanwhile (revision 2, Ada Admin). Your edit is kept on the draft as a conflict copy.',
      body: {
        revision: 2,
        updatedBy: 'Ada Admin',
        files: { 'catalog.yaml': `${base}# admin1 was here\n` },
      },
    });
    const conflictId = (late.body as unknown as { body: { conflictId: string } }).body.conflictId;
    const reread = (await call<Draft>(`/api/catalog/drafts/${draft.id}`, admin2)).body.body!;
    expect(reread.revision).toBe(2);
    expect(reread.files['catalog.yaml']).toBe(`${base}# admin1 was here\n`);
    expect(reread.conflictCopies).toEqual([
      {
        id: conflictId,
        savedBy: 'Ben Admin',
        savedAt: expect.any(String),
        revision: 1,
        files: { 'catalog.yaml': `${base}# admin2 was here\n` },
      },
    ]);
    expect(reread.conflicts).toBe(1);

    // admin2 merges on the current revision, then drops the copy.
    const merged = await save(
      draft.id,
      2,
      { 'catalog.yaml': `${base}# admin1 was here\n# admin2 was here\n` },
      admin2,
    );
    expect(merged.body.body?.revision).toBe(3);
    const dismissed = await call<DraftSummary>(
      `/api/catalog/drafts/${draft.id}/conflicts/${conflictId}`,
      admin2,
      { method: 'DELETE' },
    );
    expect(dismissed.body.body?.conflicts).toBe(0);

    const trail = await audit('catalogueDraft', draft.id);
    expect(trail.map((e) => [e.action, e.actor])).toEqual([
      ['dismiss conflict', 'Ben Admin'],
      ['save', 'Ben Admin'],
      ['conflict', 'Ben Admin'],
      ['save', 'Ada Admin'],
      ['create', 'Ada Admin'],
    ]);
    // Paths and revisions, never a file's text.
    expect(JSON.stringify(trail)).not.toMatch(/was here/);
    expect(trail[3]?.changes).toEqual([
      { field: 'revision', before: 1, after: 2 },
      { field: 'paths', before: null, after: ['catalog.yaml'] },
    ]);
  });

  it('K-14 a save is bounded: a bad path, too many files or too big a file answers 400 naming it, in the caller language', async () => {
    const draft = await createDraft(sound);
    for (const path of ['../catalog.yaml', '/etc/passwd.yaml', 'impairments/a/b.yaml', 'notes.txt']) {
      const bad = await save(draft.id, 1, { [path]: 'x: 1\n' });
      expect(bad.status, path).toBe(400);
      expect(bad.body.errors).toContainEqual({
        path: `files.${path}`,
        message: 'Not a catalogue file: catalog.yaml, insurers.yaml or impairments/<name>.yaml.',
      });
    }
    await inChinese(t.baseUrl, admin1, async () => {
      const chinese = await save(draft.id, 1, { '../x.yaml': 'x' });
      expect(chinese.body.errors?.[0]?.message).toBe(
        '並非目錄檔案：catalog.yaml、insurers.yaml 或 impairments/<名稱>.yaml。',
      );
    });
    const many = Object.fromEntries(
      Array.from({ length: 2001 }, (_, i) => [`impairments/extra-${i}.yaml`, 'x: 1\n']),
    );
    const tooMany = await save(draft.id, 1, many);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors).toContainEqual({
      path: 'files',
      message: 'A catalogue holds at most 2000 files.',
    });
    const big = await save(draft.id, 1, { 'catalog.yaml': 'x'.repeat(2 * 1024 * 1024 + 1) });
    expect(big.status).toBe(400);
    // Nothing was written.
    expect((await call<Draft>(`/api/catalog/drafts/${draft.id}`, admin1)).body.body?.revision).toBe(1);
  });

  it('K-08 a draft with a YAML error or a failing regression case shows each problem with file and line and cannot be submitted', async () => {
    const draft = await createDraft(sound);
    const text = draft.files[HYPERTENSION]!;
    const failing = text.replace('expect: { LIFE: "0", CI: "25" }', 'expect: { LIFE: "0", CI: "50" }');
    expect(failing).not.toBe(text);
    const saved = await save(draft.id, 1, { [HYPERTENSION]: failing });
    expect(saved.body.body?.problems).toEqual([
      {
        file: HYPERTENSION,
        line: expect.any(Number),
        message: expect.stringMatching(/^case "controlled since 2015": .*CI/),
        // Where in the file's data, for the structured view's fields.
        path: expect.arrayContaining(['cases']),
      },
    ]);
    const line = saved.body.body!.problems[0]!.line;
    expect(failing.split('\n')[line - 1]).toMatch(/- name: controlled since 2015/);

    const refused = await call(`/api/catalog/drafts/${draft.id}/submit`, admin1, {
      body: { note: 'ready' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('The draft has 1 problem(s) and cannot be submitted.');
    expect(refused.body.errors).toEqual([
      { path: `${HYPERTENSION}:${line}`, message: expect.stringMatching(/controlled since 2015/) },
    ]);

    const broken = await save(draft.id, 2, { 'catalog.yaml': 'notes: [unclosed\n' });
    expect(broken.body.body?.problems).toContainEqual({
      file: 'catalog.yaml',
      line: expect.any(Number),
      message: expect.any(String),
    });
    const read = (await call<Draft>(`/api/catalog/drafts/${draft.id}`, admin1)).body.body!;
    expect(read.problems.map((p) => p.file)).toContain('catalog.yaml');
    expect(read.status).toBe('draft');
  });

  it('K-11 submitted with a note a draft is frozen; it returns to draft with a note; its author cannot approve it, a second administrator does and it is active at once', async () => {
    const draft = await createDraft(sound);
    const changed = `${draft.files['catalog.yaml']}# approved change\n`;
    await save(draft.id, 1, { 'catalog.yaml': changed });
    const submitted = await call<DraftSummary>(`/api/catalog/drafts/${draft.id}/submit`, admin1, {
      body: { note: 'first try' },
    });
    expect(submitted.body.body).toMatchObject({
      status: 'submitted',
      submissionNote: 'first try',
      submittedBy: 'Ada Admin',
    });
    expect((await save(draft.id, 2, { 'catalog.yaml': changed })).status).toBe(409);

    const returned = await call<DraftSummary>(`/api/catalog/drafts/${draft.id}/return`, admin2, {
      body: { note: 'explain the change' },
    });
    expect(returned.body.body).toMatchObject({ status: 'draft', returnNote: 'explain the change' });
    await call(`/api/catalog/drafts/${draft.id}/submit`, admin1, { body: { note: 'explained' } });

    const own = await call(`/api/catalog/drafts/${draft.id}/approve`, admin1, { body: {} });
    expect(own.status).toBe(403);
    expect(own.body.message).toBe(
      'You wrote or submitted this draft: another administrator must approve it.',
    );
    const past = await call(`/api/catalog/drafts/${draft.id}/approve`, admin2, {
      body: { activateAt: '2001-01-01T00:00:00Z' },
    });
    expect(past.status).toBe(400);
    expect(await activeVersion()).toBe('1');

    const approved = await call<{ draft: DraftSummary; version: VersionSummary; release: Release }>(
      `/api/catalog/drafts/${draft.id}/approve`,
      admin2,
      { body: {} },
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const { version } = approved.body.body!.version;
    expect(approved.body.body).toMatchObject({
      draft: { status: 'released', approver: 'Ben Admin', version },
      version: { active: true, author: 'Ada Admin', approver: 'Ben Admin' },
      release: { kind: 'draft', status: 'activated', draftId: draft.id, requestedBy: 'Ada Admin' },
    });
    expect(await activeVersion()).toBe(version);
    const exported = await call<{ files: SourceTexts }>(
      `/api/catalog/versions/${version}/export`,
      admin1,
    );
    expect(exported.body.body?.files['catalog.yaml']).toBe(changed);
    // Approved once: a second approval finds nothing to approve.
    expect((await call(`/api/catalog/drafts/${draft.id}/approve`, admin2, { body: {} })).status).toBe(
      409,
    );
    expect((await audit('catalogueDraft', draft.id)).map((e) => e.action)).toEqual([
      'approve',
      'submit',
      'return',
      'submit',
      'save',
      'create',
    ]);
    expect(
      (await audit('catalogueRelease', approved.body.body!.release.id)).map((e) => e.action),
    ).toEqual(['activate']);
    await activateBack();
  });

  /** Leaves version 1 active for the next test: a rollback, approved by the other. */
  async function activateBack(): Promise<void> {
    const asked = await call<Release>('/api/catalog/releases', admin2, {
      body: { version: '1', note: 'roll back' },
    });
    expect(asked.body.body).toMatchObject({ kind: 'rollback', status: 'requested', version: '1' });
    await call(`/api/catalog/releases/${asked.body.body!.id}/approve`, admin1, { body: {} });
    expect(await activeVersion()).toBe('1');
  }

  it('K-11 a rollback is a release request for an earlier version: the one who asked cannot approve it; another administrator activates it; a request can be cancelled', async () => {
    const asked = await call<Release>('/api/catalog/releases', admin1, {
      body: { version: sound, note: 'try the test catalogue' },
    });
    expect(asked.body.body).toMatchObject({ status: 'requested', requestedBy: 'Ada Admin' });
    const id = asked.body.body!.id;
    expect((await call(`/api/catalog/releases/${id}/approve`, admin1, { body: {} })).status).toBe(
      403,
    );
    expect(await activeVersion()).toBe('1');
    const approved = await call<Release>(`/api/catalog/releases/${id}/approve`, admin2, { body: {} });
    expect(approved.body.body).toMatchObject({ status: 'activated', approver: 'Ben Admin' });
    expect(await activeVersion()).toBe(sound);
    await activateBack();

    const unwanted = await call<Release>('/api/catalog/releases', admin1, {
      body: { version: sound, note: 'not after all' },
    });
    const cancelled = await call<Release>(
      `/api/catalog/releases/${unwanted.body.body!.id}/cancel`,
      admin1,
      { method: 'POST' },
    );
    expect(cancelled.body.body).toMatchObject({ status: 'cancelled', cancelledBy: 'Ada Admin' });
    expect(
      (await call(`/api/catalog/releases/${unwanted.body.body!.id}/approve`, admin2, { body: {} }))
        .status,
    ).toBe(409);
    expect((await call('/api/catalog/releases', admin1, { body: { version: '99', note: 'x' } })).status).toBe(404);
    expect((await audit('catalogueRelease', id)).map((e) => e.action)).toEqual([
      'activate',
      'approve',
      'request',
    ]);
    expect(await activeVersion()).toBe('1');
  });

  it('K-11 an approval can schedule the activation: a job round activates the version when due; a schedule can be cancelled', async () => {
    // Scheduled far ahead, then cancelled: nothing is activated.
    const later = await call<Release>('/api/catalog/releases', admin1, {
      body: { version: sound, note: 'next year' },
    });
    const scheduled = await call<Release>(
      `/api/catalog/releases/${later.body.body!.id}/approve`,
      admin2,
      { body: { activateAt: new Date(Date.now() + 365 * 86_400_000).toISOString() } },
    );
    expect(scheduled.body.body).toMatchObject({ status: 'scheduled', approver: 'Ben Admin' });
    const cancelled = await call<Release>(
      `/api/catalog/releases/${later.body.body!.id}/cancel`,
      admin2,
      { method: 'POST' },
    );
    expect(cancelled.body.body?.status).toBe('cancelled');
    expect((await audit('catalogueRelease', later.body.body!.id)).map((e) => e.action)).toEqual([
      'cancel schedule',
      'schedule',
      'approve',
      'request',
    ]);

    // A draft approved for activation in a moment.
    const draft = await createDraft(sound);
    await save(draft.id, 1, { 'catalog.yaml': `${draft.files['catalog.yaml']}# scheduled\n` });
    await call(`/api/catalog/drafts/${draft.id}/submit`, admin1, { body: { note: 'soon' } });
    const approved = await call<{ draft: DraftSummary; version: VersionSummary; release: Release }>(
      `/api/catalog/drafts/${draft.id}/approve`,
      admin2,
      { body: { activateAt: new Date(Date.now() + 1500).toISOString() } },
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const { version } = approved.body.body!.version;
    expect(approved.body.body).toMatchObject({
      draft: { status: 'approved', version },
      version: { active: false },
      release: { status: 'scheduled' },
    });
    expect(await activeVersion()).toBe('1');
    let active = await activeVersion();
    for (let i = 0; i < 100 && active !== version; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      active = await activeVersion();
    }
    expect(active).toBe(version);
    const releases = (await call<Release[]>('/api/catalog/releases', admin1)).body.body!;
    expect(releases.find((r) => r.id === approved.body.body!.release.id)).toMatchObject({
      status: 'activated',
      activatedAt: expect.any(String),
    });
    const after = (await call<Draft>(`/api/catalog/drafts/${draft.id}`, admin1)).body.body!;
    expect(after.status).toBe('released');
    const trail = await audit('catalogueRelease', approved.body.body!.release.id);
    expect(trail.map((e) => [e.action, e.actor])).toEqual([
      ['activate', 'system'],
      ['schedule', 'Ben Admin'],
    ]);
    await activateBack();
  });

  it('K-14 a version and a draft export as a zip of the catalogue folder; a zip imports as a new version or as a draft', async () => {
    const zipped = await call<CatalogZip>(`/api/catalog/versions/${sound}/zip`, admin1);
    expect(zipped.body.body?.fileName).toBe(`catalogue-${sound}.zip`);
    expect(unzip(zipped.body.body!.content)).toEqual(await soundFiles());

    // The same files: the same version.
    const same = await call<{ as: string; created: boolean; version: VersionSummary }>(
      '/api/catalog/zip',
      admin1,
      { body: { content: zipped.body.body!.content, as: 'version' } },
    );
    expect(same.body.body).toMatchObject({ as: 'version', created: false, version: { version: sound } });

    // A zip of the folder itself, changed: a new draft.
    const files = await soundFiles();
    files['catalog.yaml'] = `${files['catalog.yaml']}# from a zip\n`;
    const folder = Object.fromEntries(Object.entries(files).map(([p, text]) => [`catalog/${p}`, text]));
    const imported = await call<{ as: string; draft: DraftSummary }>('/api/catalog/zip', admin1, {
      body: { content: zipOf({ ...folder, 'catalog/schema.json': '{}' }), as: 'draft', notes: 'zip' },
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body.body).toMatchObject({ as: 'draft', draft: { status: 'draft', notes: 'zip', basedOn: '1' } });
    const draftZip = await call<CatalogZip>(
      `/api/catalog/drafts/${imported.body.body!.draft.id}/zip`,
      admin1,
    );
    expect(unzip(draftZip.body.body!.content)).toEqual(files);

    const created = await call<{ as: string; created: boolean; version: VersionSummary }>(
      '/api/catalog/zip',
      admin1,
      { body: { content: zipOf(files), as: 'version' } },
    );
    expect(created.body.body).toMatchObject({ created: true, version: { active: false } });
  });

  it('K-14 a zip with bad YAML or schema errors answers 400 naming each file and line; bad paths, too many files, zip bombs and garbage are refused', async () => {
    const files = await soundFiles();
    const bad = await call('/api/catalog/zip', admin1, {
      body: {
        content: zipOf({
          ...files,
          'catalog.yaml': 'notes: ok\nindicators: [unclosed\n',
          [HYPERTENSION]: files[HYPERTENSION]!.replace('expect: { LIFE: "0", CI: "25" }', 'expect: { LIFE: "0", CI: "50" }'),
        }),
        as: 'version',
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^The catalogue has \d+ problem\(s\); nothing was imported\.$/);
    expect(bad.body.errors?.map((e) => e.path)).toContainEqual(expect.stringMatching(/^catalog\.yaml:\d+$/));

    const schema = await call('/api/catalog/zip', admin1, {
      body: { content: zipOf({ ...files, 'catalog.yaml': `${files['catalog.yaml']}unknownField: 1\n` }), as: 'draft' },
    });
    expect(schema.status).toBe(400);
    expect(schema.body.errors).toContainEqual({
      path: expect.stringMatching(/^catalog\.yaml:\d+$/),
      message: expect.stringMatching(/unknown field unknownField/),
    });

    // A failing regression case: no version, but a draft to fix it in, showing the problem.
    const failingCase = {
      ...files,
      [HYPERTENSION]: files[HYPERTENSION]!.replace(
        'expect: { LIFE: "0", CI: "25" }',
        'expect: { LIFE: "0", CI: "50" }',
      ),
    };
    const asVersion = await call('/api/catalog/zip', admin1, {
      body: { content: zipOf(failingCase), as: 'version' },
    });
    expect(asVersion.status).toBe(400);
    expect(asVersion.body.errors).toEqual([
      { path: expect.stringMatching(/^impairments\/hypertension\.yaml:\d+$/), message: expect.stringMatching(/controlled since 2015/) },
    ]);
    const asDraft = await call<{ as: string; draft: DraftSummary }>('/api/catalog/zip', admin1, {
      body: { content: zipOf(failingCase), as: 'draft' },
    });
    expect(asDraft.status).toBe(200);
    const opened = await call<Draft>(`/api/catalog/drafts/${asDraft.body.body!.draft.id}`, admin1);
    expect(opened.body.body!.problems).toEqual([
      expect.objectContaining({ file: HYPERTENSION, message: expect.stringMatching(/controlled since 2015/) }),
    ]);

    for (const path of ['../evil.yaml', 'impairments/deep/x.yaml', '/abs.yaml']) {
      const answer = await call('/api/catalog/zip', admin1, {
        body: { content: zipOf({ ...files, [path]: 'x: 1\n' }), as: 'version' },
      });
      expect(answer.status, path).toBe(400);
      expect(answer.body.errors?.[0]?.message).toMatch(/^Not a catalogue file/);
    }

    const many = Object.fromEntries(
      Array.from({ length: 2001 }, (_, i) => [`impairments/extra-${i}.yaml`, 'x: 1\n']),
    );
    const tooMany = await call('/api/catalog/zip', admin1, {
      body: { content: zipOf({ ...files, ...many }), as: 'version' },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors).toContainEqual({ path: 'content', message: 'A catalogue holds at most 2000 files.' });

    // One file unpacking beyond a file's bound.
    const huge = await call('/api/catalog/zip', admin1, {
      body: { content: zipOf({ 'catalog.yaml': new Uint8Array(3 * 1024 * 1024) }), as: 'version' },
    });
    expect(huge.status).toBe(400);
    expect(huge.body.errors?.[0]?.message).toMatch(/^A file holds at most/);

    // Many files each within bounds, together far larger than the zip: a bomb.
    const zeros = new Uint8Array(1024 * 1024);
    const bomb = Object.fromEntries(
      Array.from({ length: 40 }, (_, i) => [`impairments/z-${i}.yaml`, zeros]),
    );
    const bombed = await call('/api/catalog/zip', admin1, {
      body: { content: zipOf(bomb), as: 'version' },
    });
    expect(bombed.status).toBe(400);
    expect(bombed.body.message).toBe(
      'The zip unpacks to far more than its size, as a zip bomb does; it was not opened.',
    );

    const garbage = await call('/api/catalog/zip', admin1, {
      body: { content: Buffer.from('not a zip at all').toString('base64'), as: 'version' },
    });
    expect(garbage.status).toBe(400);
    expect(garbage.body.message).toBe('The file is not a readable zip.');
    const versions = (await call<VersionSummary[]>('/api/catalog/versions', admin1)).body.body!;
    expect(versions.every((v) => v.notes !== 'bad')).toBe(true);
  });
});
