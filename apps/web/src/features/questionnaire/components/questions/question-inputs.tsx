import { memo, type ComponentType } from 'react';
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
 * nine, and a test holds these keys to the domain's question type registry. Each is memoised:
 * an answer that renumbers the questions after it re-renders their labels, not their inputs,
 * so a text area elsewhere does not measure its height again (a forced layout each).
 */
export const QUESTION_INPUTS: Readonly<Record<QuestionType, QuestionTypeView>> = {
  T: { Input: memo(FreeTextInput), printed: 'lines' },
  N: { Input: memo(NumberInput), printed: 'lines' },
  D: { Input: memo(DateInput), printed: 'lines' },
  C: { Input: memo(CheckboxInput), printed: 'checkboxes' },
  M: { Input: memo(MultiSelectInput), printed: 'lines' },
  S: { Input: memo(SingleSelectInput), printed: 'lines' },
  R: { Input: memo(RadioInput), printed: 'radios' },
  H: { Input: memo(HeightQuestionInput), printed: 'lines' },
  W: { Input: memo(WeightQuestionInput), printed: 'lines' },
};
