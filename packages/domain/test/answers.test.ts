import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_ANSWER_LINES,
  parseChoices,
  parseDateAnswer,
  parseHeight,
  parseTextAnswer,
  parseWeight,
  serializeHeight,
  serializeWeight,
} from '../src/answers.ts';
import { answerShapeIssue, isChoiceType, isDateType } from '../src/question-types.ts';
import { QUESTION_TYPES, questionTypeSchema } from '../src/model.ts';
import { isMessageKey } from '../src/messages.ts';
import { makeChoiceQuestion, makeQuestion } from './make-question.ts';

const date = (value: string, exact = true) => ({ value, exact, zoneId: 'Asia/Hong_Kong' });
const line = (value: string, unit = '') => ({ value, unit });
/** A deep copy of `value`, frozen as the screen's store freezes what it holds. */
function frozenCopy<T>(value: T): T {
  const copy = JSON.parse(JSON.stringify(value)) as T;
  const freeze = (inner: unknown) => {
    if (typeof inner !== 'object' || inner === null) return;
    Object.values(inner).forEach(freeze);
    Object.freeze(inner);
  };
  freeze(copy);
  return copy;
}

describe('reading answers', () => {
  it('a frozen answer is read once: read again, it gives the same frozen reading', () => {
    const stored = Object.freeze([Object.freeze(line('3', 'years'))]);
    const first = parseTextAnswer(stored);
    expect(parseTextAnswer(stored)).toBe(first);
    expect(first).toEqual([line('3', 'years')]);
    expect(Object.isFrozen(first) && Object.isFrozen(first[0])).toBe(true);
    expect(() => (first as { value: string; unit: string }[]).push(line('4'))).toThrow(TypeError);
    const day = Object.freeze(date('2020-03-01'));
    expect(parseDateAnswer(day)).toBe(parseDateAnswer(day));
    expect(parseDateAnswer(day)).toEqual(day);

    // A value its owner has not frozen may still change, and text is not kept: read afresh.
    const mutable = [line('3', 'years')];
    const before = parseTextAnswer(mutable);
    mutable[0]!.value = '5';
    expect(parseTextAnswer(mutable)).not.toBe(before);
    expect(parseTextAnswer(mutable)).toEqual([line('5', 'years')]);
    const text = '[{"value":"3","unit":"years"}]';
    expect(parseTextAnswer(text)).not.toBe(parseTextAnswer(text));
  });

  it('an answer reads the same as JSON text, as a value and as a frozen value', () => {
    const lineArb = fc.record({ value: fc.string(), unit: fc.string() });
    const anyAnswer = fc.oneof(
      fc.array(lineArb, { maxLength: 3 }),
      fc.record({ value: fc.string(), exact: fc.boolean(), zoneId: fc.string() }),
      fc.array(fc.string(), { maxLength: 3 }),
      fc.jsonValue(),
    );
    fc.assert(
      fc.property(anyAnswer, (value) => {
        // As text, as a value, and as the same value frozen (read twice): one reading.
        const text = JSON.stringify(value);
        const stored = frozenCopy(value);
        for (const read of [parseTextAnswer, parseDateAnswer, parseChoices]) {
          const expected = read(text);
          expect(read(JSON.parse(JSON.stringify(value)) as unknown)).toEqual(expected);
          expect(read(stored)).toEqual(expected);
          expect(read(stored)).toEqual(expected);
        }
      }),
      { seed: 19, numRuns: 300 },
    );
  });

  it('E-30 V-26 a T/N answer is a list of {value, unit} lines, given as the list or its JSON', () => {
    const lines = [line('3', 'years')];
    expect(parseTextAnswer(lines)).toEqual(lines);
    expect(parseTextAnswer('[{"value":"3","unit":"years"}]')).toEqual(lines);
    expect(parseTextAnswer('[]')).toEqual([]);
  });

  it('V-34 an unparseable T/N answer reads as no lines', () => {
    for (const raw of ['not json', '{"value":"3","unit":"x"}', '[{"value":3,"unit":"x"}]', '[1]']) {
      expect(parseTextAnswer(raw)).toEqual([]);
    }
    for (const raw of [null, undefined, 42, {}, [{ value: '3' }], ['3']]) {
      expect(parseTextAnswer(raw)).toEqual([]);
    }
  });

  it('E-31 a D answer carries value, exact and zoneId, given as the object or its JSON', () => {
    const d = date('2020-03-01', false);
    expect(parseDateAnswer(d)).toEqual(d);
    expect(parseDateAnswer(JSON.stringify(d))).toEqual(d);
    expect(parseDateAnswer({ value: '2020-03-01', exact: 'yes', zoneId: 'UTC' })).toBeNull();
    expect(parseDateAnswer({ value: '2020-03-01' })).toBeNull();
    expect(parseDateAnswer('2020-03-01')).toBeNull();
    expect(parseDateAnswer(null)).toBeNull();
  });

  it('E-32 an H answer is the JSON string {"cm","ft","inch"}', () => {
    const h = { cm: 170, ft: 5, inch: 6.93 };
    expect(serializeHeight(h)).toBe('{"cm":170,"ft":5,"inch":6.93}');
    expect(parseHeight('{"cm":170,"ft":5,"inch":6.93}')).toEqual(h);
    expect(parseHeight(h)).toEqual(h);
  });

  it('E-33 a W answer is the JSON string {"kg","lb"}', () => {
    const w = { kg: 70, lb: 154.32 };
    expect(serializeWeight(w)).toBe('{"kg":70,"lb":154.32}');
    expect(parseWeight('{"kg":70,"lb":154.32}')).toEqual(w);
    expect(parseWeight(w)).toEqual(w);
  });

  it('serialising keeps only the known fields, in the documented order', () => {
    const h = { inch: 1, extra: true, ft: 2, cm: 63 } as unknown as Parameters<
      typeof serializeHeight
    >[0];
    expect(serializeHeight(h)).toBe('{"cm":63,"ft":2,"inch":1}');
    const w = { lb: 2.2, kg: 1, note: 'x' } as unknown as Parameters<typeof serializeWeight>[0];
    expect(serializeWeight(w)).toBe('{"kg":1,"lb":2.2}');
  });

  it('unreadable or negative heights and weights read as null', () => {
    for (const raw of ['', 'abc', '{}', '{"cm":"170","ft":5,"inch":1}', null, 170]) {
      expect(parseHeight(raw)).toBeNull();
      expect(parseWeight(raw)).toBeNull();
    }
    expect(parseHeight('{"cm":-1,"ft":0,"inch":0}')).toBeNull();
    expect(parseWeight('{"kg":70,"lb":-1}')).toBeNull();
    expect(parseHeight('{"cm":0,"ft":0,"inch":0}')).toEqual({ cm: 0, ft: 0, inch: 0 });
  });

  it('choices read from the array or its JSON; anything else is no choice', () => {
    expect(parseChoices(['a', 'b'])).toEqual(['a', 'b']);
    expect(parseChoices('["a"]')).toEqual(['a']);
    for (const raw of ['a', '"a"', '{}', [1], ['a', 2], null, undefined, { 0: 'a' }]) {
      expect(parseChoices(raw)).toEqual([]);
    }
  });

  it('choice types are exactly C, M, S and R', () => {
    expect(QUESTION_TYPES.filter(isChoiceType)).toEqual(['C', 'M', 'S', 'R']);
  });

  it('the date type is D alone', () => {
    expect(QUESTION_TYPES.filter(isDateType)).toEqual(['D']);
  });

  it('E-20 question types are exactly T, N, D, C, M, S, R, H and W; no other type is read', () => {
    expect([...QUESTION_TYPES]).toEqual(['T', 'N', 'D', 'C', 'M', 'S', 'R', 'H', 'W']);
    for (const type of QUESTION_TYPES)
      expect(questionTypeSchema.safeParse(type).success).toBe(true);
    for (const other of ['', 't', 'X', 'TN', 'DATE', 1, null]) {
      expect(questionTypeSchema.safeParse(other).success).toBe(false);
    }
  });

  it('heights and weights survive serialising and reading back', () => {
    const n = fc.double({ min: 0, max: 1e6, noNaN: true });
    fc.assert(
      fc.property(n, n, n, (cm, ft, inch) => {
        expect(parseHeight(serializeHeight({ cm, ft, inch }))).toEqual({ cm, ft, inch });
      }),
    );
    fc.assert(
      fc.property(n, n, (kg, lb) => {
        expect(parseWeight(serializeWeight({ kg, lb }))).toEqual({ kg, lb });
      }),
    );
  });
});

