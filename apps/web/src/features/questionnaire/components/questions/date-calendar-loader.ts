import { loadedOnce } from '../../../../lib/chunk-load.ts';

/**
 * A date question's calendar (about 50 KB with its date library), loaded once, when a date
 * field's calendar button is first pointed at, focused or pressed. A failed load is tried
 * again next time.
 */
const dateCalendar = loadedOnce(() => import('./date-calendar.tsx'));

/** Loads the calendar, or joins its load; settles with its module. */
export const loadDateCalendar = dateCalendar.load;

/** The calendar when it has loaded: opened after that, it shows at once. */
export const loadedDateCalendar = dateCalendar.loaded;
