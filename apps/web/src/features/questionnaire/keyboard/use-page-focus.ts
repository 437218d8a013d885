import type { Theme } from '@mui/material/styles';
import { useEffect, useRef } from 'react';

/**
 * Focus after a page change (I-09): the move asks for it, and once the new page is on screen
 * its heading takes the focus (it carries tabIndex -1 and shows a focus ring), so neither a
 * keyboard nor a screen reader user is left on a button of the page they left. A page shown
 * for another reason (a resumed interview, the incomplete dialog opening) keeps the focus
 * where it is.
 */
export function usePageFocus<T extends HTMLElement>() {
  const heading = useRef<T>(null);
  const asked = useRef(false);
  useEffect(() => {
    if (!asked.current) return;
    asked.current = false;
    heading.current?.focus();
  });
  return {
    /** Given to the page heading as its ref. */
    headingRef: heading,
    /** Call when the user moves to another page. */
    focusNewPage: () => {
      asked.current = true;
    },
    /** Whether the page is on screen with its heading (not the one-scroll view). */
    pageOnScreen: () => heading.current !== null,
  };
}

/** The page heading's focus ring: shown when it gets the focus from the keyboard (I-09). */
export const pageHeadingFocus = (theme: Theme) => ({
  '&:focus': { outline: 'none' },
  '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
});
