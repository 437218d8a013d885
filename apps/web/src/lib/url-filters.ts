/**
 * Filters that live in the address (the worklist's, the dashboard's): each a named query
 * parameter holding one value as written, absent when empty, so that Back, reload and a shared
 * link restore the screen as it was. The server validates the values and refuses what it cannot
 * read.
 */
export type Filters<K extends string> = Partial<Record<K, string>>;

/** The filters of `keys` an address holds. */
export function readFilters<K extends string>(
  params: URLSearchParams,
  keys: readonly K[],
): Filters<K> {
  const filters: Filters<K> = {};
  for (const key of keys) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  return filters;
}

/** Writes the filters of `keys` into an address, in the order of `keys`, empty ones left out. */
export function writeFilters<K extends string>(
  params: URLSearchParams,
  keys: readonly K[],
  filters: Filters<K>,
): void {
  for (const key of keys) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
}

/** The filters after a change: a value sets its filter, '' removes it. */
export function changeFilters<K extends string>(
  filters: Filters<K>,
  change: Filters<K>,
): Filters<K> {
  const next = { ...filters };
  for (const [key, value] of Object.entries(change) as [K, string][]) {
    if (value) next[key] = value;
    else delete next[key];
  }
  return next;
}
