import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { textIn } from '@vmer/domain/languages';
import { parseChoices } from '@vmer/domain/answers';
import { checkboxSelection } from '@vmer/domain/questionnaire';
import { LabelWithDigit, OPTION_DIGIT_STYLES } from '../../keyboard/option-digit.tsx';
import type { QuestionInputProps } from './question-input-props.ts';

/**
 * S (single-select) and M (multi-select) questions (requirements §3): a dropdown of the options. A
 * multi-select applies the same unique-option rules as checkboxes (domain checkboxSelection).
 */
export function SelectInput({
  question,
  answer,
  language,
  readOnly,
  onChange,
  labelId,
  invalid,
  multiple,
}: QuestionInputProps & { multiple: boolean }) {
  const { t } = useTranslation();
  const chosen = parseChoices(answer);
  const labelOf = (uuid: string) => {
    const option = question.answerList.find((o) => o.uuid === uuid);
    return option ? textIn(option.label, language) : uuid;
  };

  const handle = (value: string | string[]) => {
    if (!multiple) {
      onChange(typeof value === 'string' && value !== '' ? [value] : undefined);
      return;
    }
    const next = typeof value === 'string' ? value.split(',') : value;
    const added = next.find((uuid) => !chosen.includes(uuid));
    const removed = chosen.find((uuid) => !next.includes(uuid));
    let result = chosen;
    if (added !== undefined) result = checkboxSelection(question, chosen, added, true);
    else if (removed !== undefined) result = checkboxSelection(question, chosen, removed, false);
    onChange(result.length > 0 ? result : undefined);
  };

  return (
    <TextField
      select
      fullWidth
      size="small"
      label={t('mer.question.choose')}
      value={multiple ? chosen : (chosen[0] ?? '')}
      disabled={readOnly}
      error={invalid}
      onChange={(e) => handle(e.target.value as string | string[])}
      slotProps={{
        select: {
          multiple,
          renderValue: (selected) =>
            Array.isArray(selected)
              ? selected.map(labelOf).join(', ')
              : labelOf(selected as string),
          MenuProps: {
            slotProps: { paper: { sx: { maxHeight: '40vh', ...OPTION_DIGIT_STYLES } } },
          },
        },
        htmlInput: { 'aria-describedby': labelId },
      }}
    >
      {question.answerList.map((option, index) => (
        <MenuItem key={option.uuid} value={option.uuid}>
          <LabelWithDigit label={textIn(option.label, language)} index={index} always />
        </MenuItem>
      ))}
    </TextField>
  );
}
