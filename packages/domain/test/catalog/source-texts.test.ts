import { stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import {
  checkSourceTexts,
  formatProblem,
  type SourceTexts,
} from '../../src/catalog/source-texts.ts';
import { sampleFiles } from './sample-sources.ts';

const HTN = 'impairments/hypertension.yaml';

/** The sample catalogue as the YAML texts an upload, a draft or the studio hands over. */
function sampleTexts(): SourceTexts {
  return Object.fromEntries(sampleFiles().map((file) => [file.path, stringify(file.data)]));
}

/** The sample texts with one file's text replaced by what `change` makes of it. */
function textsWith(path: string, change: (text: string) => string): SourceTexts {
  const texts = sampleTexts();
  texts[path] = change(texts[path]!);
  return texts;
}

/** The 1-based line of the first line of `text` that contains `part`. */
function lineOf(text: string, part: string): number {
  return text.split('\n').findIndex((line) => line.includes(part)) + 1;
}

describe('the catalogue checked from its YAML texts (server uploads and the studio alike)', () => {
  it('sound texts give the catalogue and its sources, with no problem', () => {
    const checked = checkSourceTexts(sampleTexts());
    expect(checked.problems).toEqual([]);
    expect(checked.catalog?.impairments.map((impairment) => impairment.name.en)).toContain(
      'Hypertension',
    );
    expect(checked.sources).toBeDefined();
  });

  it("a rule broken in a file's data is reported at the line of the field it concerns", () => {
    const texts = textsWith(HTN, (text) => text.replace(/^(\s*)group: /m, '$1grup: '));
    const checked = checkSourceTexts(texts);
    expect(checked.catalog).toBeUndefined();
    const unknown = checked.problems.find((problem) => problem.message.includes('grup'));
    expect(unknown).toMatchObject({ file: HTN, line: lineOf(texts[HTN]!, 'grup: ') });
    expect(formatProblem(unknown!)).toBe(`${HTN}:${unknown!.line}: ${unknown!.message}`);
  });

  it('YAML that does not read is a format problem at its line, and nothing is checked further', () => {
    const texts = textsWith(HTN, (text) => `${text}bad: [unclosed\n`);
    const checked = checkSourceTexts(texts);
    expect(checked.catalog).toBeUndefined();
    expect(checked.problems.length).toBeGreaterThan(0);
    for (const problem of checked.problems) expect(problem).toMatchObject({ file: HTN, kind: 'format' });
    expect(checked.problems[0]!.line).toBeGreaterThanOrEqual(lineOf(texts[HTN]!, 'bad: ['));
  });

  it('characters no database stores are refused at their line before the YAML is read', () => {
    const nul = textsWith(HTN, (text) => `${text}notes: "a\u0000b"\n`);
    expect(checkSourceTexts(nul).problems).toEqual([
      {
        file: HTN,
        line: lineOf(nul[HTN]!, 'notes: "a'),
        message: 'the text holds a NUL character (U+0000), which cannot be stored',
        kind: 'format',
      },
    ]);
    const lone = textsWith('catalog.yaml', (text) => `notes: "\ud800"\n${text}`);
    expect(checkSourceTexts(lone).problems).toEqual([
      {
        file: 'catalog.yaml',
        line: 1,
        message: 'the text holds a lone UTF-16 surrogate, which cannot be stored',
        kind: 'format',
      },
    ]);
  });

  it('collections nested beyond the limit are refused at the line where the limit is passed', () => {
    const deep = `${'- '.repeat(400)}x\n`;
    const flow = `a: ${'['.repeat(400)}${']'.repeat(400)}\n`;
    for (const text of [deep, flow]) {
      const problems = checkSourceTexts({ ...sampleTexts(), [HTN]: text }).problems;
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatchObject({ file: HTN, line: 1, kind: 'format' });
      expect(problems[0]!.message).toMatch(/^collections nest deeper than \d+ levels$/);
    }
  });

  it('an alias bomb is refused at the line of its first alias', () => {
    const lines = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (let level = 1; level < 9; level += 1) {
      const previous = String.fromCharCode(96 + level);
      const name = String.fromCharCode(97 + level);
      lines.push(`${name}: &${name} [${Array(10).fill(`*${previous}`).join(', ')}]`);
    }
    const problems = checkSourceTexts({ ...sampleTexts(), [HTN]: `${lines.join('\n')}\n` })
      .problems;
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: HTN, line: 2, kind: 'format' });
  });

  it('a file outside the catalogue layout is reported like any other misplaced file', () => {
    const checked = checkSourceTexts({ ...sampleTexts(), 'notes/readme.txt': 'hello' });
    expect(checked.catalog).toBeUndefined();
    expect(checked.problems.map((problem) => problem.file)).toContain('notes/readme.txt');
  });
});
