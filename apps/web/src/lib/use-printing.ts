import { useState, useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';

// Set between beforeprint and afterprint: the browser's print (Ctrl+P or window.print).
let printRequested = false;

// Absent from some environments (jsdom): printing is then told by the print events alone.
const printMedia = (): MediaQueryList | null =>
  typeof window.matchMedia === 'function' ? window.matchMedia('print') : null;

function subscribe(onChange: () => void): () => void {
  // The browser lays the page out for paper as soon as beforeprint returns, so what prints
  // must be in the DOM by then: render at once, not at React's next convenient moment.
  const requested = (value: boolean) => () => {
    printRequested = value;
    flushSync(onChange);
  };
  const before = requested(true);
  const after = requested(false);
  const mediaChanged = () => flushSync(onChange);
  const media = printMedia();
  window.addEventListener('beforeprint', before);
  window.addEventListener('afterprint', after);
  media?.addEventListener('change', mediaChanged);
  return () => {
    window.removeEventListener('beforeprint', before);
    window.removeEventListener('afterprint', after);
    media?.removeEventListener('change', mediaChanged);
  };
}

/** Whether the page is being printed now: see `usePrinting`, which follows it. */
const isPrinting = (): boolean => printRequested || (printMedia()?.matches ?? false);

/**
 * Whether the page is being printed: from the browser's beforeprint to afterprint, or while
 * the print media applies (a browser emulating paper). What only paper shows can render then.
 */
export function usePrinting(): boolean {
  return useSyncExternalStore(subscribe, isPrinting, () => false);
}

/**
 * Whether the page has been on screen: false only while a page opened for paper (a browser
 * printing it as it loads, to a PDF say) has not yet left paper. Once true it stays true, so
 * printing a page on screen never takes away what the screen has built.
 */
export function useShownOnScreen(): boolean {
  const printing = usePrinting();
  const [shown, setShown] = useState(!printing);
  if (!printing && !shown) setShown(true);
  return shown || !printing;
}
