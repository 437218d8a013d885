import {beforeAll, describe, expect, it} from 'vitest';
import {checkSourceTexts} from '../../src/catalog/source-files.ts';
import {api, DATABASES, tokenFor, suiteApp} from '../helpers.ts';
import {soundFiles, upload} from './catalog-support.ts';

/** A "billion laughs": each line repeats the previous alias ten times. */
const ALIAS_BOMB = [
  'uuid: bomb',
  'a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]',
  ...Array.from({ length: 8 }, (_, i) => {
    const [name, previous] = [String.fromCharCode(98 + i), String.fromCharCode(97 + i)];
    return `${name}: &${name} [${Array(10).fill(`*${previous}`).join(', ')}]`;
  }),
].join('\n');

describe.each(DATABASES)('catalogue uploads that attack the parser on %s', (database) => {
  const t = suiteApp(database);
  let admin: string;
  beforeAll(async () => {
    admin = await tokenFor(t.baseUrl, 'admin1');
  });

  const versions = async () =>
    (await api<unknown[]>(t.baseUrl, '/api/catalog/versions', { token: admin })).body.body;

  /** The sound test catalogue with one file replaced or added. */
  async function withFile(path: string, text: (sound: string) => string) {
    const files = await soundFiles();
    files[path] = text(files[path] ?? '');
    return upload(t.baseUrl, admin, files);
  }

  it('T-36 an alias bomb, characters no database stores, and nesting beyond the bound answer 400 naming the file and line; nothing is stored', async () => {
    const before = await versions();
    const cases: [string, (sound: string) => string, string, RegExp][] = [
      ['impairments/bomb.yaml', () => ALIAS_BOMB, 'impairments/bomb.yaml:3', /alias/i],
      [
        'impairments/hypertension.yaml',
        (sound) => `# Reviewed \ud800 by the medical officer\n${sound}`,
        'impairments/hypertension.yaml:1',
        /surrogate/,
      ],
      [
        'impairments/hypertension.yaml',
        (sound) => sound.replace('\n', '\n# a NUL \u0000 here\n'),
        'impairments/hypertension.yaml:2',
        /NUL/,
      ],
      [
        'impairments/deep.yaml',
        () => `uuid: deep\nitems: ${'['.repeat(200_000)}${']'.repeat(200_000)}\n`,
        'impairments/deep.yaml:2',
        /nest/,
      ],
      [
        'impairments/deep.yaml',
        () => `uuid: deep\nitems:\n  ${'- '.repeat(200_000)}x\n`,
        'impairments/deep.yaml:3',
        /nest/,
      ],
      [
        'impairments/deep.yaml',
        () =>
          `uuid: deep\n${Array.from({ length: 2000 }, (_, i) => `${' '.repeat(i)}k${i}:`).join('\n')} x\n`,
        'impairments/deep.yaml',
        /nest/,
      ],
    ];
    for (const [path, text, where, message] of cases) {
      const answer = await withFile(path, text);
      expect(answer.status, where).toBe(400);
      expect(answer.body.message, where).toMatch(/problem\(s\); nothing was imported/);
      const problem = answer.body.errors?.find(
        (e) => e.path.startsWith(`${where}:`) || e.path === where,
      );
      expect(problem, `${where}: ${JSON.stringify(answer.body.errors)}`).toBeDefined();
      expect(problem!.message).toMatch(message);
    }
    expect(await versions()).toEqual(before);
  });

  it('T-36 the catalogue lint reports the same problems at their lines', () => {
    const checked = checkSourceTexts({ 'impairments/bomb.yaml': ALIAS_BOMB });
    expect(checked.problems).toContainEqual(
      expect.objectContaining({ file: 'impairments/bomb.yaml', line: 3 }),
    );
    expect(checked.catalog).toBeUndefined();
  });
});