describe('answer shape for the server', () => {
  it('choice answers must be a list of option uuids, not a string', () => {
    for (const type of ['S', 'R', 'C', 'M'] as const) {
      const q = makeChoiceQuestion(type);
      expect(answerShapeIssue(q, 'a')).toEqual({
        code: 'answer_wrong_shape',
        path: 'q1',
        params: { question: 'q1' },
      });
      expect(answerShapeIssue(q, [1])?.code).toBe('answer_wrong_shape');
      expect(answerShapeIssue(q, { uuid: 'a' })?.code).toBe('answer_wrong_shape');
      expect(answerShapeIssue(q, ['a'])).toBeNull();
      expect(answerShapeIssue(q, [])).toBeNull();
    }
  });

  it('an option uuid not in the answer list is named', () => {
    expect(answerShapeIssue(makeChoiceQuestion('C'), ['a', 'zz'])).toEqual({
      code: 'answer_unknown_option',
      path: 'q1',
      params: { question: 'q1', option: 'zz' },
    });
  });

  it('T-27 an exclusive option sent with another option is refused, naming the question and option', () => {
    for (const type of ['C', 'M'] as const) {
      const q = makeChoiceQuestion(type);
      q.answerList[2] = { ...q.answerList[2]!, exclusive: true };
      expect(answerShapeIssue(q, ['a', 'c'])).toEqual({
        code: 'answer_exclusive_option',
        path: 'q1',
        params: { question: 'q1', option: 'c' },
      });
      expect(answerShapeIssue(q, ['c'])).toBeNull();
      expect(answerShapeIssue(q, ['a', 'b'])).toBeNull();
    }
    // The older spelling on checkboxes means the same.
    const unique = makeChoiceQuestion('C');
    unique.answerList[0] = { ...unique.answerList[0]!, unique: 'Y' };
    expect(answerShapeIssue(unique, ['a', 'b'])?.code).toBe('answer_exclusive_option');
  });

  it('S and R take at most one choice; C and M take several but none twice', () => {
    expect(answerShapeIssue(makeChoiceQuestion('S'), ['a', 'b'])?.code).toBe(
      'answer_single_choice',
    );
    expect(answerShapeIssue(makeChoiceQuestion('R'), ['a', 'b'])?.code).toBe(
      'answer_single_choice',
    );
    expect(answerShapeIssue(makeChoiceQuestion('C'), ['a', 'b', 'c'])).toBeNull();
    expect(answerShapeIssue(makeChoiceQuestion('M'), ['a', 'b'])).toBeNull();
    expect(answerShapeIssue(makeChoiceQuestion('M'), ['a', 'a'])?.code).toBe('answer_wrong_shape');
  });

  it('V-39 C-04 a T/N answer takes 5 lines, not 6', () => {
    for (const type of ['T', 'N'] as const) {
      const q = makeQuestion(type);
      const five = Array.from({ length: MAX_ANSWER_LINES }, () => line('1'));
      expect(answerShapeIssue(q, five)).toBeNull();
      expect(answerShapeIssue(q, [...five, line('1')])).toEqual({
        code: 'answer_too_many_lines',
        path: 'q1',
        params: { question: 'q1', max: 5 },
      });
    }
  });

  it('E-30 a T/N answer must be the list of lines itself', () => {
    const q = makeQuestion('T');
    expect(answerShapeIssue(q, '[{"value":"3","unit":""}]')?.code).toBe('answer_wrong_shape');
    expect(answerShapeIssue(q, line('3'))?.code).toBe('answer_wrong_shape');
    expect(answerShapeIssue(q, [{ value: 3, unit: '' }])?.code).toBe('answer_wrong_shape');
    expect(answerShapeIssue(q, [])).toBeNull();
  });

  it('N values must pass the numeric check; blank values are left to the mandatory check', () => {
    const q = makeQuestion('N');
    expect(answerShapeIssue(q, [line('12.5')])).toBeNull();
    expect(answerShapeIssue(q, [line('  ')])).toBeNull();
    for (const bad of ['-5', 'abc', '1e3']) {
      expect(answerShapeIssue(q, [line(bad)])?.code).toBe('answer_not_a_number');
    }
    expect(answerShapeIssue(makeQuestion('T'), [line('abc')])).toBeNull();
  });

  it('units must be among the question units when it has some', () => {
    const q = makeQuestion('N', { units: ['mmHg'] });
    expect(answerShapeIssue(q, [line('120', 'mmHg')])).toBeNull();
    expect(answerShapeIssue(q, [line('120', '')])).toBeNull();
    expect(answerShapeIssue(q, [line('120', 'kPa')])).toEqual({
      code: 'answer_unknown_unit',
      path: 'q1',
      params: { question: 'q1', unit: 'kPa' },
    });
    expect(answerShapeIssue(makeQuestion('T'), [line('3', 'anything')])).toBeNull();
  });

  it('E-31 a D answer must be the {value, exact, zoneId} object', () => {
    const q = makeQuestion('D');
    expect(answerShapeIssue(q, date('2020-03-01'))).toBeNull();
    expect(answerShapeIssue(q, date(''))).toBeNull();
    expect(answerShapeIssue(q, JSON.stringify(date('2020-03-01')))?.code).toBe(
      'answer_wrong_shape',
    );
    expect(answerShapeIssue(q, ['2020-03-01'])?.code).toBe('answer_wrong_shape');
    expect(answerShapeIssue(q, { value: '2020-03-01' })?.code).toBe('answer_wrong_shape');
  });

  it('a D value must be a real ISO date', () => {
    const q = makeQuestion('D');
    for (const bad of [
      '2020-02-30',
      '2021-02-29',
      '2020-13-01',
      '2020-00-10',
      '01/03/2020',
      '20200301',
    ]) {
      expect(answerShapeIssue(q, date(bad))?.code).toBe('answer_date_invalid');
    }
    expect(answerShapeIssue(q, date('2020-02-29'))).toBeNull();
  });

  it('V-48 C-16 a D value lies from 1900-01-01 to 2099-12-31', () => {
    const q = makeQuestion('D');
    expect(answerShapeIssue(q, date('1900-01-01'))).toBeNull();
    expect(answerShapeIssue(q, date('2099-12-31'))).toBeNull();
    expect(answerShapeIssue(q, date('1899-12-31'))?.code).toBe('answer_date_out_of_range');
    expect(answerShapeIssue(q, date('2100-01-01'))?.code).toBe('answer_date_out_of_range');
  });

  it('E-32 E-33 H and W answers must be their JSON string', () => {
    const h = makeQuestion('H');
    const w = makeQuestion('W');
    expect(answerShapeIssue(h, '{"cm":170,"ft":5,"inch":6.93}')).toBeNull();
    expect(answerShapeIssue(w, '{"kg":70,"lb":154.32}')).toBeNull();
    expect(answerShapeIssue(h, '')).toBeNull();
    expect(answerShapeIssue(h, { cm: 170, ft: 5, inch: 6.93 })?.code).toBe('answer_wrong_shape');
    expect(answerShapeIssue(h, '{"kg":70,"lb":154.32}')?.code).toBe('answer_wrong_shape');
    expect(answerShapeIssue(w, '{"kg":-70,"lb":0}')?.code).toBe('answer_wrong_shape');
    expect(answerShapeIssue(w, ['70'])?.code).toBe('answer_wrong_shape');
  });

  it('never throws, and every issue names the question with a known message key', () => {
    fc.assert(
      fc.property(fc.constantFrom(...QUESTION_TYPES), fc.anything(), (type, raw) => {
        const q = makeChoiceQuestion('C', { type, units: ['kg'] });
        const issue = answerShapeIssue(q, raw);
        if (issue) {
          expect(issue.path).toBe('q1');
          expect(isMessageKey(issue.code)).toBe(true);
        }
      }),
    );
  });
});
