import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { textIn } from '@vmer/domain/languages';
import { parseChoices } from '@vmer/domain/answers';
import { LabelWithDigit } from '../../keyboard/option-digit.tsx';
import type { QuestionInputProps } from './question-input-props.ts';

/**
 * R questions (requirements §3): a radio group (arrows move and choose within it, I-06; digits
 * choose, I-07); the answer is the one chosen option's uuid in a list. */
export function RadioInput({
  question,
  answer,
  language,
  readOnly,
  onChange,
  labelId,
}: QuestionInputProps) {
  const [chosen = ''] = parseChoices(answer);
  return (
    <RadioGroup aria-labelledby={labelId} value={chosen} onChange={(_, value) => onChange([value])}>
      {question.answerList.map((option, index) => (
        <FormControlLabel
          key={option.uuid}
          value={option.uuid}
          label={<LabelWithDigit label={textIn(option.label, language)} index={index} />}
          disabled={readOnly}
          control={<Radio />}
        />
      ))}
    </RadioGroup>
  );
}
