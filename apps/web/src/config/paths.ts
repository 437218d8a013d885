/** Every route path of the app: the domain's page table, which the server serves too. */
export { PAGE_PATHS as paths } from '@vmer/domain/pages';

/**
 * The state of a navigation that keeps the screen on show: a disclosure saved at /home takes
 * its own address (W-22), or the questionnaire starts afresh at /home after a save or submit.
 * The main content does not take the focus: it stays where the person left it (the result
 * dialog, the field they type in when a background save ran), or the fresh form's title takes
 * it (I-09).
 */
export const SAME_SCREEN = { sameScreen: true } as const;
