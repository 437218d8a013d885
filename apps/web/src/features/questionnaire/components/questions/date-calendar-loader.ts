import { loadedOnce } from '../../../../lib/chunk-load.ts';
import { LOAD_LATER_MS, whenSettled } from '../../../../lib/when-settled.ts';

/**
 * A date question's calendar (about 30 KB with its date library), loaded once: when a date
 * field's calendar button is first pointed at, focused or pressed, or at an idle moment a few
 * seconds after a date field first shows, so that an interview which loses its connection
 * still has it. A failed load is tried again next time.
 */
const dateCalendar = loadedOnce(() => import('./date-calendar.tsx'));

/** Loads the calendar, or joins its load; settles with its module. */
export const loadDateCalendar = dateCalendar.load;

/** The calendar when it has loaded: opened after that, it shows at once. */
export const loadedDateCalendar = dateCalendar.loaded;

let later: Promise<void> | undefined;

/** Loads the calendar at an idle moment {@link LOAD_LATER_MS} from the first call. */
export function loadDateCalendarLater(): void {
  later ??= whenSettled(LOAD_LATER_MS).promise.then(() =>
    dateCalendar.load().then(
      () => undefined,
      () => undefined,
    ),
  );
}
