import type { RootState } from '../../../app/store.ts';

/** The cache key of the background save's mutation (I-11): one entry, whatever the attempt. */
export const BACKGROUND_SAVE_KEY = 'background-save';

interface MutationEntry {
  status?: string;
  endpointName?: string;
}

const mutations = (state: RootState) =>
  Object.entries(state.api.mutations) as [string, MutationEntry | undefined][];

/** A background save is on its way: the Save and Submit buttons wait for it (I-11). */
export function selectBackgroundSaving(state: RootState): boolean {
  return state.api.mutations[BACKGROUND_SAVE_KEY]?.status === 'pending';
}

/** An explicit save or submit is on its way: no background save starts meanwhile (I-11). */
export function selectExplicitStoring(state: RootState): boolean {
  return mutations(state).some(
    ([key, entry]) =>
      key !== BACKGROUND_SAVE_KEY &&
      entry?.status === 'pending' &&
      (entry.endpointName === 'saveDisclosure' || entry.endpointName === 'submitDisclosure'),
  );
}
