import { execFile } from 'node:child_process';
import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as T;
}

interface PackageJson {
  workspaces?: string[];
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

interface LockEntry {
  dev?: boolean;
  link?: boolean;
}

/**
 * Packages that test, benchmark, lint, type-check or build, and the web app's build inputs
 * (the browser gets them bundled in apps/web/dist): none belongs in a production install.
 */
const TOOLING = [
  /^(@playwright\/.*|playwright(-core)?|@axe-core\/.*)$/,
  /^(vitest|@vitest\/.*|vite|@vitejs\/.*|rolldown|@rolldown\/.*|esbuild)$/,
  /^(eslint.*|@eslint\/.*|typescript.*|@typescript-eslint\/.*|prettier|knip)$/,
  /^(lighthouse|autocannon|chrome-launcher|jsdom|msw|fake-indexeddb|fast-check)$/,
  /^(@testing-library\/.*|@types\/.*|survey-.*)$/,
  /^(react|react-dom|react-router|@mui\/.*|@emotion\/.*|@reduxjs\/.*|i18next)$/,
];

const isTooling = (name: string) => TOOLING.some((pattern) => pattern.test(name));

/** Tooling a runtime package brings along: exceljs's CSV parser declares @types/node a dependency. */
const BROUGHT_BY_RUNTIME = new Set(['@types/node']);

const isOurTooling = (name: string) => isTooling(name) && !BROUGHT_BY_RUNTIME.has(name);

/** A package's name from its folder: whatever follows the last node_modules/. */
const packageName = (path: string) =>
  path
    .split(/node_modules[\\/]/)
    .at(-1)!
    .replaceAll('\\', '/');

/**
 * The installed size of the production tree: each package's own files, its nested
 * node_modules being packages listed on their own. Measured at 109 MB (357 packages) when
 * this budget was set (docs/operations.md "A production deployment").
 */
const BUDGET_BYTES = 150 * 1024 * 1024;

function ownSize(dir: string): number {
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') bytes += ownSize(join(dir, entry.name));
    } else if (entry.isFile()) {
      bytes += lstatSync(join(dir, entry.name)).size;
    }
  }
  return bytes;
}

/** `npm ls` over the installed tree with devDependencies left out: what `npm ci --omit=dev` installs. */
function productionTree(): Promise<string[]> {
  return new Promise((resolve, reject) => {
    execFile(
      'npm',
      ['ls', '--omit=dev', '--all', '--parseable'],
      { cwd: ROOT, env: { ...process.env, npm_config_offline: 'true' }, maxBuffer: 16 << 20 },
      // npm ls exits 1 on a problem elsewhere in the tree (a dev package not installed yet);
      // the list it prints is still the production tree, and the assertions below judge it.
      (error, stdout, stderr) => {
        const paths = stdout.split('\n').filter((line) => line.includes('node_modules'));
        if (paths.length === 0) reject(error ?? new Error(`npm ls printed nothing: ${stderr}`));
        else resolve(paths);
      },
    );
  });
}

describe('a production install', () => {
  it('N-09 the tooling workspaces declare no dependencies and the lock marks all they bring as dev', () => {
    const root = readJson<PackageJson>('package.json');
    const declared = ['.', 'apps/web', 'e2e', 'bench'].map((dir) => ({
      dir,
      dependencies: Object.keys(
        readJson<PackageJson>(join(dir, 'package.json')).dependencies ?? {},
      ),
    }));
    expect(declared.filter(({ dependencies }) => dependencies.length > 0)).toEqual([]);

    // Every workspace's runtime dependencies are free of tooling too.
    const runtime = (root.workspaces ?? []).flatMap((dir) =>
      Object.keys(readJson<PackageJson>(join(dir, 'package.json')).dependencies ?? {}),
    );
    expect(runtime).toContain('fastify');
    expect(runtime.filter(isTooling)).toEqual([]);

    const lock = readJson<{ packages: Record<string, LockEntry> }>('package-lock.json');
    const production = Object.entries(lock.packages)
      .filter(([path, entry]) => path.includes('node_modules/') && !entry.dev && !entry.link)
      .map(([path]) => packageName(path));
    expect(production).toContain('fastify');
    expect(production.filter(isOurTooling)).toEqual([]);
    // The lock does know the tooling: it is there, marked dev.
    expect(Object.keys(lock.packages).map(packageName)).toContain('vite');
  });

  it('N-09 the installed production tree holds no tooling and stays within its size budget', async () => {
    const paths = await productionTree();
    const packages = paths.filter((path) => !lstatSync(path).isSymbolicLink());
    const names = new Set(packages.map(packageName));

    const server = readJson<PackageJson>('apps/server/package.json');
    const domain = readJson<PackageJson>('packages/domain/package.json');
    for (const name of Object.keys({ ...server.dependencies, ...domain.dependencies })) {
      expect(names, name).toContain(name);
    }
    expect([...names].filter(isOurTooling)).toEqual([]);

    const bytes = packages.reduce((sum, path) => sum + ownSize(path), 0);
    expect(bytes).toBeLessThan(BUDGET_BYTES);
  });
});

