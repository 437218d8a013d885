import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { parseWeight, serializeWeight } from '@vmer/domain/answers';
import { weightFromInput } from '@vmer/domain/units';
import { MeasureField } from './measure-field.tsx';

interface WeightInputProps {
  /** The weight as the disclosure carries it: `{"kg":…,"lb":…}`, or undefined. */
  value: string | undefined;
  /** Which fields show (requirements §5: KG and/or LB). */
  units: readonly ('KG' | 'LB')[];
  disabled: boolean;
  invalid: boolean;
  describedBy?: string;
  onChange: (value: string | undefined) => void;
}

/** A weight in kg and/or lb; both are kept, each converted from the other (requirements §5). */
export function WeightInput({
  value,
  units,
  disabled,
  invalid,
  describedBy,
  onChange,
}: WeightInputProps) {
  const { t } = useTranslation();
  const weight = parseWeight(value);
  const typed = (field: 'kg' | 'lb') => (text: string) => {
    const next = weightFromInput(field, text, weight);
    if (next === 'unchanged') return;
    onChange(next === null ? undefined : serializeWeight(next));
  };
  const common = { disabled, invalid, describedBy };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
      {units.includes('KG') && (
        <MeasureField
          {...common}
          label={t('mer.question.weightKg')}
          unit="kg"
          value={weight?.kg}
          onText={typed('kg')}
        />
      )}
      {units.includes('LB') && (
        <MeasureField
          {...common}
          label={t('mer.question.weightLb')}
          unit="lb"
          value={weight?.lb}
          onText={typed('lb')}
        />
      )}
    </Stack>
  );
}
