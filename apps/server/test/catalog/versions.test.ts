import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { catalogSourceJsonSchema } from '@vmer/domain/catalog/source-schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogDiff } from '../../src/catalog/catalog-diff.ts';
import type { VersionSummary } from '../../src/catalog/catalog-service.ts';
import { readSourceDir, type SourceTexts } from '../../src/catalog/source-files.ts';
import { api, buildTestApp, DATABASES, tokenFor, type TestApp } from '../helpers.ts';
import { activateVersion, soundFiles, upload, type ReleaseAnswer } from './catalog-support.ts';

const run = promisify(execFile);
const CLI = fileURLToPath(new URL('../../src/cli/catalog.ts', import.meta.url));
const DEFECTS = fileURLToPath(new URL('./fixtures/defects', import.meta.url));
const SOUND = fileURLToPath(new URL('./fixtures/sound', import.meta.url));

async function catalogTool(
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe.each(DATABASES)('catalogue versions on %s', (database) => {
  let t: TestApp;
  let admin: string;
  let admin2: string;
  let underwriter: string;

  const versions = async () =>
    (await api<VersionSummary[]>(t.baseUrl, '/api/catalog/versions', { token: admin })).body.body ??
    [];
  const activeVersion = async () =>
    (await api<{ version: string }>(t.baseUrl, '/api/questionnaire/get', { token: underwriter }))
      .body.body?.version;

  beforeAll(async () => {
    t = await buildTestApp({ database });
    [admin, admin2, underwriter] = await Promise.all([
      tokenFor(t.baseUrl, 'admin1'),
      tokenFor(t.baseUrl, 'admin2'),
      tokenFor(t.baseUrl, 'uw1'),
    ]);
  });
  afterAll(async () => t?.close());

  it('A-10 seeds the shipped catalogue as version 1 and activates it on first start', async () => {
    const [first, ...rest] = await versions();
    expect(rest).toEqual([]);
    expect(first).toMatchObject({ version: '1', author: 'system', active: true });
    expect(first?.impairments).toBeGreaterThanOrEqual(40);
    expect(await activeVersion()).toBe('1');
  });

  it('imports a catalogue as a new version; the same files again answer that version', async () => {
    const files = await soundFiles();
    const first = await upload(t.baseUrl, admin, files, { notes: 'test catalogue' });
    expect(first.status).toBe(200);
    expect(first.body.body).toMatchObject({
      created: true,
      version: {
        version: '2',
        author: 'admin1',
        notes: 'test catalogue',
        active: false,
        impairments: 6,
      },
    });
    expect(first.body.body?.version.contentHash).toMatch(/^[0-9a-f]{64}$/);

    // Listed in another order: the same content.
    const reversed = Object.fromEntries(Object.entries(files).reverse());
    const again = await upload(t.baseUrl, admin, reversed);
    expect(again.body.body).toMatchObject({
      created: false,
      version: { version: '2', notes: 'test catalogue' },
    });
    expect((await versions()).map((v) => [v.version, v.active])).toEqual([
      ['2', false],
      ['1', true],
    ]);
  });

  it('K-11 activating a version asks for a release: nothing changes until another administrator approves it; an unknown version answers 404', async () => {
    const asked = await api<ReleaseAnswer>(t.baseUrl, '/api/catalog/versions/2/activate', {
      token: admin,
      method: 'POST',
    });
    expect(asked.status).toBe(200);
    expect(asked.body.body).toMatchObject({ version: '2', status: 'requested', approver: null });
    expect(await activeVersion()).toBe('1');
    // The one who asked cannot approve it.
    const own = await api(t.baseUrl, `/api/catalog/releases/${asked.body.body!.id}/approve`, {
      token: admin,
      body: {},
    });
    expect(own.status).toBe(403);
    expect(own.body.message).toBe(
      'You asked for this release: another administrator must approve it.',
    );
    expect(await activeVersion()).toBe('1');
    const approved = await api<ReleaseAnswer>(
      t.baseUrl,
      `/api/catalog/releases/${asked.body.body!.id}/approve`,
      { token: admin2, body: {} },
    );
    expect(approved.body.body).toMatchObject({ status: 'activated', approver: 'Ben Admin' });
    expect(await activeVersion()).toBe('2');
    expect((await versions()).map((v) => [v.version, v.active])).toEqual([
      ['2', true],
      ['1', false],
    ]);
    expect((await versions())[0]?.activatedAt).toEqual(expect.any(String));
    for (const version of ['99', 'abc', '0']) {
      const missing = await api(t.baseUrl, `/api/catalog/versions/${version}/activate`, {
        token: admin,
        method: 'POST',
      });
      expect(missing.status).toBe(404);
    }
    await activateVersion(t.baseUrl, '1', { asker: admin, approver: admin2 });
    expect(await activeVersion()).toBe('1');
  });

  it('exports a version as the files imported, and the export imports as the same version', async () => {
    const exported = await api<{ version: string; files: SourceTexts }>(
      t.baseUrl,
      '/api/catalog/versions/2/export',
      { token: admin },
    );
    expect(exported.body.body).toEqual({ version: '2', files: await soundFiles() });
    const reimported = await upload(t.baseUrl, admin, exported.body.body?.files ?? {});
    expect(reimported.body.body).toMatchObject({ created: false, version: { version: '2' } });
    expect((await api(t.baseUrl, '/api/catalog/versions/42/export', { token: admin })).status).toBe(
      404,
    );
  });

  it('refuses a catalogue with problems, each at its file and line, and stores nothing', async () => {
    const before = await versions();
    const answer = await upload(t.baseUrl, admin, await readSourceDir(DEFECTS));
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('The catalogue has 22 problem(s); nothing was imported.');
    expect(answer.body.errors).toContainEqual({
      path: 'impairments/hypertension.yaml:29',
      message: 'decision misses indicator(s) CI',
    });
    expect(answer.body.errors).toContainEqual({
      path: 'impairments/gout.yaml:17',
      message: 'case "one attack": LIFE: expected 50, got 25',
    });
    expect(await versions()).toEqual(before);
  });

  it('refuses a catalogue whose own regression case fails', async () => {
    const files = await soundFiles();
    files['impairments/hypertension.yaml'] =
      files['impairments/hypertension.yaml']?.replace(
        'expect: { LIFE: "0", CI: "25" }',
        'expect: { LIFE: "0", CI: "0" }',
      ) ?? '';
    const answer = await upload(t.baseUrl, admin, files);
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([
      {
        path: 'impairments/hypertension.yaml:50',
        message: 'case "controlled since 2015": CI: expected 0, got 25',
      },
    ]);
  });

  it('refuses files outside the catalogue layout and bodies that are not an upload', async () => {
    const files = { ...(await soundFiles()), '../etc/passwd.yaml': 'x: 1' };
    const answer = await upload(t.baseUrl, admin, files);
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toContainEqual({
      path: '../etc/passwd.yaml:0',
      message: 'not a catalogue file: catalog.yaml, insurers.yaml or impairments/<uuid>.yaml',
    });
    const bad = await api(t.baseUrl, '/api/catalog/versions', {
      token: admin,
      body: { files: 'catalog.yaml', extra: 1 },
    });
    expect(bad.status).toBe(400);
  });

  it('diffs two versions: impairments and questions added, removed and changed', async () => {
    const files = await soundFiles();
    files['impairments/hypertension.yaml'] =
      files['impairments/hypertension.yaml']?.replace(
        'Latest systolic reading',
        'Latest systolic pressure',
      ) ?? '';
    delete files['impairments/prostate.yaml'];
    files['insurers.yaml'] =
      files['insurers.yaml']?.replace('[ovarian-cyst, prostate]', '[ovarian-cyst, gout]') ?? '';
    files['impairments/gout.yaml'] = (files['impairments/abnormal-bmi.yaml'] ?? '')
      .replaceAll('abnormal-bmi', 'gout')
      .replace('Abnormal BMI', 'Gout');
    const imported = await upload(t.baseUrl, admin, files);
    expect(imported.body.body?.version.version).toBe('3');

    const diff = await api<CatalogDiff>(t.baseUrl, '/api/catalog/diff?from=2&to=3', {
      token: admin,
    });
    expect(diff.body.body).toEqual({
      from: '2',
      to: '3',
      parts: [{ part: 'insurers', added: [], removed: [], changed: ['slhk'] }],
      impairments: {
        added: [{ uuid: 'gout', name: expect.objectContaining({ en: 'Gout' }) }],
        removed: [{ uuid: 'prostate', name: expect.objectContaining({ en: 'Enlarged prostate' }) }],
        changed: [
          {
            uuid: 'hypertension',
            name: expect.objectContaining({ en: 'Hypertension' }),
            changes: [
              expect.objectContaining({
                kind: 'questionText',
                question: expect.objectContaining({ uuid: 'htn-systolic' }),
              }),
            ],
          },
        ],
      },
    });
    expect((await api(t.baseUrl, '/api/catalog/diff?from=2&to=9', { token: admin })).status).toBe(
      404,
    );
  });

  it('K-01 admin and studio routes answer 403 to others and 401 without a token; the JSON Schema is public', async () => {
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/catalog/versions'],
      ['POST', '/api/catalog/versions', { files: {} }],
      ['POST', '/api/catalog/versions/1/activate'],
      ['GET', '/api/catalog/drafts'],
      ['POST', '/api/catalog/drafts', { basedOn: '1' }],
      ['GET', '/api/catalog/drafts/1'],
      ['PUT', '/api/catalog/drafts/1/files', { revision: 1, files: {} }],
      ['DELETE', '/api/catalog/drafts/1/conflicts/1'],
      ['POST', '/api/catalog/drafts/1/retire'],
      ['POST', '/api/catalog/drafts/1/submit', { note: 'x' }],
      ['POST', '/api/catalog/drafts/1/return', { note: 'x' }],
      ['POST', '/api/catalog/drafts/1/approve', {}],
      ['GET', '/api/catalog/drafts/1/zip'],
      ['GET', '/api/catalog/versions/1/zip'],
      ['POST', '/api/catalog/zip', { content: '', as: 'version' }],
      ['GET', '/api/catalog/releases'],
      ['POST', '/api/catalog/releases', { version: '1', note: 'x' }],
      ['POST', '/api/catalog/releases/1/approve', {}],
      ['POST', '/api/catalog/releases/1/cancel'],
      ['GET', '/api/catalog/versions/1/export'],
      ['GET', '/api/catalog/diff?from=1&to=2'],
    ];
    const [agent, interviewer] = await Promise.all([
      tokenFor(t.baseUrl, 'agent1'),
      tokenFor(t.baseUrl, 'interviewer1'),
    ]);
    for (const [method, path, body] of routes) {
      for (const token of [underwriter, agent, interviewer]) {
        const answer = await api(t.baseUrl, path, { token, method, body });
        expect(answer.status, `${method} ${path}`).toBe(403);
        expect(answer.body).toEqual({
          code: 403,
          error: 'forbidden',
          message: 'You are not allowed to do this.',
        });
      }
      expect((await api(t.baseUrl, path, { method, body })).status).toBe(401);
    }
    const schema = await fetch(`${t.baseUrl}/api/catalog/schema.json`);
    expect(schema.status).toBe(200);
    expect(await schema.json()).toEqual(catalogSourceJsonSchema());
  });

  it('npm run catalog -- import, versions, activate and export work against the running server', async () => {
    const server = ['--url', t.baseUrl, '--user', 'admin1', '--password', 'demo'];
    const files = await soundFiles();
    files['catalog.yaml'] = `${files['catalog.yaml']}# imported by the CLI test\n`;
    const dir = await mkdtemp(join(tmpdir(), 'vmer-catalog-'));
    try {
      const { writeFile, mkdir } = await import('node:fs/promises');
      await mkdir(join(dir, 'in', 'impairments'), { recursive: true });
      for (const [path, text] of Object.entries(files))
        await writeFile(join(dir, 'in', path), text);

      const imported = await catalogTool(
        'import',
        join(dir, 'in'),
        '--notes',
        'from the CLI',
        '--activate',
        ...server,
      );
      expect(imported.code).toBe(0);
      expect(imported.stderr).toMatch(/imported as a new version/);
      // Imported, and its activation asked for: another administrator approves it.
      expect(imported.stdout).toMatch(/^ {2}4\t.*\tadmin1\t6 impairments\tfrom the CLI\n/);
      const release = /^release (\d+)\tversion 4\trequested\t/m.exec(imported.stdout)?.[1];
      expect(release).toBeDefined();
      expect(await activeVersion()).toBe('1');
      const approved = await catalogTool(
        'approve',
        release!,
        '--url',
        t.baseUrl,
        '--user',
        'admin2',
      );
      expect(approved.code).toBe(0);
      expect(approved.stdout).toMatch(/\tversion 4\tactivated\t/);
      expect(await activeVersion()).toBe('4');

      const again = await catalogTool('import', join(dir, 'in'), ...server);
      expect(again.stderr).toMatch(/identical to an existing version/);

      const refused = await catalogTool('import', DEFECTS, ...server);
      expect(refused.code).toBe(1);
      expect(refused.stdout).toMatch(
        /^impairments\/hypertension\.yaml:29: decision misses indicator\(s\) CI$/m,
      );

      const rollback = await catalogTool('activate', '1', ...server);
      const asked = /^release (\d+)\tversion 1\trequested\t/m.exec(rollback.stdout)?.[1];
      expect(asked).toBeDefined();
      // admin1 asked: admin1 cannot approve.
      const own = await catalogTool('approve', asked!, ...server);
      expect(own.code).toBe(1);
      expect(own.stderr).toMatch(/403/);
      await catalogTool('approve', asked!, '--url', t.baseUrl, '--user', 'admin2');
      expect(await activeVersion()).toBe('1');
      const listed = await catalogTool('versions', ...server);
      expect(
        listed.stdout
          .trimEnd()
          .split('\n')
          .map((line) => line.split('\t')[0]),
      ).toEqual(['  4', '  3', '  2', '* 1']);

      const exported = await catalogTool('export', '2', '--out', join(dir, 'out'), ...server);
      expect(exported.code).toBe(0);
      expect(await readSourceDir(join(dir, 'out'))).toEqual(await readSourceDir(SOUND));

      const forbidden = await catalogTool('versions', '--url', t.baseUrl, '--user', 'uw1');
      expect(forbidden.code).toBe(1);
      expect(forbidden.stderr).toMatch(/403/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
