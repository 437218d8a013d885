/**
 * What this tab has fetched of each catalogue version (requirements F-02). A version never
 * changes once compiled (architecture.md), so what was answered for it stays true: opening
 * another disclosure on the same version asks only for what is not here yet. Kept per store
 * (a store is the tab's app; tests make one each), as long as the store lives.
 */
const byStore = new WeakMap<object, Map<string, unknown>>();

const keyOf = (version: string, name: string) => `${version}\u0000${name}`;

/** A version's answer kept under `name` (a call's path, e.g. `question/<uuid>`), if any. */
export function keptFor<T>(store: object, version: string, name: string): T | undefined {
  return byStore.get(store)?.get(keyOf(version, name)) as T | undefined;
}

/** Keeps a version's answer under `name`. */
export function keep(store: object, version: string, name: string, answer: unknown): void {
  let kept = byStore.get(store);
  if (!kept) byStore.set(store, (kept = new Map()));
  kept.set(keyOf(version, name), answer);
}
