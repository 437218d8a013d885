import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AnswerValue, QuestionType } from '../src/model.ts';
import { messageText } from '../src/messages.ts';
import {
  entriesValid,
  filterNumberInput,
  isAnswered,
  isMandatory,
  isNumeric,
  linePath,
  numberOnBlur,
  questionIssues,
} from '../src/validation.ts';
import { makeChoiceQuestion, makeQuestion } from './make-question.ts';

const line = (value: string, unit = '') => ({ value, unit });
const date = (value: string) => ({ value, exact: true, zoneId: 'Asia/Hong_Kong' });
const optional = { mandatory: 'N' } as const;
const withUnits = { units: ['years', 'months'] };

describe('mandatory', () => {
  it('V-20 E-14 a question is mandatory unless mandatory is N', () => {
    expect(isMandatory(makeQuestion('T', { mandatory: 'N' }))).toBe(false);
    expect(isMandatory(makeQuestion('T', { mandatory: 'Y' }))).toBe(true);
    expect(isMandatory(makeQuestion('T'))).toBe(true);
  });

  it('V-20 an optional question may stay unanswered with no issue', () => {
    for (const type of ['S', 'M', 'R', 'C', 'D', 'H', 'W', 'T', 'N'] as QuestionType[]) {
      expect(questionIssues(makeQuestion(type, optional), null)).toEqual([]);
    }
  });
});

describe('isAnswered', () => {
  it('V-23 S, M, R and C count as answered only with at least one choice', () => {
    for (const type of ['S', 'M', 'R', 'C'] as const) {
      const q = makeChoiceQuestion(type);
      expect(isAnswered(q, [])).toBe(false);
      expect(isAnswered(q, null)).toBe(false);
      expect(isAnswered(q, undefined)).toBe(false);
      expect(isAnswered(q, ['a'])).toBe(true);
    }
  });

  it('V-24 D counts as answered only when its parsed value is non-empty', () => {
    const q = makeQuestion('D');
    expect(isAnswered(q, date(''))).toBe(false);
    expect(isAnswered(q, { value: '', exact: false, zoneId: 'Asia/Hong_Kong' })).toBe(false);
    expect(isAnswered(q, date('  '))).toBe(false);
    expect(isAnswered(q, 'garbage')).toBe(false);
    expect(isAnswered(q, null)).toBe(false);
    expect(isAnswered(q, date('2020-03-01'))).toBe(true);
    expect(isAnswered(q, JSON.stringify(date('2020-03-01')))).toBe(true);
  });

  it('V-25 H and W count as answered only with a non-empty answer', () => {
    const h = makeQuestion('H');
    const w = makeQuestion('W');
    for (const empty of ['', null, undefined]) {
      expect(isAnswered(h, empty)).toBe(false);
      expect(isAnswered(w, empty)).toBe(false);
    }
    expect(isAnswered(h, '{"cm":170,"ft":5,"inch":6.93}')).toBe(true);
    expect(isAnswered(w, '{"kg":70,"lb":154.32}')).toBe(true);
  });

  it('V-27 a mandatory T/N question with no lines is unanswered', () => {
    expect(isAnswered(makeQuestion('T'), [])).toBe(false);
    expect(isAnswered(makeQuestion('N', withUnits), [])).toBe(false);
  });

  it('V-28 a line whose value is only spaces leaves it unanswered', () => {
    expect(isAnswered(makeQuestion('T'), [line('   ')])).toBe(false);
    expect(isAnswered(makeQuestion('T'), [line('ok'), line(' \t')])).toBe(false);
  });

  it('V-29 with units, a line with a blank unit leaves it unanswered', () => {
    const q = makeQuestion('N', withUnits);
    expect(isAnswered(q, [line('3', ' ')])).toBe(false);
    expect(isAnswered(q, [line('3', 'years')])).toBe(true);
  });

  it('V-30 without units, a line with a value and no unit answers it', () => {
    expect(isAnswered(makeQuestion('T'), [line('fell off a bike')])).toBe(true);
    expect(isAnswered(makeQuestion('T', { units: [] }), [line('x')])).toBe(true);
  });

  it('V-34 an unparseable T/N answer counts as empty', () => {
    expect(isAnswered(makeQuestion('T'), 'not json' as AnswerValue)).toBe(false);
    expect(entriesValid(makeQuestion('T', optional), 'not json' as AnswerValue)).toBe(true);
  });
});

describe('entriesValid', () => {
  it('V-31 an optional T/N question with no lines is valid', () => {
    expect(entriesValid(makeQuestion('T', optional), [])).toBe(true);
    expect(entriesValid(makeQuestion('N', { ...optional, ...withUnits }), null)).toBe(true);
  });

  it('V-32 an optional single line is valid blank or complete, invalid half-filled', () => {
    const q = makeQuestion('N', { ...optional, ...withUnits });
    expect(entriesValid(q, [line('', '')])).toBe(true);
    expect(entriesValid(q, [line(' ', ' ')])).toBe(true);
    expect(entriesValid(q, [line('3', 'years')])).toBe(true);
    expect(entriesValid(q, [line('3', '')])).toBe(false);
    expect(entriesValid(q, [line('', 'years')])).toBe(false);
  });

  it('V-32 without units an optional single line is complete with its value alone', () => {
    const q = makeQuestion('T', optional);
    expect(entriesValid(q, [line('note')])).toBe(true);
    expect(entriesValid(q, [line('')])).toBe(true);
  });

  it('V-33 optional several lines are valid only when every line is complete', () => {
    const q = makeQuestion('N', { ...optional, ...withUnits });
    expect(entriesValid(q, [line('3', 'years'), line('2', 'months')])).toBe(true);
    expect(entriesValid(q, [line('3', 'years'), line('2', '')])).toBe(false);
    expect(entriesValid(q, [line('3', 'years'), line('', '')])).toBe(false);
  });

  it('a mandatory T/N question is valid exactly when answered', () => {
    const q = makeQuestion('N', withUnits);
    expect(entriesValid(q, [])).toBe(false);
    expect(entriesValid(q, [line('', '')])).toBe(false);
    expect(entriesValid(q, [line('3', 'years')])).toBe(true);
  });

  it('V-35 the line check passes for every type other than T and N', () => {
    for (const type of ['S', 'M', 'R', 'C', 'D', 'H', 'W'] as QuestionType[]) {
      expect(entriesValid(makeQuestion(type), null)).toBe(true);
      expect(entriesValid(makeQuestion(type), 'junk')).toBe(true);
    }
  });
});

