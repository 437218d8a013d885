import type { Theme } from '@mui/material/styles';
import { useEffect, useRef } from 'react';
import { useAppSelector } from '../../../app/hooks.ts';
import { selectResets } from '../questionnaire-slice.ts';

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

/** A heading's focus ring: shown when it gets the focus from the keyboard (I-09). */
export const pageHeadingFocus = (theme: Theme) => ({
  '&:focus': { outline: 'none' },
  '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
});

/** A dialog still on screen, closing or not. */
const DIALOG = '[role="dialog"], [role="alertdialog"]';
/** How long a dialog may take to close before the focus is looked at anyway (2 s at 60 Hz). */
const MAX_FRAMES = 120;

/** Whether the focus is nowhere a user can see: on the page itself, or on a disabled control. */
function focusLost(): boolean {
  const active = document.activeElement;
  return (
    active === null ||
    active === document.body ||
    !active.isConnected ||
    (active instanceof HTMLButtonElement && active.disabled)
  );
}

/**
 * Focus after the form is reset (I-09): once a disclosure is saved or submitted and its
 * result dialog closed, or the form started afresh, the button that had the focus may be
 * disabled or gone (the screen may even be shown anew at /home); the screen's title takes the
 * focus then (it carries tabIndex -1), so the next Tab starts from the top of the fresh form.
 * A focus still somewhere sensible stays.
 */
export function useFocusAfterReset<T extends HTMLElement>() {
  const resets = useAppSelector(selectResets);
  const title = useRef<T>(null);
  useEffect(() => {
    // Not on the app's first screen: only once a form has been reset (the screen may be new).
    if (resets === 0) return undefined;
    // Once the closing dialog has gone and handed the focus back (after its exit transition).
    let frame = 0;
    let frames = 0;
    const settle = () => {
      if (document.querySelector(DIALOG) !== null && frames < MAX_FRAMES) {
        frames += 1;
        frame = requestAnimationFrame(settle);
        return;
      }
      if (focusLost()) title.current?.focus();
    };
    frame = requestAnimationFrame(settle);
    return () => cancelAnimationFrame(frame);
  }, [resets]);
  return title;
}
