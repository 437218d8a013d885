import { describe, expect, it } from 'vitest';
import {
  birthDateText,
  datePattern,
  dateText,
  heightText,
  readDateText,
  typedDateText,
  weightText,
} from '../src/answer-text.ts';
import { answerLines } from '../src/question-types.ts';
import { makeChoiceQuestion, makeQuestion } from './make-question.ts';

describe('answers as text', () => {
  it('V-44 a month-and-year date reads MMM YYYY in English, YYYY年M月 in Chinese; an exact one DD/MM/YYYY', () => {
    expect(dateText('2020-03-01', false, 'en')).toBe('Mar 2020');
    expect(dateText('2020-03-01', false, 'cn_traditional')).toBe('2020年3月');
    expect(dateText('2015-03-01', true, 'en')).toBe('01/03/2015');
    const d = makeQuestion('D');
    expect(
      answerLines(d, { value: '2019-06-15', exact: true, zoneId: 'Asia/Hong_Kong' }, 'en'),
    ).toEqual(['15/06/2019']);
  });

  it('chosen options by their label in the language, in the catalogue order', () => {
    const c = makeChoiceQuestion('C');
    expect(answerLines(c, ['c', 'a'], 'en')).toEqual(['a', 'c']);
    expect(answerLines(c, '["b"]', 'cn_traditional')).toEqual(['b']);
    expect(answerLines(c, undefined, 'en')).toEqual([]);
  });

  it('T and N lines keep their units; blank lines are left out', () => {
    const n = makeQuestion('N', { units: ['g/dL'] });
    const raw = [
      { value: '120', unit: 'g/dL' },
      { value: ' ', unit: '' },
      { value: '3', unit: '' },
    ];
    expect(answerLines(n, raw, 'en')).toEqual(['120 g/dL', '3']);
    expect(answerLines(n, 'not json', 'en')).toEqual([]);
  });

  it('heights and weights in both units; a birth date DDMMYYYY as DD/MM/YYYY', () => {
    const height = '{"cm":158,"ft":5,"inch":2.2}';
    expect(heightText(height)).toBe('158 cm (5 ft 2.2 in)');
    expect(answerLines(makeQuestion('H'), height, 'en')).toEqual(['158 cm (5 ft 2.2 in)']);
    expect(weightText('{"kg":60,"lb":132.28}')).toBe('60 kg (132.28 lb)');
    expect(answerLines(makeQuestion('W'), 'bad', 'en')).toEqual([]);
    expect(birthDateText('31011990')).toBe('31/01/1990');
    expect(birthDateText('1990-01-31')).toBe('1990-01-31');
    expect(birthDateText(undefined)).toBe('');
  });

  it('T-13 units read in the language of the page: T and N lines, heights and weights', () => {
    const n = makeQuestion('N', { units: ['mmHg', 'times'] });
    const raw = [
      { value: '140', unit: 'mmHg' },
      { value: '3', unit: 'times' },
    ];
    expect(answerLines(n, raw, 'en')).toEqual(['140 mmHg', '3 times']);
    expect(answerLines(n, raw, 'cn_traditional')).toEqual(['140 毫米汞柱', '3 次']);
    const height = '{"cm":158,"ft":5,"inch":2.2}';
    expect(answerLines(makeQuestion('H'), height, 'cn_traditional')).toEqual([
      '158 厘米 (5 呎 2.2 吋)',
    ]);
    expect(weightText('{"kg":60,"lb":132.28}', 'cn_traditional')).toBe('60 公斤 (132.28 磅)');
    expect(heightText(height, 'en')).toBe('158 cm (5 ft 2.2 in)');
  });

  it('V-43 a date typed as digits is laid out DD/MM/YYYY (MM/YYYY for a month), slashes written for the typist', () => {
    expect(datePattern(true)).toBe('DD/MM/YYYY');
    expect(datePattern(false)).toBe('MM/YYYY');
    let shown = '';
    for (const digit of '15032020') shown = typedDateText(shown + digit, shown, true);
    expect(shown).toBe('15/03/2020');
    expect(typedDateText('15/03/20201', '15/03/2020', true)).toBe('15/03/2020');
    expect(typedDateText('032020', '', false)).toBe('03/2020');
    expect(typedDateText('15/0', '15/03', true)).toBe('15/0');
    expect(typedDateText('15/', '15/0', true)).toBe('15/');
    expect(typedDateText('Mar 202', 'Mar 20', false)).toBe('Mar 202');
  });

  it('V-43 V-44 V-47 V-48 a typed date reads as its ISO date only when it names a day from 1900 to 2099', () => {
    expect(readDateText('15/03/2020', true)).toBe('2020-03-15');
    expect(readDateText('15032020', true)).toBe('2020-03-15');
    expect(readDateText(' 5/3/2020 ', true)).toBe('2020-03-05');
    expect(readDateText('31/04/2020', true)).toBeNull();
    expect(readDateText('15/03/1899', true)).toBeNull();
    expect(readDateText('01/01/2100', true)).toBeNull();
    expect(readDateText('01/01/1900', true)).toBe('1900-01-01');
    expect(readDateText('15/03', true)).toBeNull();
    expect(readDateText('', true)).toBeNull();
    expect(readDateText('03/2020', false)).toBe('2020-03-01');
    expect(readDateText('032020', false)).toBe('2020-03-01');
    expect(readDateText('13/2020', false)).toBeNull();
    // The month as the field shows it, in any language, reads back as the same month.
    for (const language of ['en', 'cn_traditional', 'cn_simplified'] as const)
      expect(readDateText(dateText('2020-03-01', false, language), false)).toBe('2020-03-01');
    expect(readDateText('mar 2020', false)).toBe('2020-03-01');
    expect(readDateText('Mar 1899', false)).toBeNull();
    expect(readDateText('Mars 2020', false)).toBeNull();
  });
});