/** The stages of a Dockerfile, each as its instructions (continuation lines joined). */
function dockerStages(text: string): string[][] {
  const instructions = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const stages: string[][] = [];
  for (const instruction of instructions) {
    if (/^FROM\s/i.test(instruction)) stages.push([]);
    stages.at(-1)?.push(instruction);
  }
  return stages;
}

describe('the container recipe', () => {
  const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
  const stages = dockerStages(dockerfile);
  const runtime = stages.at(-1) ?? [];
  const workspaces = readJson<PackageJson>('package.json').workspaces ?? [];

  it('N-10 the Dockerfile builds the web app in one stage and runs it from a slim, non-root, health-checked one', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const nvmrc = readFileSync(join(ROOT, '.nvmrc'), 'utf8').trim();
    expect(dockerfile).toMatch(new RegExp(`^ARG NODE_IMAGE=node:${nvmrc}-slim$`, 'm'));

    const build = stages.slice(0, -1).flat();
    expect(build).toContainEqual(expect.stringMatching(/^RUN npm ci\b(?!.*--omit)/));
    expect(build).toContainEqual(expect.stringMatching(/^RUN npm run build$/));

    expect(runtime).toContainEqual(expect.stringMatching(/^RUN npm ci --omit=dev\b/));
    expect(runtime.filter((line) => /npm run build|vite/.test(line))).toEqual([]);
    expect(runtime).toContainEqual(
      expect.stringMatching(/^COPY --from=\w+ \/app\/apps\/web\/dist apps\/web\/dist$/),
    );
    const user = runtime.find((line) => /^USER\s/.test(line));
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^USER\s+(root|0)(:|$)/);
    expect(runtime).toContainEqual(
      expect.stringMatching(/^HEALTHCHECK .*CMD \["node".*\/api\/health/),
    );
    expect(runtime.at(-1)).toBe('CMD ["node", "apps/server/src/main.ts"]');

    // npm ci needs every workspace's package file beside the lock, in each stage.
    for (const stage of stages) {
      for (const dir of workspaces) {
        expect(stage, dir).toContain(`COPY ${dir}/package.json ${dir}/`);
      }
    }
    // What the runtime stage copies exists; what the server reads at run time is copied.
    const copied = runtime
      .filter((line) => /^COPY\s/.test(line) && !line.includes('--from'))
      .flatMap((line) => line.split(/\s+/).slice(1, -1));
    for (const path of copied) expect(existsSync(join(ROOT, path)), path).toBe(true);
    for (const path of [
      'apps/server/src',
      'apps/server/migrations',
      'catalog',
      'packages/domain/src',
    ]) {
      expect(copied).toContain(path);
    }
    expect(readFileSync(join(ROOT, '.dockerignore'), 'utf8')).toMatch(/^\*\*\/node_modules$/m);
  });

  it('N-10 compose runs the image read-only beside a health-checked PostgreSQL and passes only real settings', () => {
    interface Service {
      environment?: Record<string, string | null>;
      healthcheck?: { test: string[] };
      volumes?: string[];
      read_only?: boolean;
      tmpfs?: string[];
      depends_on?: Record<string, { condition: string }>;
    }
    const compose = parse(readFileSync(join(ROOT, 'compose.yaml'), 'utf8')) as {
      services: Record<string, Service>;
    };
    const { postgres, app } = compose.services;

    expect(postgres?.healthcheck?.test.join(' ')).toContain('pg_isready');
    expect(postgres?.volumes).toContainEqual(
      expect.stringMatching(/:\/var\/lib\/postgresql\/data$/),
    );

    expect(app?.read_only).toBe(true);
    expect(app?.tmpfs).toContain('/tmp');
    expect(app?.depends_on?.postgres?.condition).toBe('service_healthy');
    expect(app?.environment?.DATABASE_URL).toMatch(/^postgres:\/\/[^@]+@postgres:5432\//);

    // Each variable passed is one the server reads (apps/server/src/config.ts).
    const config = readFileSync(join(ROOT, 'apps/server/src/config.ts'), 'utf8');
    const start = config.indexOf('const envSchema = z.object({');
    const schema = config.slice(start, config.indexOf('\n});', start));
    const settings = new Set([...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]));
    expect(settings).toContain('DATABASE_URL');
    expect(Object.keys(app?.environment ?? {}).filter((name) => !settings.has(name))).toEqual([]);
  });
});
