/**
 * What the one-scroll view (I-23) lets the rest of the screen do while it shows, such as the
 * next/previous page shortcuts, which in one-scroll mode move between conditions.
 */
export interface OneScrollHandle {
  /** Scrolls to a shown question; with `focus`, puts the focus in its answer. */
  showQuestion: (impairmentUuid: string, questionUuid: string, focus: boolean) => void;
  /**
   * Moves to the next (1) or previous (-1) condition from the one at the top of the list, its
   * heading focused; false when there is none that way.
   */
  moveCondition: (step: 1 | -1) => boolean;
}

let mounted: OneScrollHandle | null = null;

/** Called by the one-scroll view as it mounts (its handle) and unmounts (null). */
export function registerOneScroll(handle: OneScrollHandle | null): void {
  mounted = handle;
}

/**
 * In one-scroll mode, moves to the next or previous condition (the page shortcuts' meaning
 * there) and says true; false when the one-scroll view is not showing or no condition is that
 * way, so the caller can page instead.
 */
export function moveOneScrollCondition(step: 1 | -1): boolean {
  return mounted?.moveCondition(step) ?? false;
}

/** Whether the one-scroll view is showing. */
export function oneScrollShowing(): boolean {
  return mounted !== null;
}
