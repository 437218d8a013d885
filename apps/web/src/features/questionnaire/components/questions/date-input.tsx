import EventIcon from '@mui/icons-material/Event';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateText } from '@vmer/domain/answer-text';
import { parseDateAnswer } from '@vmer/domain/answers';
import type { DateAnswer, Language } from '@vmer/domain/model';
import type { QuestionInputProps } from './question-input-props.ts';

const loadPicker = () => import('./date-picker-field.tsx');
const DatePickerField = lazy(loadPicker);

/** How the picker was asked for: by moving into the field, or by its calendar button. */
type Wanted = 'field' | 'calendar';

interface DateTextFieldProps {
  value: string;
  exact: boolean;
  language: Language;
  disabled: boolean;
  invalid: boolean;
  describedBy: string;
  /** Absent while the picker loads: the field then only holds its place. */
  onWant?: (wanted: Wanted) => void;
}

/**
 * The date as text in a field of the picker's size and name, with the picker's calendar
 * button: what a D question shows until the picker is wanted (design §7). Moving into the
 * field or pressing the button loads the picker, which takes the focus (or opens its
 * calendar) in its place.
 */
function DateTextField({
  value,
  exact,
  language,
  disabled,
  invalid,
  describedBy,
  onWant,
}: DateTextFieldProps) {
  const { t } = useTranslation();
  // A press of the pointer focuses the field before it is released: the picker takes its place
  // once the click is over, so that the release and the click land on the field they began on.
  const pressed = useRef(false);
  return (
    <TextField
      size="small"
      label={t('mer.question.date')}
      value={value === '' ? '' : dateText(value, exact, language)}
      placeholder={exact ? 'DD/MM/YYYY' : 'MMM YYYY'}
      disabled={disabled}
      error={invalid}
      // What is typed before the picker has loaded is not kept: the picker takes the focus.
      onChange={() => undefined}
      slotProps={{
        htmlInput: {
          'aria-describedby': describedBy,
          onPointerDown: () => {
            pressed.current = true;
            void loadPicker();
          },
          onFocus: () => {
            if (!pressed.current) onWant?.('field');
          },
          onClick: () => {
            pressed.current = false;
            onWant?.('field');
          },
        },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                edge="end"
                disabled={disabled}
                aria-label={t('mer.question.chooseDate')}
                onClick={() => onWant?.('calendar')}
              >
                <EventIcon />
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

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
  // The picker (a third of the first page's script) loads only once the user wants it.
  const [wanted, setWanted] = useState<Wanted | null>(null);
  const record = (next: Pick<DateAnswer, 'value' | 'exact'>) =>
    onChange({ value: next.value, exact: next.exact, zoneId: date?.zoneId ?? zoneId() });

  const asText = { value, exact, language, disabled: readOnly, invalid, describedBy: labelId };

  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ alignItems: { sm: 'center' } }}
    >
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
      {wanted === null || readOnly ? (
        <DateTextField {...asText} onWant={setWanted} />
      ) : (
        <Suspense fallback={<DateTextField {...asText} />}>
          <DatePickerField
            value={value}
            exact={exact}
            language={language}
            label={t('mer.question.date')}
            disabled={readOnly}
            invalid={invalid}
            describedBy={labelId}
            focus={wanted === 'field'}
            open={wanted === 'calendar'}
            onDate={(iso) => record({ exact, value: iso })}
          />
        </Suspense>
      )}
    </Stack>
  );
}
