import type { ReactNode } from 'react';
import { useShownOnScreen } from '../lib/use-printing.ts';

/**
 * What only the screen shows, built once the page has been on screen: a page opened for paper
 * builds what paper shows alone, not also the frame and the form that paper hides (issue 19:
 * every question painted at once). Its own component, so that printing re-renders it and not
 * what it holds.
 */
export function ScreenOnly({ children }: { children: ReactNode }) {
  return useShownOnScreen() ? children : null;
}
