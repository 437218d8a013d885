import { useCallback, useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  document.addEventListener('fullscreenchange', onChange);
  return () => document.removeEventListener('fullscreenchange', onChange);
}

function isFullScreen(): boolean {
  return document.fullscreenElement != null;
}

/**
 * The browser's full-screen state, following its fullscreenchange event so that leaving by Esc
 * or F11 shows too (requirements §2). `supported` is false where the Fullscreen API is missing
 * (design §8: the toggle is then hidden).
 */
export function useFullScreen(): { supported: boolean; active: boolean; toggle: () => void } {
  const active = useSyncExternalStore(subscribe, isFullScreen);
  const supported =
    document.fullscreenEnabled === true &&
    typeof document.documentElement.requestFullscreen === 'function';
  const toggle = useCallback(() => {
    const change = isFullScreen()
      ? document.exitFullscreen()
      : document.documentElement.requestFullscreen();
    // The browser may refuse (no user gesture, a policy); the toggle then simply stays as it is.
    change.catch(() => undefined);
  }, []);
  return { supported, active, toggle };
}