describe('questionIssues', () => {
  it('V-22 an unanswered mandatory question gets "please answer the question", translated', () => {
    const issues = questionIssues(makeQuestion('D'), null);
    expect(issues[0]).toEqual({ code: 'please_answer_the_question', path: 'q1' });
    expect(messageText('please_answer_the_question', 'en')).toBe('please answer the question');
    expect(messageText('please_answer_the_question', 'cn_traditional')).toBe('請回答此問題');
  });

  it('V-17 an unanswered choice question prompts "Please choose a answer and decision"', () => {
    for (const type of ['S', 'M', 'R', 'C'] as const) {
      expect(questionIssues(makeChoiceQuestion(type), [])).toEqual([
        { code: 'please_answer_the_question', path: 'q1' },
        { code: 'please_choose_an_answer_and_decision', path: 'q1' },
      ]);
    }
  });

  it('V-18 an unanswered free-form question prompts "Please answer the question"', () => {
    for (const type of ['D', 'H', 'W', 'T', 'N'] as QuestionType[]) {
      expect(questionIssues(makeQuestion(type), null)).toEqual([
        { code: 'please_answer_the_question', path: 'q1' },
        { code: 'please_answer_the_question_prompt', path: 'q1' },
      ]);
    }
  });

  it('V-19 a T/N line with a value and no unit prompts "Please select a unit" on that line', () => {
    const q = makeQuestion('N', withUnits);
    expect(questionIssues(q, [line('3', 'years'), line('2', '')])).toEqual([
      { code: 'please_answer_the_question', path: 'q1' },
      { code: 'please_select_a_unit', path: 'q1[1]' },
    ]);
    expect(linePath('q1', 1)).toBe('q1[1]');
  });

  it('a blank line among several is prompted on that line', () => {
    const q = makeQuestion('T', optional);
    expect(questionIssues(q, [line('a'), line(' ')])).toEqual([
      { code: 'please_answer_the_question', path: 'q1' },
      { code: 'please_answer_the_question_prompt', path: 'q1[1]' },
    ]);
  });

  it('V-32 an optional single line with only a unit is prompted for its value', () => {
    const q = makeQuestion('N', { ...optional, ...withUnits });
    expect(questionIssues(q, [line('', 'years')])).toEqual([
      { code: 'please_answer_the_question', path: 'q1' },
      { code: 'please_answer_the_question_prompt', path: 'q1[0]' },
    ]);
  });

  it('answered questions have no issues', () => {
    expect(questionIssues(makeChoiceQuestion('R'), ['a'])).toEqual([]);
    expect(questionIssues(makeQuestion('D'), date('2020-03-01'))).toEqual([]);
    expect(questionIssues(makeQuestion('N', withUnits), [line('3', 'years')])).toEqual([]);
    expect(questionIssues(makeQuestion('T', optional), [line('', '')])).toEqual([]);
  });
});

describe('numbers', () => {
  it('V-36 the numeric check takes digits with an optional decimal part and nothing else', () => {
    for (const ok of ['0', '12', '12.5', '007', '0.25']) expect(isNumeric(ok)).toBe(true);
    for (const bad of ['-5', '+5', '1e3', '1.2.3', 'abc', '', '12.', '.5', ' 12', '1,000', '١٢']) {
      expect(isNumeric(bad)).toBe(false);
    }
  });

  it('V-36 the numeric check agrees with the reference pattern', () => {
    const reference = /^[0-9]+(\.[0-9]+)?$/;
    const numberish = fc.string({ unit: fc.constantFrom(...'0123456789.-+e ') });
    fc.assert(
      fc.property(fc.oneof(numberish, fc.string()), (s) => isNumeric(s) === reference.test(s)),
    );
  });

  it('V-37 the number input lets through only a leading minus, digits and one point', () => {
    expect(filterNumberInput('12.5')).toBe('12.5');
    expect(filterNumberInput('-5')).toBe('-5');
    expect(filterNumberInput('abc12')).toBe('12');
    expect(filterNumberInput('1.2.3')).toBe('1.23');
    expect(filterNumberInput('5-')).toBe('5');
    expect(filterNumberInput('--5')).toBe('-5');
    expect(filterNumberInput('+5')).toBe('5');
    expect(filterNumberInput('1e3')).toBe('13');
    expect(filterNumberInput('')).toBe('');
  });

  it('V-37 whatever is typed, the number input holds at most a minus, digits and one point', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const out = filterNumberInput(s);
        expect(out).toMatch(/^-?\d*\.?\d*$/);
        expect(filterNumberInput(out)).toBe(out);
      }),
    );
  });

  it('V-38 on blur a value failing the numeric check is cleared, negative numbers included', () => {
    expect(numberOnBlur('12.5')).toBe('12.5');
    expect(numberOnBlur('0')).toBe('0');
    for (const bad of ['-5', '-', '.', '12.', '']) expect(numberOnBlur(bad)).toBe('');
  });
});
