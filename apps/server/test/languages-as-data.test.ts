import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { LANGUAGE_CODES } from '@vmer/domain';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
const SOURCES = ['packages/domain/src', 'apps/server/src', 'apps/web/src'];

/** Source files, without tests: a test may well name the language it reads. */
function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === '__tests__' || entry.name === 'test' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const code = `'(?:${LANGUAGE_CODES.join('|')})'`;
/** A language code compared with ===, !==, == or !=, on either side, or a case of a switch. */
const BRANCH = new RegExp(`[=!]==?\\s*${code}|${code}\\s*[=!]==?|case\\s+${code}`);

describe('languages as data', () => {
  it('L-31 no code compares a language code to a literal: languages are looked up in the language table', () => {
    const branches = SOURCES.flatMap(sourceFiles).flatMap((file) =>
      readFileSync(join(ROOT, file), 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          BRANCH.test(line)
            ? [`${relative(ROOT, join(ROOT, file))}:${index + 1}: ${line.trim()}`]
            : [],
        ),
    );
    expect(branches).toEqual([]);
  });

  it('L-31 the check finds a branch on a language', () => {
    expect(BRANCH.test("return language === 'en' ? a : b;")).toBe(true);
    expect(BRANCH.test("if ('cn_traditional' !== lang) {")).toBe(true);
    expect(BRANCH.test("  case 'cn_simplified':")).toBe(true);
    expect(BRANCH.test('const text = textIn(name, language);')).toBe(false);
  });
});
