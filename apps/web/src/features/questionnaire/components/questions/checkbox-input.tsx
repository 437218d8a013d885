import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import { textIn } from '@vmer/domain/languages';
import { parseChoices } from '@vmer/domain/answers';
import { checkboxSelection } from '@vmer/domain/questionnaire';
import { LabelWithDigit } from '../../keyboard/option-digit.tsx';
import type { QuestionInputProps } from './question-input-props.ts';

/** C questions: checkboxes; an exclusive option stands alone (the domain's checkboxSelection). */
export function CheckboxInput({
  question,
  answer,
  language,
  readOnly,
  onChange,
  labelId,
}: QuestionInputProps) {
  const chosen = parseChoices(answer);
  return (
    <FormGroup role="group" aria-labelledby={labelId}>
      {question.answerList.map((option, index) => (
        <FormControlLabel
          key={option.uuid}
          label={<LabelWithDigit label={textIn(option.label, language)} index={index} />}
          disabled={readOnly}
          control={
            <Checkbox
              checked={chosen.includes(option.uuid)}
              onChange={(_, checked) => {
                const next = checkboxSelection(question, chosen, option.uuid, checked);
                onChange(next.length > 0 ? next : undefined);
              }}
            />
          }
        />
      ))}
    </FormGroup>
  );
}
