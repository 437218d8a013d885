/**
 * What the one-scroll view (I-23) lets the disclosure card do while it shows: bring a question
 * into view (the checks on submit and print), and move between conditions (the next/previous
 * page keys, which in one-scroll mode move by condition).
 */
export interface OneScrollHandle {
  /** Scrolls to a shown question; with `focus`, puts the focus in its answer. */
  showQuestion: (impairmentUuid: string, questionUuid: string, focus: boolean) => void;
  /**
   * Moves to the next (1) or previous (-1) condition from the one holding the focus (else the
   * one at the top of the list), its heading focused; false when there is none that way.
   */
  moveCondition: (step: 1 | -1) => boolean;
}
