import { allowedWeightUnits } from '@vmer/domain/units';
import { HeightInput } from './height-input.tsx';
import type { QuestionInputProps } from './question-input-props.ts';
import { WeightInput } from './weight-input.tsx';

function measureProps({ answer, readOnly, onChange, labelId, invalid }: QuestionInputProps) {
  const value = typeof answer === 'string' ? answer : undefined;
  return { value, disabled: readOnly, invalid, describedBy: labelId, onChange };
}

/** H questions (requirements §3): the answer is the height JSON string. */
export function HeightQuestionInput(props: QuestionInputProps) {
  return <HeightInput {...measureProps(props)} />;
}

/** W questions (requirements §3): the answer is the weight JSON string. */
export function WeightQuestionInput(props: QuestionInputProps) {
  return <WeightInput {...measureProps(props)} units={allowedWeightUnits(props.question)} />;
}
