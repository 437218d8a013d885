import { useEffect, useState } from 'react';
import type * as conditionSearch from '@vmer/domain/condition-search';
import { useAfterPaint } from '../../lib/use-after-paint.ts';

type ConditionSearch = typeof conditionSearch;

let loading: Promise<ConditionSearch> | undefined;

/** The domain's condition search, loaded once (again after a failure, on the next ask). */
export function loadConditionSearch(): Promise<ConditionSearch> {
  loading ??= import('./after-first-paint.ts').then(
    (module) => module.conditionSearch,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * The condition search (I-02) and its index library, loaded once the screen has painted rather
 * than with the first page (design §7): null until then, while a search shows it is loading.
 */
export function useConditionSearch(): ConditionSearch | null {
  const [search, setSearch] = useState<ConditionSearch | null>(null);
  const painted = useAfterPaint(true);
  useEffect(() => {
    if (!painted || search) return;
    let live = true;
    loadConditionSearch().then(
      (module) => {
        if (live) setSearch(module);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [painted, search]);
  return search;
}
