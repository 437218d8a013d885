/**
 * `npm run catalog -- <command>`: the catalogue author's tools (docs/catalogue.md "Tools").
 * lint and schema work on files alone; import, activate, approve, releases, versions and export
 * talk to a running server over HTTP (PGlite is single-process: no tool opens a server's
 * database). Activating asks for a release, which another administrator approves (K-11).
 */
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { API_PREFIX, endpoints, routePath, type Endpoint, type Envelope } from '@vmer/domain/api';
import { catalogSourceJsonSchema } from '@vmer/domain/catalog/source-schema';
import {
  checkSourceTexts,
  formatProblem,
  type SourceTexts,
} from '@vmer/domain/catalog/source-texts';
import { readSourceDir, SHIPPED_CATALOG_DIR } from '../catalog/source-files.ts';
import { signIn as signInWithPassword } from './sign-in.ts';
import { deviceSignIn, showVerification } from './standard-sign-in.ts';

const USAGE = `Usage: npm run catalog -- <command>

  lint [DIR]                     check a catalogue folder (default catalog/); problems as file:line: message
  schema [--out FILE]            write the JSON Schema of the source files (default catalog/schema.json)
  import DIR|FILE [--notes TEXT] [--activate]
                                 load a catalogue into a running server as a new version; FILE is a
                                 bundle as export answers ({ "files": { "<path>": "<yaml>" } });
                                 --activate also asks for its activation (see activate)
  activate VERSION [--notes TEXT]
                                 ask for a version to become the one new questionnaires use: a
                                 release request, which another administrator approves
  approve RELEASE [--at ISO-TIME]
                                 approve another administrator's release request: activated at
                                 once, or at the time given
  releases                       list the release requests
  versions                       list the versions
  export VERSION [--out DIR]     write a version's source files (default ./catalog-VERSION)

Server options: --url URL (default http://localhost:3000); --device [--client-id ID] to sign in
through the identity provider's device sign-in (any provider), else --user NAME (default admin1)
and --password PASSWORD (default demo) on the embedded provider's sign-in page.`;

interface Options {
  url: string;
  user: string;
  password: string;
  device: boolean;
  clientId?: string | undefined;
  out?: string | undefined;
  notes?: string | undefined;
  activate: boolean;
  at?: string | undefined;
}

interface Release {
  id: string;
  version: string;
  status: string;
  requestedBy: string;
  approver: string | null;
  activateAt: string | null;
  note: string;
}

function printRelease(release: Release): void {
  const approved = release.approver ? `approved by ${release.approver}` : 'awaiting approval';
  const at = release.activateAt ? ` at ${release.activateAt}` : '';
  process.stdout.write(
    `release ${release.id}	version ${release.version}	${release.status}${at}	asked by ${release.requestedBy}, ${approved}	${release.note}\n`,
  );
}

/** An administrator's access token: device sign-in with --device, else the embedded sign-in page. */
function signIn(options: Options): Promise<string> {
  return options.device
    ? deviceSignIn({ url: options.url, clientId: options.clientId, show: showVerification })
    : signInWithPassword(options);
}

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function lint(dir: string): Promise<number> {
  const result = checkSourceTexts(await readSourceDir(dir));
  for (const problem of result.problems) {
    process.stdout.write(
      `${formatProblem({ ...problem, file: join(relative(process.cwd(), dir) || '.', problem.file) })}\n`,
    );
  }
  if (result.problems.length > 0) {
    process.stderr.write(`${result.problems.length} problem(s)\n`);
    return 1;
  }
  const impairments = result.catalog?.impairments.length ?? 0;
  process.stderr.write(`catalogue OK: ${impairments} impairments, every regression case passes\n`);
  return 0;
}

async function writeSchema(out: string): Promise<number> {
  await writeFile(out, `${JSON.stringify(catalogSourceJsonSchema(), null, 2)}\n`);
  process.stderr.write(`wrote ${relative(process.cwd(), out)}\n`);
  return 0;
}

/** An API call with the envelope unwrapped; a non-200 answer ends the tool with its message. */
async function api<T>(
  options: Options,
  token: string,
  { method }: Endpoint,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${options.url}${API_PREFIX}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const envelope = (await response.json().catch(() => ({}))) as Partial<Envelope<T>>;
  if (envelope.code !== 200) {
    for (const error of envelope.errors ?? [])
      process.stdout.write(`${error.path}: ${error.message}\n`);
    fail(`${method} ${path}: ${response.status} ${envelope.message ?? response.statusText}`);
  }
  return envelope.body as T;
}

async function readBundle(target: string): Promise<SourceTexts> {
  if ((await stat(target)).isDirectory()) return readSourceDir(target);
  const bundle = JSON.parse(await readFile(target, 'utf8')) as { files?: unknown };
  if (typeof bundle.files !== 'object' || bundle.files === null) {
    fail(`${target}: not a catalogue bundle ({ "files": { "<path>": "<yaml>" } })`);
  }
  return bundle.files as SourceTexts;
}

