import { Document, isMap, isScalar, isSeq, parseDocument, type Node } from 'yaml';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The node's key as the object's key (catalogue files use text keys only). */
function keyText(key: unknown): string {
  return isScalar(key) ? String(key.value) : String(key);
}

/**
 * Brings `node` to `value` in place, touching only what differs, so that the comments, quoting
 * and layout of everything unchanged stay as the author wrote them. Answers a replacement node
 * when the shape changed (a map became a list, a list changed length…), or null when the node
 * was updated in place.
 */
function reconcile(doc: Document, node: Node | null, value: unknown): Node | null {
  if (isMap(node) && isRecord(value)) {
    const seen = new Set<string>();
    for (const pair of [...node.items]) {
      const key = keyText(pair.key);
      if (!(key in value) || value[key] === undefined) {
        node.delete(pair.key);
        continue;
      }
      seen.add(key);
      const replacement = reconcile(doc, (pair.value as Node | null) ?? null, value[key]);
      if (replacement) pair.value = replacement;
    }
    for (const [key, child] of Object.entries(value)) {
      if (!seen.has(key) && child !== undefined) node.set(key, doc.createNode(child));
    }
    return null;
  }
  if (isSeq(node) && Array.isArray(value) && node.items.length === value.length) {
    node.items.forEach((item, index) => {
      const replacement = reconcile(doc, item as Node | null, value[index]);
      if (replacement) node.items[index] = replacement;
    });
    return null;
  }
  if (isSeq(node) && Array.isArray(value) && node.items.length < value.length) {
    // Items added at the end keep the ones before them as they are.
    const count = node.items.length;
    node.items.forEach((item, index) => {
      const replacement = reconcile(doc, item as Node | null, value[index]);
      if (replacement) node.items[index] = replacement;
    });
    for (const item of value.slice(count)) node.add(doc.createNode(item));
    return null;
  }
  if (isScalar(node) && (value === null || typeof value !== 'object')) {
    if (node.value !== value) node.value = value;
    return null;
  }
  return doc.createNode(value) as Node;
}

/**
 * The YAML text of `value`, written over `text` so that its comments and layout stay wherever
 * the data under them did not change (requirements K-05: the structured editor and the YAML
 * view edit the same file). A text that does not parse is written afresh.
 */
export function writeYaml(text: string, value: unknown): string {
  const doc: Document = parseDocument(text);
  if (doc.errors.length > 0 || doc.contents === null) {
    const fresh = new Document(value);
    return fresh.toString();
  }
  const replacement = reconcile(doc, doc.contents as Node, value);
  if (replacement) doc.contents = replacement;
  return doc.toString();
}

/** The data of a YAML text, or undefined when it does not parse. */
export function readYaml(text: string): unknown {
  const doc = parseDocument(text);
  if (doc.errors.length > 0) return undefined;
  return doc.toJS() as unknown;
}
