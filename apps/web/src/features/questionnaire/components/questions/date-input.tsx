import EventIcon from '@mui/icons-material/Event';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { datePattern, dateText, readDateText, typedDateText } from '@vmer/domain/answer-text';
import { parseDateAnswer } from '@vmer/domain/answers';
import type { DateAnswer, Language } from '@vmer/domain/model';
import {
  loadDateCalendar,
  loadDateCalendarLater,
  loadedDateCalendar,
} from './date-calendar-loader.ts';
import type { QuestionInputProps } from './question-input-props.ts';

function zoneId(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * D questions (requirements §3, §5): a date with the 'Exact Date?' switch choosing a full date or a
 * month and year. The answer is `{value, exact, zoneId}`; flipping the switch alone records
 * the choice but leaves the value empty, so the question stays unanswered.
 */
export function DateInput({
  answer,
  language,
  readOnly,
  onChange,
  labelId,
  invalid,
}: QuestionInputProps) {
  const { t } = useTranslation();
  const date = parseDateAnswer(answer);
  const exact = date?.exact ?? true;
  const value = date?.value ?? '';
  const record = (next: Pick<DateAnswer, 'value' | 'exact'>) =>
    onChange({ value: next.value, exact: next.exact, zoneId: date?.zoneId ?? zoneId() });

  return (
    <div className="date-answer">
      <FormControlLabel
        disabled={readOnly}
        label={t('mer.question.exactDate')}
        control={
          <Switch
            checked={exact}
            onChange={(_, checked) =>
              record({
                exact: checked,
                value: !checked && value !== '' ? `${value.slice(0, 8)}01` : value,
              })
            }
          />
        }
      />
      <DateField
        // A field of the other kind starts afresh: what was typed for one is not the other's.
        key={exact ? 'exact' : 'month'}
        value={value}
        exact={exact}
        language={language}
        disabled={readOnly}
        invalid={invalid}
        describedBy={labelId}
        onDate={(iso) => record({ exact, value: iso })}
      />
    </div>
  );
}

interface DateFieldProps {
  /** ISO date (YYYY-MM-DD) or '' for none. */
  value: string;
  exact: boolean;
  language: Language;
  disabled: boolean;
  invalid: boolean;
  describedBy: string;
  /** A complete date in range as ISO (day 01 when not exact), or '' when cleared. */
  onDate: (iso: string) => void;
}

/**
 * The date itself (V-43..V-48): a text field typed DD/MM/YYYY, or MM/YYYY for a month and year,
 * that shows a recorded date as the printout does ('15/03/2020', 'Mar 2020'). A date is recorded
 * as soon as what is typed names one from 1900 to 2099; text that names none is cleared when
 * the field is left. Its button (or Alt+↓ in the field) opens the calendar, loaded then.
 */
function DateField({
  value,
  exact,
  language,
  disabled,
  invalid,
  describedBy,
  onDate,
}: DateFieldProps) {
  const { t } = useTranslation();
  // What the field holds while it is typed in, which may name no date the answer ever sees.
  const [typed, setTyped] = useState<string>();
  const [calendarFor, setCalendarFor] = useState<HTMLElement | null>(null);
  const [loading, setLoading] = useState(false);
  // The calendar could not be loaded (no connection, say): the date can still be typed.
  const [unavailable, setUnavailable] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  useEffect(loadDateCalendarLater, []);
  const shown = typed ?? (value === '' ? '' : dateText(value, exact, language));
  const Calendar = calendarFor ? loadedDateCalendar()?.default : undefined;

  // What a text names: '' when it is blank, its ISO date, or null when it names none.
  const named = (text: string) => (text.trim() === '' ? '' : readDateText(text, exact));
  const type = (text: string) => {
    const next = typedDateText(text, shown, exact);
    setTyped(next);
    const iso = named(next);
    if (iso === '' || (iso !== null && iso !== value)) onDate(iso);
  };
  const leave = () => {
    if (typed === undefined) return;
    setTyped(undefined);
    const iso = named(typed);
    if (iso === null) onDate('');
    else if (iso !== value) onDate(iso);
  };
  const preload = () => void loadDateCalendar().catch(() => undefined);
  const openCalendar = (button: HTMLElement) => {
    if (loadedDateCalendar()) {
      setCalendarFor(button);
      return;
    }
    setLoading(true);
    setUnavailable(false);
    loadDateCalendar().then(
      () => {
        setLoading(false);
        setCalendarFor(button);
      },
      () => {
        setLoading(false);
        setUnavailable(true);
      },
    );
  };
  const button = (
    <IconButton
      ref={opener}
      edge="end"
      size="small"
      disabled={disabled || loading}
      aria-label={t('mer.question.chooseDate')}
      aria-haspopup="dialog"
      aria-busy={loading}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={(event) => openCalendar(event.currentTarget)}
    >
      {loading ? (
        <CircularProgress size={20} aria-label={t('mer.question.dateLoading')} />
      ) : (
        <EventIcon fontSize="small" />
      )}
    </IconButton>
  );
  const altDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!event.altKey || event.key !== 'ArrowDown') return;
    event.preventDefault();
    if (opener.current) openCalendar(opener.current);
  };

  return (
    <>
      <TextField
        size="small"
        label={t('mer.question.date')}
        value={shown}
        disabled={disabled}
        error={invalid}
        helperText={unavailable ? t('mer.question.calendarUnavailable') : undefined}
        placeholder={datePattern(exact)}
        onChange={(event) => type(event.target.value)}
        onBlur={leave}
        className="date-field"
        slotProps={{
          inputLabel: { shrink: true },
          input: { endAdornment: <InputAdornment position="end">{button}</InputAdornment> },
          htmlInput: {
            'aria-describedby': describedBy,
            inputMode: exact ? 'numeric' : 'text',
            autoComplete: 'off',
            onKeyDown: altDown,
          },
        }}
      />
      {Calendar && calendarFor && (
        <Calendar
          anchor={calendarFor}
          value={value}
          exact={exact}
          language={language}
          label={t('mer.question.chooseDate')}
          onDate={(iso) => {
            setTyped(undefined);
            onDate(iso);
          }}
          onClose={() => setCalendarFor(null)}
        />
      )}
    </>
  );
}