interface VersionSummary {
  version: number;
  contentHash: string;
  author: string;
  createdAt: string;
  notes: string;
  active: boolean;
  impairments: number;
}

function printVersion(version: VersionSummary): void {
  const flag = version.active ? '*' : ' ';
  process.stdout.write(
    `${flag} ${version.version}\t${version.createdAt}\t${version.author}\t${version.impairments} impairments\t${version.notes}\n`,
  );
}

async function importCatalog(target: string, options: Options): Promise<number> {
  const files = await readBundle(target);
  // Checked here first so that problems come back with this machine's paths.
  const local = checkSourceTexts(files);
  if (local.problems.length > 0) {
    for (const problem of local.problems) process.stdout.write(`${formatProblem(problem)}\n`);
    fail(`${local.problems.length} problem(s); nothing imported`);
  }
  const token = await signIn(options);
  const result = await api<{ created: boolean; version: VersionSummary; release?: Release }>(
    options,
    token,
    endpoints.catalogUpload,
    routePath(endpoints.catalogUpload),
    { files, ...(options.notes ? { notes: options.notes } : {}), activate: options.activate },
  );
  process.stderr.write(
    result.created ? 'imported as a new version:\n' : 'identical to an existing version:\n',
  );
  printVersion(result.version);
  if (result.release) {
    printRelease(result.release);
    process.stderr.write(
      `another administrator approves it: npm run catalog -- approve ${result.release.id}\n`,
    );
  }
  return 0;
}

async function exportCatalog(version: string, options: Options): Promise<number> {
  const token = await signIn(options);
  const bundle = await api<{ files: SourceTexts }>(
    options,
    token,
    endpoints.catalogExport,
    routePath(endpoints.catalogExport, { version }),
  );
  const out = resolve(options.out ?? `catalog-${version}`);
  for (const [path, text] of Object.entries(bundle.files)) {
    const target = resolve(out, path);
    if (!target.startsWith(`${out}/`)) fail(`refusing to write outside ${out}: ${path}`);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, text);
  }
  process.stderr.write(
    `wrote ${Object.keys(bundle.files).length} files to ${relative(process.cwd(), out) || '.'}\n`,
  );
  return 0;
}

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      url: { type: 'string', default: 'http://localhost:3000' },
      user: { type: 'string', default: 'admin1' },
      password: { type: 'string', default: 'demo' },
      out: { type: 'string' },
      notes: { type: 'string' },
      activate: { type: 'boolean', default: false },
      at: { type: 'string' },
      device: { type: 'boolean', default: false },
      'client-id': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [command, argument] = positionals;
  const options: Options = {
    url: values.url.replace(/\/+$/, ''),
    user: values.user,
    password: values.password,
    device: values.device,
    clientId: values['client-id'],
    out: values.out,
    notes: values.notes,
    activate: values.activate,
    at: values.at,
  };
  if (values.help || command === undefined) {
    process.stdout.write(`${USAGE}\n`);
    return values.help ? 0 : 1;
  }
  switch (command) {
    case 'lint':
      return lint(resolve(argument ?? SHIPPED_CATALOG_DIR));
    case 'schema':
      return writeSchema(resolve(options.out ?? join(SHIPPED_CATALOG_DIR, 'schema.json')));
    case 'import':
      if (!argument) fail('import needs a folder or a bundle file');
      return importCatalog(resolve(argument), options);
    case 'activate': {
      if (!argument) fail('activate needs a version');
      const token = await signIn(options);
      const release = await api<Release>(
        options,
        token,
        endpoints.catalogReleaseRequest,
        routePath(endpoints.catalogReleaseRequest),
        { version: argument, note: options.notes ?? `Activate version ${argument}` },
      );
      printRelease(release);
      process.stderr.write(
        `another administrator approves it: npm run catalog -- approve ${release.id}\n`,
      );
      return 0;
    }
    case 'approve': {
      if (!argument) fail('approve needs a release');
      const token = await signIn(options);
      const release = await api<Release>(
        options,
        token,
        endpoints.catalogReleaseApprove,
        routePath(endpoints.catalogReleaseApprove, { id: argument }),
        options.at ? { activateAt: options.at } : {},
      );
      printRelease(release);
      return 0;
    }
    case 'releases': {
      const token = await signIn(options);
      for (const release of await api<Release[]>(
        options,
        token,
        endpoints.catalogReleases,
        routePath(endpoints.catalogReleases),
      )) {
        printRelease(release);
      }
      return 0;
    }
    case 'versions': {
      const token = await signIn(options);
      for (const version of await api<VersionSummary[]>(
        options,
        token,
        endpoints.catalogVersions,
        routePath(endpoints.catalogVersions),
      )) {
        printVersion(version);
      }
      return 0;
    }
    case 'export':
      if (!argument) fail('export needs a version');
      return exportCatalog(argument, options);
    default:
      fail(`unknown command ${command}\n\n${USAGE}`);
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
