import { allowedWeightUnits } from '@vmer/domain/units';
import { HeightInput } from './height-input.tsx';
import type { QuestionInputProps } from './question-input-props.ts';
import { WeightInput } from './weight-input.tsx';

/** H and W questions (requirements §3): the answer is the height or weight JSON string. */
export function MeasureQuestionInput({
  question,
  answer,
  readOnly,
  onChange,
  labelId,
  invalid,
}: QuestionInputProps) {
  const value = typeof answer === 'string' ? answer : undefined;
  const common = { value, disabled: readOnly, invalid, describedBy: labelId, onChange };
  return question.type === 'H' ? (
    <HeightInput {...common} />
  ) : (
    <WeightInput {...common} units={allowedWeightUnits(question)} />
  );
}
