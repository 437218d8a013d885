import Popover from '@mui/material/Popover';
import { ThemeProvider, useTheme, type Theme } from '@mui/material/styles';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DateCalendar } from '@mui/x-date-pickers/DateCalendar';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/zh-hk';
import 'dayjs/locale/zh-cn';
import { useMemo } from 'react';
import { DATE_MAX, DATE_MIN } from '@vmer/domain/answers';
import { LANGUAGE_TABLE } from '@vmer/domain/languages';
import type { Language } from '@vmer/domain/model';

const MIN = dayjs(DATE_MIN);
const MAX = dayjs(DATE_MAX);
const ISO = 'YYYY-MM-DD';

export interface DateCalendarProps {
  /** The button the calendar opens under, and gives the focus back to when it closes. */
  anchor: HTMLElement;
  /** ISO date (YYYY-MM-DD) or '' for none. */
  value: string;
  exact: boolean;
  language: Language;
  /** The calendar's accessible name. */
  label: string;
  /** A date chosen: ISO, day 01 when not exact. The calendar closes after it. */
  onDate: (iso: string) => void;
  onClose: () => void;
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

/**
 * The calendar of a D question (requirements §5, V-43): year, month and day views, or year and
 * month for a month and year; 1900-01-01 to 2099-12-31 (V-48, C-16). It opens from the date
 * field's button and is loaded then, not with the questionnaire: a date is typed in the field
 * itself, and the calendar with its date library is some 50 KB of the first screen's script
 * that most interviews never open (issue 19, design §7).
 */
export default function DateCalendarPopover({
  anchor,
  value,
  exact,
  language,
  label,
  onDate,
  onClose,
}: DateCalendarProps) {
  const outer = useTheme();
  const theme = useMemo(() => withSlideDuration(outer), [outer]);
  const shown = value === '' ? null : dayjs(value);
  const views = exact ? (['year', 'month', 'day'] as const) : (['year', 'month'] as const);

  return (
    <Popover
      open
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { role: 'dialog', 'aria-label': label } }}
    >
      <ThemeProvider theme={theme}>
        <LocalizationProvider
          dateAdapter={AdapterDayjs}
          adapterLocale={LANGUAGE_TABLE[language].dateLocale}
        >
          <DateCalendar
            autoFocus
            value={shown}
            views={views}
            openTo="year"
            minDate={MIN}
            maxDate={MAX}
            onChange={(next: Dayjs | null, selection) => {
              if (selection !== 'finish' || next === null || !next.isValid()) return;
              onDate((exact ? next : next.date(1)).format(ISO));
              onClose();
            }}
          />
        </LocalizationProvider>
      </ThemeProvider>
    </Popover>
  );
}
