/**
 * The catalogue's YAML sources as texts: each file parsed with its line positions and the
 * whole checked with `checkCatalog`, every problem reported as `file:line: message`. No file
 * system and no crypto here, so that the server (uploads, drafts, the CLI) and the browser
 * (the studio, linting while typing) run one and the same check.
 */
import {
  CST,
  isMap,
  isScalar,
  isSeq,
  Lexer,
  LineCounter,
  parseDocument,
  visit,
  type Document,
  type Node,
} from 'yaml';
import type { Catalog } from '../model.ts';
import { checkCatalog, isSourcePath, type SourceFile } from './check.ts';
import type { CatalogSources } from './compile.ts';
import type { SourcePath } from './rules.ts';

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** A catalogue as its files' texts, by path relative to the catalogue's folder. */
export type SourceTexts = Record<string, string>;

/**
 * A problem with the line it sits on (1-based; 0 when it concerns the whole file) and, when
 * the check found it in the file's data rather than its YAML, the path of the data it concerns
 * (so a form can show it at its field).
 */
export interface LocatedProblem {
  file: string;
  line: number;
  message: string;
  path?: SourcePath;
  /** As the check's problem says (see CatalogProblem); YAML that does not read is `format` too. */
  kind?: 'format';
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

/**
 * How deep a file may nest its collections (block indentation, compact `- - x` items and flow
 * brackets together). The deepest catalogue file is about a dozen levels; the YAML parser
 * recurses per level and takes seconds, then overflows the stack, at hundreds of thousands.
 */
const MAX_NESTING = 64;
/**
 * Aliases the parser resolves per file, weighted by the size of what they repeat (yaml's
 * maxAliasCount): a catalogue needs none, and an alias bomb stops at once.
 */
const MAX_ALIAS_COUNT = 50;

/** Tokens the YAML lexer emits that are not text of the source. */
const CONTROL_TOKENS = new Set([CST.DOCUMENT, CST.FLOW_END, CST.SCALAR]);

/** The 1-based line of an offset into a text. */
function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line += 1;
  return line;
}

/**
 * A problem of the raw text, found before the YAML parser sees it: a character no database
 * stores, or nesting deeper than MAX_NESTING. One pass of the lexer, which stops at the
 * first level too deep, so a hostile file costs about as much as reading it.
 */
function textProblem(text: string): { offset: number; message: string } | null {
  // Characters neither database stores.
  const nul = text.indexOf('\u0000');
  if (nul !== -1) {
    return {
      offset: nul,
      message: 'the text holds a NUL character (U+0000), which cannot be stored',
    };
  }
  const lone = LONE_SURROGATE.exec(text);
  if (lone) {
    return {
      offset: lone.index,
      message: 'the text holds a lone UTF-16 surrogate, which cannot be stored',
    };
  }
  const tooDeep = `collections nest deeper than ${MAX_NESTING} levels`;
  const indents: number[] = [];
  let offset = 0;
  let flow = 0;
  let lineStart = true;
  let indent = 0;
  let indicators = 0;
  let contentSeen = false;
  for (const token of new Lexer().lex(text)) {
    const type = CST.tokenType(token);
    if (type === 'newline') {
      lineStart = true;
      indent = 0;
      indicators = 0;
      contentSeen = false;
    } else if (type === 'space' || type === 'comment') {
      if (type === 'space' && lineStart) indent = token.length;
    } else if (!CONTROL_TOKENS.has(token)) {
      lineStart = false;
      if (!contentSeen && flow === 0) {
        // A line's first text opens a block level when it is indented deeper than the last.
        while (indents.length > 0 && indents[indents.length - 1]! > indent) indents.pop();
        if (indents.length === 0 || indents[indents.length - 1]! < indent) indents.push(indent);
      }
      contentSeen = true;
      if (type === 'flow-seq-start' || type === 'flow-map-start') flow += 1;
      else if (type === 'flow-seq-end' || type === 'flow-map-end') flow = Math.max(0, flow - 1);
      else if (type === 'seq-item-ind' || type === 'explicit-key-ind' || type === 'map-value-ind')
        indicators += 1;
      if (indents.length + indicators + flow > MAX_NESTING) return { offset, message: tooDeep };
    }
    if (!CONTROL_TOKENS.has(token)) offset += token.length;
  }
  return null;
}

/** The line of the first alias in a document (where an alias bomb starts), or 0. */
function firstAliasLine(doc: Document, counter: LineCounter): number {
  let line = 0;
  visit(doc, {
    Alias(_key, node) {
      line = counter.linePos(node.range?.[0] ?? 0).line;
      return visit.BREAK;
    },
  });
  return line;
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
 * Parses and checks a catalogue given as texts. Characters no database stores, nesting
 * beyond MAX_NESTING, alias bombs, YAML syntax errors and every rule of docs/catalogue.md
 * come back as problems with their line.
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
    const early = textProblem(text);
    if (early) {
      problems.push({
        file: path,
        line: lineAt(text, early.offset),
        message: early.message,
        kind: 'format',
      });
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
          kind: 'format',
        });
      }
      continue;
    }
    let data: unknown;
    try {
      data = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    } catch (error) {
      // yaml throws for aliases beyond maxAliasCount (and for an alias it cannot resolve).
      const message = error instanceof Error ? error.message : String(error);
      problems.push({ file: path, line: firstAliasLine(doc, counter), message, kind: 'format' });
      continue;
    }
    parsed.set(path, { doc, counter });
    files.push({ path, data });
  }
  if (problems.length > 0) return { problems };

  const check = checkCatalog(files);
  for (const problem of check.problems) {
    const file = parsed.get(problem.file);
    problems.push({
      file: problem.file,
      line: file ? lineOf(file.doc, file.counter, problem.path) : 0,
      message: problem.message,
      path: problem.path,
      ...(problem.kind ? { kind: problem.kind } : {}),
    });
  }
  problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
  if (problems.length > 0 || !check.catalog) return { problems };
  return { problems, catalog: check.catalog, ...(check.sources ? { sources: check.sources } : {}) };
}
