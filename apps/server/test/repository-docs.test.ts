import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
const SKIPPED = new Set(['node_modules', '.git', 'dist', 'coverage', 'data']);
const TEXT = /\.(ts|tsx|js|mjs|json|md|yaml|yml|sql|css|html)$|^run$|^Dockerfile$/;

function repositoryFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : repositoryFiles(path);
    return TEXT.test(entry.name) && entry.name !== 'package-lock.json' ? [path] : [];
  });
}

/** A citation of a document kept outside the repository, which a reader of it cannot open. */
const OUTSIDE = /DESIGN\.md|CONVENTIONS\.md|checklist\.md|video-mer-spec|\bspec ?§|\.\.\/shared\//;

describe('the design is in the repository', () => {
  it('no code, test or document cites a file outside the repository', () => {
    const citations = repositoryFiles(ROOT).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          OUTSIDE.test(line) && !file.endsWith('repository-docs.test.ts')
            ? [`${relative(ROOT, file)}:${index + 1}: ${line.trim()}`]
            : [],
        ),
    );
    expect(citations).toEqual([]);
  });

  it('every requirement id a test names is defined in docs/requirements.md', () => {
    const defined = new Set(
      [
        ...readFileSync(join(ROOT, 'docs/requirements.md'), 'utf8').matchAll(
          /^- \*\*([A-Z]-\d{2})\*\*/gm,
        ),
      ].map((match) => match[1]),
    );
    const named = repositoryFiles(ROOT)
      .filter((file) => /\.test\.tsx?$/.test(file))
      .flatMap((file) =>
        [
          ...readFileSync(file, 'utf8').matchAll(
            /\b(?:it|test|describe)(?:\.each\([^)]*\))?\(\s*['"`]((?:[A-Z]-\d{2} )+)/g,
          ),
        ].flatMap((match) =>
          match[1]!
            .trim()
            .split(' ')
            .map((id) => `${relative(ROOT, file)}: ${id}`),
        ),
      );
    expect(named.filter((entry) => !defined.has(entry.split(': ')[1]))).toEqual([]);
  });
});
