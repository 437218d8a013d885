import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');

/** The app's own code, tests and their helpers left out. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      return ['__tests__', 'test', 'node_modules'].includes(entry.name) ? [] : sourceFiles(path);
    }
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The lines of the files under `dirs` that match `pattern`, as `file:line: text`. */
function linesMatching(dirs: readonly string[], pattern: RegExp, except: readonly string[] = []) {
  return dirs
    .flatMap((dir) => sourceFiles(join(ROOT, dir)))
    .filter((file) => !except.includes(relative(ROOT, file)))
    .flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          pattern.test(line) ? [`${relative(ROOT, file)}:${index + 1}: ${line.trim()}`] : [],
        ),
    );
}

/**
 * The rules the domain's evaluation owns (decisions, the BMI rule, the profile checks, what
 * enables Save and Submit): the web app and the server read an evaluation
 * (`evaluateDisclosure`, `evaluateDocument`) instead of putting them together again.
 */
const EVALUATION_PARTS = [
  'computeBmi',
  'bmiDecision',
  'decideAll',
  'decideImpairment',
  'consolidate',
  'validateProfile',
  'canSave',
  'canSubmit',
  'canExport',
  'canPrint',
  'enablement',
];

describe('one owner for every rule', () => {
  it('the web app and the server take decisions, the BMI rule and the save and submit checks from the evaluation, not from its parts', () => {
    const named = new RegExp(`\\b(${EVALUATION_PARTS.join('|')})\\s*\\(`);
    expect(linesMatching(['apps/web/src', 'apps/server/src'], named)).toEqual([]);
  });

  it("whether the smoking status is needed is the domain's rule: no web or server code reads the flag itself", () => {
    expect(linesMatching(['apps/web/src', 'apps/server/src'], /\.needsSmoking\b/)).toEqual([]);
  });

  it("the minimum age is the domain's rule: no web or server code compares an age with MIN_AGE", () => {
    expect(linesMatching(['apps/web/src', 'apps/server/src'], /\bMIN_AGE\b/)).toEqual([]);
  });

  it('nothing but the two question type registries asks what type a question is', () => {
    // `q.type === 'N'`, `switch (question.type)`: the registries answer instead.
    const typeCheck = /\btype\s*[!=]==?\s*'[A-Z]'|switch\s*\(\s*[\w.]*\.type\s*\)/;
    expect(
      linesMatching(['packages/domain/src', 'apps/web/src', 'apps/server/src'], typeCheck, [
        'packages/domain/src/question-types.ts',
        'apps/web/src/features/questionnaire/components/questions/question-inputs.tsx',
      ]),
    ).toEqual([]);
  });
});
