import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { API_PREFIX, apiPath, apiRoutes, type ApiRoute } from '@vmer/domain/api';
import { describe, expect, it } from 'vitest';
import { suiteApp } from './helpers.ts';

const ROOT = join(import.meta.dirname, '../../..');
const routes: ApiRoute[] = Object.values(apiRoutes);

/** The source folders that call or serve the API; every path they use comes from the contract. */
const SOURCE_DIRS = ['apps/server/src', 'apps/web/src', 'e2e/src', 'bench/src'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      // Component tests and their test server are not the app's calls.
      return entry.name === '__tests__' || entry.name === 'test' || entry.name === 'node_modules'
        ? []
        : sourceFiles(path);
    }
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The static start of a route's path with at least two segments, e.g. `disease/special/list`. */
const staticPaths = [
  ...new Set(
    routes
      .map((route) => route.path.split('/:')[0]!.replace(/^\//, ''))
      .filter((path) => path.includes('/')),
  ),
];
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `/api` followed by a path or the end of a string, and any route's path written out. */
const PATH_LITERAL = new RegExp(
  [
    `(?<![\\w.])${escape(API_PREFIX)}(/|['"\`])`,
    `['"\`/]/?(${staticPaths.map(escape).join('|')})(['"\`/?$]|$)`,
  ].join('|'),
);

function pathLiterals(file: string): string[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((line, index) => ({ line: line.trim(), number: index + 1 }))
    .filter(({ line }) => !/^(\/\/|\/\*|\*)/.test(line) && PATH_LITERAL.test(line))
    .map(({ line, number }) => `${relative(ROOT, file)}:${number}: ${line}`);
}

describe('the HTTP contract owns every API path', () => {
  it('no API path is written in the server, web app, browser journeys or benchmarks', () => {
    const found = SOURCE_DIRS.flatMap((dir) => sourceFiles(join(ROOT, dir))).flatMap(pathLiterals);
    expect(found).toEqual([]);
  });
});

describe('the server answers the contract', () => {
  const t = suiteApp('pglite');

  it('N-16 every path of the contract asked with a method it lacks answers 405 in the envelope, with the methods it serves in Allow', async () => {
    // Any value fills a parameter: the path is known whatever the record.
    const paths = new Set(
      routes.map(
        (route) =>
          `${API_PREFIX}${route.path.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000')}`,
      ),
    );
    const pattern = (route: ApiRoute) =>
      new RegExp(`^${escape(API_PREFIX + route.path).replace(/:\w+/g, '[^/]+')}$`);
    // A path is served by every route whose pattern it matches (GET /disclosure/save reads the
    // disclosure of request id "save"); a GET serves HEAD too.
    const methodsByPath = new Map(
      [...paths].map((path) => [
        path,
        new Set(
          routes
            .filter((route) => pattern(route).test(path))
            .flatMap((route) => (route.method === 'GET' ? ['GET', 'HEAD'] : [route.method])),
        ),
      ]),
    );
    const answers = await Promise.all(
      [...methodsByPath].map(async ([path, methods]) => {
        const response = await fetch(`${t.baseUrl}${path}`, { method: 'PATCH' });
        const body = (await response.json()) as unknown;
        return {
          path,
          status: response.status,
          allow: (response.headers.get('allow') ?? '').split(', ').sort(),
          body,
          expected: [...methods].sort(),
        };
      }),
    );
    for (const answer of answers) {
      expect([answer.path, answer.status, answer.allow], answer.path).toEqual([
        answer.path,
        405,
        answer.expected,
      ]);
      expect(answer.body).toEqual({
        code: 405,
        error: 'method_not_allowed',
        message: 'This method is not allowed here.',
      });
    }
    expect(answers.length).toBeGreaterThan(40);
    const unknown = await fetch(`${t.baseUrl}${apiPath(apiRoutes.health)}/extra`, {
      method: 'PATCH',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('allow')).toBeNull();
  });
});
