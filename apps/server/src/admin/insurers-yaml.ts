import type { AdminInsurer } from '@vmer/domain/admin';
import { LANGUAGE_CODES } from '@vmer/domain/languages';
import { INSURERS_FILE } from '@vmer/domain/catalog/check';
import { insurersFileSchema } from '@vmer/domain/catalog/source-schema';
import { isMap, isScalar, isSeq, parseDocument, visit, type Document, type Node } from 'yaml';
import type { SourceTexts } from '../catalog/source-files.ts';

/** The insurer fields an administrator edits, in the order insurers.yaml writes them. */
export const INSURER_FIELDS = [
  'code',
  'name',
  'smokingList',
  'lastAgeOption',
  'printCover',
  'channels',
] as const satisfies readonly (keyof AdminInsurer)[];

/** The insurers of a catalogue's sources, as insurers.yaml writes them. */
export function insurersOf(texts: SourceTexts): AdminInsurer[] {
  const text = texts[INSURERS_FILE];
  if (text === undefined) return [];
  return insurersFileSchema.parse(parseDocument(text).toJS()).insurers;
}

/** Bilingual texts (`{ en, cn_traditional }`) stay on one line, as the file writes them. */
function flowBilingualMaps(node: Node): Node {
  visit(node, {
    Map(_key, map) {
      const keys = map.items.map((pair) => (isScalar(pair.key) ? pair.key.value : undefined));
      if (keys.length > 0 && keys.every((key) => isLanguageCode(key))) map.flow = true;
    },
  });
  return node;
}

const isLanguageCode = (key: unknown) => (LANGUAGE_CODES as readonly unknown[]).includes(key);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The node of `before` made to say `after`, changing only what differs: maps and lists are
 * changed in place, key by key and item by item, so the comments of what stays are kept.
 */
function patched(doc: Document, node: unknown, before: unknown, after: unknown): unknown {
  if (same(before, after)) return node;
  if (isMap(node) && isRecord(before) && isRecord(after)) {
    for (const key of Object.keys(before)) if (!(key in after)) node.delete(key);
    for (const [key, value] of Object.entries(after)) {
      node.set(key, patched(doc, node.get(key, true), before[key], value));
    }
    return node;
  }
  if (isSeq(node) && Array.isArray(before) && Array.isArray(after)) {
    node.items = after.map((value, index) =>
      index < before.length
        ? patched(doc, node.items[index], before[index], value)
        : fresh(doc, value),
    );
    return node;
  }
  return fresh(doc, after);
}

/** A new node for a value, bilingual texts on one line. */
const fresh = (doc: Document, value: unknown) => flowBilingualMaps(doc.createNode(value));

/**
 * insurers.yaml with one insurer written as given: what changed is replaced in place (so the
 * file's comments, order and other insurers stay as they were), or the insurer is added at the
 * end when the file has none of its code.
 */
export function withInsurer(text: string, insurer: AdminInsurer): string {
  const doc = parseDocument(text);
  const list = doc.get('insurers', true);
  if (!isSeq(list)) throw new Error(`${INSURERS_FILE} has no list of insurers`);
  const index = list.items.findIndex((item) => isMap(item) && item.get('code') === insurer.code);
  if (index === -1) list.items.push(fresh(doc, insurer));
  else {
    const current = list.items[index];
    list.items[index] = patched(doc, current, (current as Node).toJSON(), insurer);
  }
  return doc.toString();
}
