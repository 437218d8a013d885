import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseDateAnswer } from '@vmer/domain/answers';
import type { DateAnswer } from '@vmer/domain/model';
import { loadDatePicker, loadedDatePicker } from './date-picker-loader.ts';
import type { QuestionInputProps } from './question-input-props.ts';

const LazyDatePickerField = lazy(loadDatePicker);

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
  // Chosen once as the field mounts: the loaded picker at once, or the lazy one with its
  // placeholder. Never swapped while shown, which would take the field from under the typing.
  const [DatePickerField] = useState(() => loadedDatePicker()?.default ?? LazyDatePickerField);
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
      <Suspense
        fallback={
          <Skeleton
            variant="rounded"
            width={220}
            height={40}
            aria-label={t('mer.question.dateLoading')}
          />
        }
      >
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
      </Suspense>
    </div>
  );
}
