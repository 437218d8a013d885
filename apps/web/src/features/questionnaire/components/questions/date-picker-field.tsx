import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { ThemeProvider, useTheme, type Theme } from '@mui/material/styles';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/zh-hk';
import 'dayjs/locale/zh-cn';
import { LANGUAGE_TABLE } from '@vmer/domain/languages';
import { useMemo, useState } from 'react';
import { DATE_MAX, DATE_MIN } from '@vmer/domain/answers';
import type { Language } from '@vmer/domain/model';

const MIN = dayjs(DATE_MIN);
const MAX = dayjs(DATE_MAX);
const ISO = 'YYYY-MM-DD';

export interface DatePickerFieldProps {
  /** ISO date (YYYY-MM-DD) or '' for none. */
  value: string;
  exact: boolean;
  language: Language;
  label: string;
  disabled: boolean;
  invalid: boolean;
  describedBy: string;
  /** A complete date in range as ISO (day 01 when not exact), or '' when cleared. */
  onDate: (iso: string) => void;
}

/** Spec §9: the calendar slides from month to month in 350 ms (Material UI's default is 375). */
const SLIDE_ANIMATION_MS = 350;

const withSlideDuration = (outer: Theme): Theme => ({
  ...outer,
  transitions: {
    ...outer.transitions,
    duration: { ...outer.transitions.duration, complex: SLIDE_ANIMATION_MS },
  },
});

const inRange = (d: Dayjs) => d.isValid() && !d.isBefore(MIN, 'day') && !d.isAfter(MAX, 'day');

/**
 * The date picker of a D question (requirements §5): DD/MM/YYYY with year, month and day views, or
 * MMM YYYY with year and month views; 1900-01-01 to 2099-12-31. A date typed incompletely or
 * out of range is cleared when the field is left. Loaded on demand, so the picker library is
 * not part of the questionnaire route's first download (design §7).
 */
export default function DatePickerField({
  value,
  exact,
  language,
  label,
  disabled,
  invalid,
  describedBy,
  onDate,
}: DatePickerFieldProps) {
  const outer = useTheme();
  const theme = useMemo(() => withSlideDuration(outer), [outer]);
  const recorded = value === '' ? null : dayjs(value);
  // What the field holds while typed, which may be an invalid date the answer never sees.
  const [typed, setTyped] = useState<Dayjs | null | undefined>(undefined);
  // A field typed only in part may report no change at all, so leaving it without a valid
  // date mounts a fresh one: nothing half-typed stays on screen.
  const [generation, setGeneration] = useState(0);
  const shown = typed === undefined ? recorded : typed;

  const change = (next: Dayjs | null) => {
    setTyped(next);
    if (next === null) onDate('');
    else if (inRange(next)) onDate((exact ? next : next.date(1)).format(ISO));
  };

  return (
    <ThemeProvider theme={theme}>
      <LocalizationProvider
        dateAdapter={AdapterDayjs}
        adapterLocale={LANGUAGE_TABLE[language].dateLocale}
      >
        <DatePicker
          key={generation}
          label={label}
          value={shown}
          disabled={disabled}
          format={exact ? 'DD/MM/YYYY' : 'MMM YYYY'}
          views={exact ? ['year', 'month', 'day'] : ['year', 'month']}
          openTo="year"
          minDate={MIN}
          maxDate={MAX}
          onChange={change}
          slotProps={{
            textField: {
              size: 'small',
              error: invalid,
              'aria-describedby': describedBy,
              onBlur: () => {
                const invalidTyped = typed != null && !inRange(typed);
                setTyped(undefined);
                if (invalidTyped) onDate('');
                if (invalidTyped || value === '') setGeneration((g) => g + 1);
              },
            },
          }}
        />
      </LocalizationProvider>
    </ThemeProvider>
  );
}
