import type * as DatePicker from './date-picker-field.tsx';

type DatePickerModule = typeof DatePicker;

let loading: Promise<DatePickerModule> | undefined;
let loaded: DatePickerModule | undefined;

/**
 * Loads the date picker (about 50 KB with its calendar and date library), once. A date
 * question's field starts it as it first shows; the opening of a disclosure starts it as
 * soon as the disclosure's questions name a date, so that the picker arrives with the
 * disclosure instead of after it (requirements F-01). A failed load is tried again next time.
 */
export function loadDatePicker(): Promise<DatePickerModule> {
  loading ??= import('./date-picker-field.tsx').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The date picker when it has loaded: a field shown after that renders it at once. */
export function loadedDatePicker(): DatePickerModule | undefined {
  return loaded;
}
