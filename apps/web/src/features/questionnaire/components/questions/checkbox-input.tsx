import { textIn } from '@vmer/domain/languages';
import { parseChoices } from '@vmer/domain/answers';
import { checkboxSelection } from '@vmer/domain/questionnaire';
import { LabelWithDigit } from '../../keyboard/option-digit.tsx';
import type { QuestionInputProps } from './question-input-props.ts';

/**
 * C questions: checkboxes; an exclusive option stands alone (the domain's checkboxSelection).
 * The browser's own checkboxes in plain labels, styled as the radio buttons are.
 */
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
    <div role="group" aria-labelledby={labelId} className="options">
      {question.answerList.map((option, index) => (
        <label key={option.uuid} className="option">
          <input
            type="checkbox"
            checked={chosen.includes(option.uuid)}
            disabled={readOnly}
            onChange={(event) => {
              const next = checkboxSelection(question, chosen, option.uuid, event.target.checked);
              onChange(next.length > 0 ? next : undefined);
            }}
          />
          <LabelWithDigit label={textIn(option.label, language)} index={index} />
        </label>
      ))}
    </div>
  );
}
