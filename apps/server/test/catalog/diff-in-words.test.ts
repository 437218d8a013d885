import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogDiff } from '../../src/catalog/catalog-diff.ts';
import type { SourceTexts } from '../../src/catalog/source-files.ts';
import { api, buildTestApp, DATABASES, tokenFor, type TestApp } from '../helpers.ts';
import { upload } from './catalog-support.ts';
import {
  ADDED_QUESTION,
  PLANNED_SURGERY,
  REMOVED_QUESTION,
  revisedCatalog,
  SYMPTOMS_WORDING,
} from './revised-catalog.ts';

const FILE = 'impairments/gallstones.yaml';

function replaceOnce(text: string, from: string, to: string): string {
  if (text.split(from).length !== 2) throw new Error(`"${from}" is not once in the file`);
  return text.replace(from, to);
}

/**
 * The revised catalogue (a question reworded, a decision raised, a question removed and one
 * added, EX5 reworded) revised further: a group header, a synonym, a band, an option's label
 * and a child question moved to the top.
 */
async function moreRevised(): Promise<SourceTexts> {
  const files = await revisedCatalog();
  const key = Object.keys(files).find((name) => name.endsWith(FILE))!;
  let text = files[key]!;
  text = replaceOnce(
    text,
    'header: { en: Scans and surgery, cn_traditional: 掃描及手術 }',
    'header: { en: "Scans, surgery and diet", cn_traditional: 掃描、手術及飲食 }',
  );
  text = replaceOnce(text, 'biliary colic]', 'biliary colic, bile stones]');
  text = replaceOnce(text, '- { below: 4, decision:', '- { below: 3, decision:');
  text = replaceOnce(
    text,
    'label: { en: Pancreatitis, cn_traditional: 胰臟炎 }',
    'label: { en: Inflamed pancreas (pancreatitis), cn_traditional: 胰臟發炎（胰臟炎） }',
  );
  // The pathology question leaves the "Yes" of the surgery question for the top level.
  const start = text.indexOf('          - uuid: gallstones-pathology\n');
  const end = text.indexOf('      - uuid: gallstones-surgery-planned\n');
  const block = text
    .slice(start, end)
    .split('\n')
    .map((line) => line.slice(8))
    .join('\n')
    .replace('    type: R\n', '    type: R\n    group: gallstones-g-treatment\n');
  text = `${text.slice(0, start)}${text.slice(end)}${block}`;
  return { ...files, [key]: text };
}

