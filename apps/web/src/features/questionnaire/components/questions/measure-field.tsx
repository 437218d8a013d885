import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@vmer/domain/model';
import { unitLabel } from '@vmer/domain/units';

// What a measure field may show while it is typed: digits and one decimal point, so '5.' can
// be on its way to '5.5'. Whether the text becomes a value is the domain's decision.
const TYPEABLE = /^\d*\.?\d*$/;

interface MeasureFieldProps {
  label: string;
  /** The unit's key (cm, ft, in, kg, lb): shown by its label in the interface language. */
  unit: string;
  value: number | undefined;
  disabled: boolean;
  invalid: boolean;
  describedBy?: string;
  /** The text typed, for the domain to convert (heightFromInput, weightFromInput). */
  onText: (text: string) => void;
}

/**
 * One field of a height or weight input. While focused it shows what is typed; otherwise the
 * recorded value, so a conversion made from another field shows at once. Text that no number
 * starts with (letters, a sign) is refused and nothing changes (requirements §5).
 */
export function MeasureField({
  label,
  unit,
  value,
  disabled,
  invalid,
  describedBy,
  onText,
}: MeasureFieldProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const { i18n } = useTranslation();
  const shownUnit = unitLabel(unit, i18n.language as Language);
  return (
    <TextField
      size="small"
      label={label}
      value={draft ?? (value === undefined ? '' : String(value))}
      disabled={disabled}
      error={invalid}
      onChange={(e) => {
        const text = e.target.value.trim();
        if (!TYPEABLE.test(text)) return;
        setDraft(text);
        onText(text);
      }}
      onBlur={() => setDraft(null)}
      slotProps={{
        htmlInput: { inputMode: 'decimal', 'aria-describedby': describedBy },
        input: { endAdornment: <InputAdornment position="end">{shownUnit}</InputAdornment> },
      }}
      sx={{ width: { xs: '100%', sm: 180 } }}
    />
  );
}
