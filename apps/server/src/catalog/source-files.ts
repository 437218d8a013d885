/**
 * The catalogue's YAML sources on the server side: reading a folder, parsing each file with
 * its line positions, and checking the whole with the domain's `checkCatalog`, every problem
 * reported as `file:line: message`. The domain stays free of YAML and I/O; this is where they
 * meet it.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import { checkCatalog, isSourcePath, type SourceFile } from '@vmer/domain/catalog/check';
import type { CatalogSources } from '@vmer/domain/catalog/compile';
import type { SourcePath } from '@vmer/domain/catalog/rules';
import type { Catalog } from '@vmer/domain';

/** The sample catalogue shipped with the product, at the top of the repository. */
export const SHIPPED_CATALOG_DIR = fileURLToPath(new URL('../../../../catalog', import.meta.url));

/** A catalogue as its files' texts, by path relative to the catalogue's folder. */
export type SourceTexts = Record<string, string>;

/** A problem with the line it sits on (1-based; 0 when it concerns the whole file). */
export interface LocatedProblem {
  file: string;
  line: number;
  message: string;
}

export interface CheckedSources {
  problems: LocatedProblem[];
  /** Present exactly when there is no problem. */
  catalog?: Catalog;
  sources?: CatalogSources;
}

/** `impairments/asthma.yaml:12: message`, the form editors and CI logs link to. */
export function formatProblem(problem: LocatedProblem): string {
  return `${problem.file}:${problem.line}: ${problem.message}`;
}

const YAML = /\.ya?ml$/;

/**
 * Reads a catalogue folder: the YAML files at its top and in `impairments/`. Other files
 * (schema.json, notes) are not part of the catalogue and are left out.
 */
export async function readSourceDir(dir: string): Promise<SourceTexts> {
  const texts: SourceTexts = {};
  for (const sub of ['', 'impairments']) {
    let names: string[];
    try {
      names = await readdir(join(dir, sub));
    } catch (error) {
      if (sub !== '' && (error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    for (const name of names.filter((n) => YAML.test(n)).sort()) {
      const path = sub ? `${sub}/${name}` : name;
      texts[path] = await readFile(join(dir, path), 'utf8');
    }
  }
  return texts;
}

/** The line of the node at `path`, or of its deepest ancestor that exists. */
function lineOf(doc: Document, counter: LineCounter, path: SourcePath): number {
  let node: Node | null | undefined = doc.contents;
  let offset = node?.range?.[0] ?? 0;
  for (const key of path) {
    if (isMap(node)) {
      const pair = node.items.find(
        (item) => isScalar(item.key) && String(item.key.value) === String(key),
      );
      if (!pair) break;
      // The key's line: for a block value that is where the reader's eye goes.
      offset = (isScalar(pair.key) ? pair.key.range?.[0] : undefined) ?? offset;
      node = pair.value as Node | null;
    } else if (isSeq(node) && typeof key === 'number') {
      const item = node.items[key] as Node | undefined;
      if (!item) break;
      node = item;
      offset = item.range?.[0] ?? offset;
    } else {
      break;
    }
  }
  return counter.linePos(offset).line;
}

interface ParsedFile {
  doc: Document;
  counter: LineCounter;
}

/**
 * Parses and checks a catalogue given as texts. YAML syntax errors and every rule of
 * docs/catalogue.md come back as problems with their line.
 */
export function checkSourceTexts(texts: SourceTexts): CheckedSources {
  const problems: LocatedProblem[] = [];
  const parsed = new Map<string, ParsedFile>();
  const files: SourceFile[] = [];
  for (const [path, text] of Object.entries(texts)) {
    if (!isSourcePath(path)) {
      // Still passed on, so the domain reports it like any other misplaced file.
      files.push({ path, data: null });
      continue;
    }
    const counter = new LineCounter();
    const doc = parseDocument(text, { lineCounter: counter, prettyErrors: false });
    if (doc.errors.length > 0) {
      for (const error of doc.errors) {
        problems.push({
          file: path,
          line: counter.linePos(error.pos[0]).line,
          message: error.message.split('\n')[0] ?? error.message,
        });
      }
      continue;
    }
    parsed.set(path, { doc, counter });
    files.push({ path, data: doc.toJS() });
  }
  if (problems.length > 0) return { problems };

  const check = checkCatalog(files);
  for (const problem of check.problems) {
    const file = parsed.get(problem.file);
    problems.push({
      file: problem.file,
      line: file ? lineOf(file.doc, file.counter, problem.path) : 0,
      message: problem.message,
    });
  }
  problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
  if (problems.length > 0 || !check.catalog) return { problems };
  return { problems, catalog: check.catalog, ...(check.sources ? { sources: check.sources } : {}) };
}

/**
 * The content hash of a catalogue: the same files with the same texts give the same hash,
 * whatever order they are listed in.
 */
export function contentHash(texts: SourceTexts): string {
  const hash = createHash('sha256');
  for (const path of Object.keys(texts).sort()) {
    hash.update(`${path}\0${texts[path]}\0`);
  }
  return hash.digest('hex');
}
