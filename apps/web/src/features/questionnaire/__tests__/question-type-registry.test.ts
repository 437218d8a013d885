import { describe, expect, it } from 'vitest';
import { QUESTION_TYPES } from '@vmer/domain/model';
import { QUESTION_TYPE_REGISTRY, questionType } from '@vmer/domain/question-types';
import { QUESTION_INPUTS } from '../components/questions/question-inputs.tsx';

const sorted = (keys: readonly string[]) => [...keys].sort();

describe('question types as a registry', () => {
  it('every question type of the model is declared in the domain registry and has an input on the screen, and nothing else is', () => {
    expect(sorted(Object.keys(QUESTION_TYPE_REGISTRY))).toEqual(sorted(QUESTION_TYPES));
    expect(sorted(Object.keys(QUESTION_INPUTS))).toEqual(sorted(QUESTION_TYPES));
    for (const type of QUESTION_TYPES) {
      expect(questionType(type).type).toBe(type);
      // A component React renders: a function, or one wrapped by memo.
      const { Input } = QUESTION_INPUTS[type];
      expect(
        typeof Input === 'function' || (typeof Input === 'object' && '$$typeof' in Input),
      ).toBe(true);
    }
  });

  it('a type printed as a list of marked options is one answered by choosing options, one of them for radios', () => {
    for (const type of QUESTION_TYPES) {
      const { printed } = QUESTION_INPUTS[type];
      const { options } = questionType(type);
      if (printed === 'radios') expect(options).toBe('single');
      if (printed === 'checkboxes') expect(options).toBe('multiple');
    }
  });
});
