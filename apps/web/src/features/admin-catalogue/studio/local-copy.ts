/**
 * A draft's unsaved edits kept in this browser until they are saved (requirements K-06): a
 * closed tab or a lost connection does not lose them. Keyed by draft; the revision the edits
 * were made on travels with them so that a later save still names it.
 */
interface LocalCopy {
  revision: number;
  files: Record<string, string>;
}

const key = (draftId: string) => `vmer.catalogue-draft.${draftId}`;

export function readLocalCopy(draftId: string): LocalCopy | null {
  try {
    const raw = localStorage.getItem(key(draftId));
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<LocalCopy>;
    if (typeof value.revision !== 'number' || typeof value.files !== 'object' || !value.files) {
      return null;
    }
    return { revision: value.revision, files: value.files };
  } catch {
    return null;
  }
}

export function writeLocalCopy(draftId: string, copy: LocalCopy): void {
  try {
    if (Object.keys(copy.files).length === 0) localStorage.removeItem(key(draftId));
    else localStorage.setItem(key(draftId), JSON.stringify(copy));
  } catch {
    // Storage full or refused: the edits stay in the page.
  }
}
