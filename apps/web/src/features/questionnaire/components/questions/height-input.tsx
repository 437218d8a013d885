import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { parseHeight, serializeHeight } from '@vmer/domain/answers';
import { heightFromInput } from '@vmer/domain/units';
import { MeasureField } from './measure-field.tsx';

interface HeightInputProps {
  /** The height as the disclosure carries it: `{"cm":…,"ft":…,"inch":…}`, or undefined. */
  value: string | undefined;
  disabled: boolean;
  invalid: boolean;
  describedBy?: string;
  onChange: (value: string | undefined) => void;
}

/** A height in cm and in ft and inch, each converted live into the other (requirements §5). */
export function HeightInput({ value, disabled, invalid, describedBy, onChange }: HeightInputProps) {
  const { t } = useTranslation();
  const height = parseHeight(value);
  const typed = (field: 'cm' | 'ft' | 'inch') => (text: string) => {
    const next = heightFromInput(field, text, height);
    if (next === 'unchanged') return;
    onChange(next === null ? undefined : serializeHeight(next));
  };
  const common = { disabled, invalid, describedBy };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
      <MeasureField
        {...common}
        label={t('mer.question.heightCm')}
        unit="cm"
        value={height?.cm}
        onText={typed('cm')}
      />
      <MeasureField
        {...common}
        label={t('mer.question.heightFt')}
        unit="ft"
        value={height?.ft}
        onText={typed('ft')}
      />
      <MeasureField
        {...common}
        label={t('mer.question.heightInch')}
        unit="in"
        value={height?.inch}
        onText={typed('inch')}
      />
    </Stack>
  );
}
