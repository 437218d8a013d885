import type { ComponentType } from 'react';
import type { QuestionType } from '@vmer/domain/model';
import { CheckboxInput } from './checkbox-input.tsx';
import { DateInput } from './date-input.tsx';
import { HeightQuestionInput, WeightQuestionInput } from './measure-question-input.tsx';
import type { QuestionInputProps } from './question-input-props.ts';
import { RadioInput } from './radio-input.tsx';
import { SelectInput } from './select-input.tsx';
import { TextLinesInput } from './text-lines-input.tsx';

/** How the screen shows one question type: what it is answered with, and how it prints. */
export interface QuestionTypeView {
  /** The input the interviewer answers with. */
  Input: ComponentType<QuestionInputProps>;
  /**
   * On paper: every option listed with the chosen ones marked, as radio buttons or checkboxes,
   * as the screen shows them; or the answer's text lines (the domain's `answerLines`).
   */
  printed: 'radios' | 'checkboxes' | 'lines';
}

function FreeTextInput(props: QuestionInputProps) {
  return <TextLinesInput {...props} numeric={false} />;
}

function NumberInput(props: QuestionInputProps) {
  return <TextLinesInput {...props} numeric />;
}

function SingleSelectInput(props: QuestionInputProps) {
  return <SelectInput {...props} multiple={false} />;
}

function MultiSelectInput(props: QuestionInputProps) {
  return <SelectInput {...props} multiple />;
}

/**
 * Every question type's input (requirements §3), by its letter: the type checker requires all
 * nine, and a test holds these keys to the domain's question type registry.
 */
export const QUESTION_INPUTS: Readonly<Record<QuestionType, QuestionTypeView>> = {
  T: { Input: FreeTextInput, printed: 'lines' },
  N: { Input: NumberInput, printed: 'lines' },
  D: { Input: DateInput, printed: 'lines' },
  C: { Input: CheckboxInput, printed: 'checkboxes' },
  M: { Input: MultiSelectInput, printed: 'lines' },
  S: { Input: SingleSelectInput, printed: 'lines' },
  R: { Input: RadioInput, printed: 'radios' },
  H: { Input: HeightQuestionInput, printed: 'lines' },
  W: { Input: WeightQuestionInput, printed: 'lines' },
};
