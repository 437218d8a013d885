import type { AppStore, RootState } from '../../../app/store.ts';

/** The cache key of the background save's mutation (I-11): one entry, whatever the attempt. */
export const BACKGROUND_SAVE_KEY = 'background-save';

interface MutationEntry {
  status?: string;
  endpointName?: string;
}

const mutations = (state: RootState) =>
  Object.entries(state.api.mutations) as [string, MutationEntry | undefined][];

/** A background save is on its way (I-11). */
function selectBackgroundSaving(state: RootState): boolean {
  return state.api.mutations[BACKGROUND_SAVE_KEY]?.status === 'pending';
}

/**
 * Resolves once no background save is on its way (I-11): Save, Submit and Export wait for it
 * and then send what the store holds, its new version included, so that the two never race.
 * The buttons stay as they are meanwhile: a save the interviewer did not ask for does not
 * grey out the ones they may press.
 */
export function backgroundSaveSettled(store: AppStore): Promise<void> {
  return new Promise((resolve) => {
    if (!selectBackgroundSaving(store.getState())) return resolve();
    const unsubscribe = store.subscribe(() => {
      if (selectBackgroundSaving(store.getState())) return;
      unsubscribe();
      resolve();
    });
  });
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
