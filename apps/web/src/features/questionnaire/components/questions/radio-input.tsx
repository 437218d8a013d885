import { useId } from 'react';
import { textIn } from '@vmer/domain/languages';
import { parseChoices } from '@vmer/domain/answers';
import { LabelWithDigit } from '../../keyboard/option-digit.tsx';
import type { QuestionInputProps } from './question-input-props.ts';

/**
 * R questions (requirements §3): a radio group (arrows move and choose within it, I-06; digits
 * choose, I-07); the answer is the one chosen option's uuid in a list. The options are the
 * browser's own radio buttons in plain labels, styled by the questions' list
 * (`OPTION_STYLES`): a page shows dozens of them, each a styled component otherwise.
 */
export function RadioInput({
  question,
  answer,
  language,
  readOnly,
  onChange,
  labelId,
}: QuestionInputProps) {
  const [chosen = ''] = parseChoices(answer);
  const name = useId();
  return (
    <div role="radiogroup" aria-labelledby={labelId} className="options">
      {question.answerList.map((option, index) => (
        <label key={option.uuid} className="option">
          <input
            type="radio"
            name={name}
            value={option.uuid}
            checked={chosen === option.uuid}
            disabled={readOnly}
            onChange={() => onChange([option.uuid])}
          />
          <LabelWithDigit label={textIn(option.label, language)} index={index} />
        </label>
      ))}
    </div>
  );
}
