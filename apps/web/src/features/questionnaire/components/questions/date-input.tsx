import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import { useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { parseDateAnswer } from '@vmer/domain/answers';
import type { DateAnswer } from '@vmer/domain/model';
import type { DatePickerFieldProps } from './date-picker-field.tsx';
import { loadDatePicker, loadedDatePicker } from './date-picker-loader.ts';
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
  // The placeholder until the picker's code is here, then the picker for good: a field never
  // swaps its input while it can be typed in. Shown by a state update, not by a Suspense
  // boundary: React holds back what replaces a Suspense fallback until 300 ms after the
  // fallback showed, so a disclosure's date fields stayed placeholders that long after its
  // first page. A failed load is thrown to the screen's error boundary, as a lazy one's was.
  const [DatePickerField, setDatePickerField] = useState<
    ComponentType<DatePickerFieldProps> | undefined
  >(() => loadedDatePicker()?.default);
  const [failure, setFailure] = useState<{ error: unknown }>();
  useEffect(() => {
    if (DatePickerField) return;
    let mounted = true;
    loadDatePicker().then(
      (module) => mounted && setDatePickerField(() => module.default),
      (error: unknown) => mounted && setFailure({ error }),
    );
    return () => {
      mounted = false;
    };
  }, [DatePickerField]);
  if (failure) throw failure.error;
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
      {DatePickerField ? (
        <DatePickerField
          value={value}
          exact={exact}
          language={language}
          label={t('mer.question.date')}
          disabled={readOnly}
          invalid={invalid}
          describedBy={labelId}
          onDate={(iso) => record({ exact, value: iso })}
        />
      ) : (
        <Skeleton
          variant="rounded"
          width={220}
          height={40}
          aria-label={t('mer.question.dateLoading')}
        />
      )}
    </div>
  );
}
