import { loadedOnce } from '../../../../lib/chunk-load.ts';

/**
 * The date picker (about 50 KB with its calendar and date library), loaded once. A date
 * question's field starts it as it first shows; the opening of a disclosure starts it as
 * soon as the disclosure's questions name a date, so that the picker arrives with the
 * disclosure instead of after it (requirements F-01). A failed load is tried again next time.
 */
const datePicker = loadedOnce(() => import('./date-picker-field.tsx'));

/** Loads the date picker, or joins its load; settles with its module. */
export const loadDatePicker = datePicker.load;

/** The date picker when it has loaded: a field shown after that renders it at once. */
export const loadedDatePicker = datePicker.loaded;
