/**
 * Checking a whole catalogue: its files against the source schema, then the rules, then its
 * regression cases, and compiling it when nothing is wrong. Lint, import and the server's
 * first-start seeding all go through `checkCatalog`, so a catalogue refused by one is refused
 * by all.
 */
import type { z } from 'zod';
import type { Catalog } from '../model.ts';
import { compileCatalog, type CatalogSources } from './compile.ts';
import { lintParts, type CatalogProblem, type CheckedParts, type SourcePath } from './rules.ts';
import { runImpairmentCases } from './cases.ts';
import { catalogFileSchema, impairmentFileSchema, insurersFileSchema } from './source-schema.ts';

/** One parsed source document and its path relative to the catalogue's folder. */
export interface SourceFile {
  /** `catalog.yaml`, `insurers.yaml` or `impairments/<uuid>.yaml`. */
  path: string;
  /** The document's content, parsed from YAML (or JSON). */
  data: unknown;
}

/** What checking a catalogue found; `catalog` is present exactly when `problems` is empty. */
export interface CatalogCheck {
  problems: CatalogProblem[];
  sources?: CatalogSources;
  catalog?: Catalog;
}

export const CATALOG_FILE = 'catalog.yaml';
export const INSURERS_FILE = 'insurers.yaml';
const IMPAIRMENT_FILE = /^impairments\/[^/]+\.yaml$/;

/** Whether a path (relative to the catalogue's folder) names a catalogue source file. */
export function isSourcePath(path: string): boolean {
  return path === CATALOG_FILE || path === INSURERS_FILE || IMPAIRMENT_FILE.test(path);
}

/** Fields holding a text in both languages, where YAML's flow style trips authors up. */
const TEXT_FIELDS = new Set([
  'name',
  'label',
  'question',
  'placeholder',
  'header',
  'description',
  'wording',
]);

function unknownField(path: SourcePath, key: string): string {
  const parent = path.at(-1);
  // `{ en: Yes, mostly, cn_traditional: … }` reads as a key "mostly": the comma ended the text.
  const hint =
    typeof parent === 'string' && TEXT_FIELDS.has(parent)
      ? ' (a comma inside an unquoted text ends it: put the text in quotes)'
      : '';
  return `unknown field ${key}${hint}`;
}

const DECISION_HINT = 'a decision is "0", "25" (points, in quotes), D, P, U or EX<n>';

function issueMessage(issue: z.core.$ZodIssue, path: SourcePath): string {
  if (issue.message === 'decision_value') return `not a decision: ${DECISION_HINT}`;
  const parent = path.at(-2);
  if (issue.code === 'invalid_type' && (parent === 'decision' || parent === 'expect')) {
    return `${issue.message} (${DECISION_HINT})`;
  }
  return issue.message;
}

function issuesToProblems(file: string, error: z.ZodError): CatalogProblem[] {
  return error.issues.flatMap((issue) => {
    const path = issue.path.filter((key) => typeof key !== 'symbol') as SourcePath;
    // Point at each misspelt key itself, so its line is the one reported.
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        file,
        path: [...path, key],
        message: unknownField(path, key),
        kind: 'format' as const,
      }));
    }
    return [{ file, path, message: issueMessage(issue, path), kind: 'format' as const }];
  });
}

/** What an impairment file says it is, read as far as its content allows. */
function declaredImpairment(path: string, data: unknown): CheckedParts['declared'][number] {
  const record = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const name = record.name as Record<string, unknown> | undefined;
  return {
    uuid:
      typeof record.uuid === 'string'
        ? record.uuid
        : path.slice('impairments/'.length, -'.yaml'.length),
    name: typeof name?.en === 'string' ? name.en : undefined,
  };
}

/**
 * Checks a catalogue given as parsed source files.
 * @returns every problem found (file, path inside it, message), and when there is none the
 *   compiled catalogue.
 */
export function checkCatalog(files: readonly SourceFile[]): CatalogCheck {
  const problems: CatalogProblem[] = [];
  const parts: CheckedParts = { impairments: [], declared: [] };
  let sawCatalog = false;
  let sawInsurers = false;
  let sawImpairment = false;

  for (const { path, data } of [...files].sort((a, b) => a.path.localeCompare(b.path))) {
    if (path === CATALOG_FILE) {
      sawCatalog = true;
      const parsed = catalogFileSchema.safeParse(data);
      if (parsed.success) parts.catalog = { file: path, data: parsed.data };
      else problems.push(...issuesToProblems(path, parsed.error));
    } else if (path === INSURERS_FILE) {
      sawInsurers = true;
      const parsed = insurersFileSchema.safeParse(data);
      if (parsed.success) parts.insurers = { file: path, data: parsed.data };
      else problems.push(...issuesToProblems(path, parsed.error));
    } else if (IMPAIRMENT_FILE.test(path)) {
      sawImpairment = true;
      parts.declared.push(declaredImpairment(path, data));
      const parsed = impairmentFileSchema.safeParse(data);
      if (parsed.success) parts.impairments.push({ file: path, data: parsed.data });
      else problems.push(...issuesToProblems(path, parsed.error));
    } else {
      problems.push({
        file: path,
        path: [],
        message: 'not a catalogue file: catalog.yaml, insurers.yaml or impairments/<uuid>.yaml',
        kind: 'format',
      });
    }
  }
  // A catalogue without one of its parts is no catalogue.
  const missing = (file: string, message: string) =>
    problems.push({ file, path: [], message, kind: 'format' });
  if (!sawCatalog) missing(CATALOG_FILE, 'the file is missing');
  if (!sawInsurers) missing(INSURERS_FILE, 'the file is missing');
  if (!sawImpairment) missing('impairments/', 'the catalogue has no impairment');

  problems.push(...lintParts(parts));
  // Cases run for every impairment that is itself sound, so an author sees them fail or
  // pass while other files still have problems.
  const catalogFile = parts.catalog;
  if (catalogFile) {
    const unsound = new Set(problems.map(({ file }) => file));
    for (const impairment of parts.impairments) {
      if (unsound.has(impairment.file)) continue;
      problems.push(...runImpairmentCases(impairment, catalogFile.data.indicators));
    }
  }
  if (problems.length > 0 || !parts.catalog || !parts.insurers) return { problems };

  const sources: CatalogSources = {
    catalog: parts.catalog.data,
    insurers: parts.insurers.data,
    impairments: parts.impairments.map(({ data }) => data),
  };
  return { problems, sources, catalog: compileCatalog(sources) };
}
