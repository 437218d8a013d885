import { PAGE_PATHS } from '@vmer/domain/pages';

/** Every route path of the app: the domain's page table, which the server serves too. */
export { PAGE_PATHS as paths };

/**
 * The signed-in pages a page load most often starts at (a disclosure's link, or /home after
 * signing in), whose first screen is the signed-in frame and the questionnaire route: the HTML
 * preloads their code at these addresses (vite.config.ts, requirements F-03) and the app waits
 * for it there before its first render (app/router.tsx).
 */
export const FIRST_SCREEN_PATHS = [PAGE_PATHS.home, PAGE_PATHS.questionnaire] as const;

/**
 * The state of a navigation that keeps the screen on show: a disclosure saved at /home takes
 * its own address (W-22), or the questionnaire starts afresh at /home after a save or submit.
 * The main content does not take the focus: it stays where the person left it (the result
 * dialog, the field they type in when a background save ran), or the fresh form's title takes
 * it (I-09).
 */
export const SAME_SCREEN = { sameScreen: true } as const;