describe.each(DATABASES)('catalogue diff in words on %s', (database) => {
  let t: TestApp;
  let admin: string;
  let diff: CatalogDiff;

  beforeAll(async () => {
    t = await buildTestApp({ database });
    admin = await tokenFor(t.baseUrl, 'admin1');
    const imported = await upload(t.baseUrl, admin, await moreRevised(), { notes: 'Gallstones' });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body.body?.version.version).toBe('2');
    const answer = await api<CatalogDiff>(t.baseUrl, '/api/catalog/diff?from=1&to=2', {
      token: admin,
    });
    expect(answer.status).toBe(200);
    diff = answer.body.body!;
  });
  afterAll(async () => t?.close());

  const gallstones = () => diff.impairments.changed.find((i) => i.uuid === 'gallstones')!.changes;

  it('K-02 names the one condition changed, in both languages, and the catalogue-wide part with its entry', () => {
    expect(diff.impairments).toMatchObject({ added: [], removed: [] });
    expect(diff.impairments.changed.map((i) => i.name)).toEqual([
      { en: 'Gallstones', cn_traditional: '膽石' },
    ]);
    expect(diff.parts).toEqual([
      { part: 'exclusions', added: [], removed: [], changed: ['EX5'] },
    ]);
  });

  it("K-02 a changed decision says the option, the indicator and before → after; a reworded question says both texts", () => {
    const decisions = gallstones().filter((c) => c.kind === 'optionDecision');
    expect(decisions).toEqual([
      {
        kind: 'optionDecision',
        question: expect.objectContaining({ uuid: 'gallstones-surgery' }),
        option: {
          uuid: PLANNED_SURGERY,
          label: { en: 'No, surgery is advised or planned', cn_traditional: '否，醫生建議或已安排手術' },
        },
        indicator: 'LIFE',
        before: '25',
        after: '50',
      },
      expect.objectContaining({ indicator: 'CI', before: '0', after: '25' }),
    ]);
    expect(gallstones()).toContainEqual({
      kind: 'questionText',
      question: { uuid: 'gallstones-symptoms', text: SYMPTOMS_WORDING.revised },
      before: SYMPTOMS_WORDING.shipped,
      after: SYMPTOMS_WORDING.revised,
    });
  });

  it('K-02 questions added and removed, a renamed option, bands, a group header, a synonym and a moved child question are each named', () => {
    const changes = gallstones();
    expect(changes).toContainEqual(
      expect.objectContaining({
        kind: 'questionRemoved',
        question: expect.objectContaining({ uuid: REMOVED_QUESTION }),
      }),
    );
    expect(changes).toContainEqual({
      kind: 'questionAdded',
      question: {
        uuid: ADDED_QUESTION.uuid,
        text: { en: ADDED_QUESTION.en, cn_traditional: '醫生有否建議特別飲食？' },
      },
    });
    expect(changes).toContainEqual(
      expect.objectContaining({
        kind: 'optionLabel',
        option: expect.objectContaining({ uuid: 'gallstones-complications-pancreatitis' }),
        before: { en: 'Pancreatitis', cn_traditional: '胰臟炎' },
        after: { en: 'Inflamed pancreas (pancreatitis)', cn_traditional: '胰臟發炎（胰臟炎）' },
      }),
    );
    expect(changes).toContainEqual(
      expect.objectContaining({
        kind: 'questionBands',
        question: expect.objectContaining({ uuid: 'gallstones-attacks' }),
        before: [
          { below: 4, decision: { LIFE: '0', CI: '0', MED: 'EX5' } },
          { decision: { LIFE: '25', CI: '0', MED: 'EX5' } },
        ],
        after: [
          { below: 3, decision: { LIFE: '0', CI: '0', MED: 'EX5' } },
          { decision: { LIFE: '25', CI: '0', MED: 'EX5' } },
        ],
      }),
    );
    expect(changes).toContainEqual({
      kind: 'groupHeader',
      group: 'gallstones-g-treatment',
      before: { en: 'Scans and surgery', cn_traditional: '掃描及手術' },
      after: { en: 'Scans, surgery and diet', cn_traditional: '掃描、手術及飲食' },
    });
    expect(changes).toContainEqual({
      kind: 'synonyms',
      language: 'en',
      added: ['bile stones'],
      removed: [],
    });
    expect(changes).toContainEqual(
      expect.objectContaining({
        kind: 'questionMoved',
        question: expect.objectContaining({ uuid: 'gallstones-pathology' }),
        before: {
          question: expect.objectContaining({ uuid: 'gallstones-surgery' }),
          option: { uuid: 'gallstones-surgery-done', label: { en: 'Yes', cn_traditional: '是' } },
        },
        after: { question: null, option: null },
      }),
    );
    // Nothing else of Gallstones is reported as changed.
    expect(changes.map((c) => c.kind).sort()).toEqual(
      [
        'groupHeader',
        'optionDecision',
        'optionDecision',
        'optionLabel',
        'questionAdded',
        'questionBands',
        'questionMoved',
        // The scan question and the child question one of its options opened.
        'questionRemoved',
        'questionRemoved',
        'questionText',
        'synonyms',
      ].sort(),
    );
  });

  it('K-02 the same version against itself has nothing changed', async () => {
    const answer = await api<CatalogDiff>(t.baseUrl, '/api/catalog/diff?from=2&to=2', {
      token: admin,
    });
    expect(answer.body.body).toEqual({
      from: '2',
      to: '2',
      parts: [],
      impairments: { added: [], removed: [], changed: [] },
    });
  });

  it('K-02 an unknown version answers 404; other roles 403; bad input 400', async () => {
    expect((await api(t.baseUrl, '/api/catalog/diff?from=1&to=99', { token: admin })).status).toBe(
      404,
    );
    expect((await api(t.baseUrl, '/api/catalog/diff?from=1', { token: admin })).status).toBe(400);
    for (const user of ['uw1', 'interviewer1']) {
      const token = await tokenFor(t.baseUrl, user);
      const answer = await api(t.baseUrl, '/api/catalog/diff?from=1&to=2', { token });
      expect(answer.status, user).toBe(403);
    }
  });

  it('K-15 the demo data has a second administrator, admin2, with admin1\'s insurers', async () => {
    const admin2 = await tokenFor(t.baseUrl, 'admin2');
    expect((await api(t.baseUrl, '/api/catalog/diff?from=1&to=2', { token: admin2 })).status).toBe(
      200,
    );
    const insurers = async (token: string) =>
      [
        ...new Set(
          (
            await api<{ insurerCode: string }[]>(t.baseUrl, '/api/insurer/list', { token })
          ).body.body?.map((row) => row.insurerCode),
        ),
      ].sort();
    expect(await insurers(admin2)).toEqual(await insurers(admin));
    expect(await insurers(admin2)).toEqual(['demo', 'phkl', 'slhk']);
  });
});
