import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { catalogSourceJsonSchema } from '@vmer/domain/catalog/source-schema';
import { describe, expect, it } from 'vitest';
import {
  checkSourceTexts,
  formatProblem,
  readSourceDir,
  SHIPPED_CATALOG_DIR,
} from '../../src/catalog/source-files.ts';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const CLI = fileURLToPath(new URL('../../src/cli/catalog.ts', import.meta.url));
const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

/** Runs `npm run catalog -- …` the way npm does (from the repository's root). */
async function catalogTool(
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], { cwd: ROOT });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function problemsOf(dir: string): Promise<string[]> {
  return checkSourceTexts(await readSourceDir(dir)).problems.map(formatProblem);
}

describe('catalogue lint', () => {
  it('the shipped catalogue has no problem and every regression case passes', async () => {
    expect(await problemsOf(SHIPPED_CATALOG_DIR)).toEqual([]);
  });

  it('a sound catalogue: lint exits 0', async () => {
    const result = await catalogTool('lint', fixture('sound'));
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/catalogue OK: 6 impairments, every regression case passes/);
    expect(result.code).toBe(0);
  });

  it('each kind of defect is reported at its file and line, and lint exits 1', async () => {
    const expected = [
      'catalog.yaml:9: the cn_traditional text is empty',
      'catalog.yaml:28: list B looks back 12 months',
      'catalog.yaml:38: no impairment others (the generic Others)',
      'impairments/asthma.yaml:11: unknown field grup',
      'impairments/asthma.yaml:15: unknown field never (a comma inside an unquoted text ends it: put the text in quotes)',
      'impairments/asthma.yaml:19: Invalid input: expected string, received number (a decision is "0", "25" (points, in quotes), D, P, U or EX<n>)',
      'impairments/gout.yaml:17: case "one attack": LIFE: expected 50, got 25',
      'impairments/hypertension.yaml:17: units apply to T, N and W questions only, not D',
      'impairments/hypertension.yaml:25: tag <img> is not allowed (allowed: b strong i em u br p ul ol li span)',
      'impairments/hypertension.yaml:29: decision misses indicator(s) CI',
      'impairments/hypertension.yaml:30: an option needs a decision or child questions',
      'impairments/hypertension.yaml:40: exclusion EX9 has no wording in catalog.yaml',
      'impairments/hypertension.yaml:41: the last band has no below, so every answer gets a decision',
      'impairments/hypertension.yaml:51: unknown indicator TPD (not in catalog.yaml)',
      'impairments/ovarian-cyst.yaml:13: unique applies to C (checkbox) options only',
      'impairments/ovarian-cyst.yaml:15: uuid htn-systolic is already used in impairments/hypertension.yaml',
      'impairments/ovarian-cyst.yaml:15: an S question offers at least two options',
      'impairments/ovarian-cyst.yaml:20: smokingValue belongs on the smokingQuestion only',
      'impairments/prostate.yaml:1: the file of impairment prostate-gland is impairments/prostate-gland.yaml',
      'impairments/prostate.yaml:13: bands apply to N, H, W and D questions only, not T',
      'insurers.yaml:26: no impairment prostate in the catalogue',
      'insurers.yaml:26: no impairment migraine in the catalogue',
    ];
    expect(await problemsOf(fixture('defects'))).toEqual(expected);

    const result = await catalogTool('lint', fixture('defects'));
    expect(result.code).toBe(1);
    const prefix = 'apps/server/test/catalog/fixtures/defects/';
    expect(result.stdout.trim().split('\n')).toEqual(expected.map((line) => prefix + line));
    expect(result.stderr).toMatch(/22 problem\(s\)/);
  });

  it('a YAML syntax error is reported at its line', async () => {
    expect(await problemsOf(fixture('syntax'))).toEqual([
      'impairments/hypertension.yaml:3: Flow map in block collection must be sufficiently indented and end with a }',
    ]);
  });

  it('catalog/schema.json is the JSON Schema generated from the source format', async () => {
    const committed = JSON.parse(
      await readFile(`${SHIPPED_CATALOG_DIR}/schema.json`, 'utf8'),
    ) as unknown;
    expect(committed).toEqual(catalogSourceJsonSchema());
  });

  it('without a command the tool prints its usage and exits 1', async () => {
    const result = await catalogTool();
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/lint \[DIR\]/);
  });
});
