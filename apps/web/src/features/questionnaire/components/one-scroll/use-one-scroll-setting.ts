import { useCallback, useSyncExternalStore } from 'react';
import { useAppSelector } from '../../../../app/hooks.ts';

/** The prefix of the setting's localStorage key; the rest names the user without saying who. */
const STORAGE_PREFIX = 'vmer.oneScroll.';

/**
 * A short, stable digest of the user's name (FNV-1a): the setting is the user's on this device
 * (I-23) while the key holds no personal data.
 */
function digest(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/** The localStorage key of one user's one-scroll setting. */
function oneScrollStorageKey(userName: string): string {
  return `${STORAGE_PREFIX}${digest(userName)}`;
}

const listeners = new Set<() => void>();
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

function read(key: string): boolean {
  try {
    return window.localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

/**
 * Whether the disclosure shows every question on one scrolling page (I-23), and the switch that
 * changes it: paging unless this user turned it on, remembered on this device per user.
 */
export function useOneScrollSetting(): [boolean, (on: boolean) => void] {
  const userName = useAppSelector((state) => state.userInfo.userInfo.userName);
  const key = oneScrollStorageKey(userName);
  const on = useSyncExternalStore(subscribe, () => read(key));
  const set = useCallback(
    (value: boolean) => {
      try {
        if (value) window.localStorage.setItem(key, '1');
        else window.localStorage.removeItem(key);
      } catch {
        // A storage refused (private mode, full): the setting stays as it was.
      }
      for (const listener of listeners) listener();
    },
    [key],
  );
  return [on, set];
}
