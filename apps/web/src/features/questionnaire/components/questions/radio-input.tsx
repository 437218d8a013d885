import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { textIn } from '@vmer/domain/languages';
import { parseChoices } from '@vmer/domain/answers';
import type { QuestionInputProps } from './question-input-props.ts';

/** R questions (requirements §3): a radio group; the answer is the one chosen option's uuid in a list. */
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
      {question.answerList.map((option) => (
        <FormControlLabel
          key={option.uuid}
          value={option.uuid}
          label={textIn(option.label, language)}
          disabled={readOnly}
          control={<Radio />}
        />
      ))}
    </RadioGroup>
  );
}
