import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { API_PREFIX, apiRoutes, type ApiRoute } from '@vmer/domain/api';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
const routes: ApiRoute[] = Object.values(apiRoutes);

/** The source folders that call or serve the API; every path they use comes from the contract. */
const SOURCE_DIRS = ['apps/server/src', 'apps/web/src', 'e2e/src', 'bench/src'];

/**
 * The web app's screen paths: a screen may read like a call below /api (the screen
 * /admin/users and the call /api/admin/users), and this file owns the screens' paths.
 */
const SCREEN_PATHS = join(ROOT, 'apps/web/src/config/paths.ts');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      // Component tests and their test server are not the app's calls.
      return entry.name === '__tests__' || entry.name === 'test' || entry.name === 'node_modules'
        ? []
        : sourceFiles(path);
    }
    return /\.(ts|tsx)$/.test(entry.name) &&
      !/\.test\.tsx?$/.test(entry.name) &&
      path !== SCREEN_PATHS
      ? [path]
      : [];
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
