import { describe, expect, it } from 'vitest';
import { birthDateText, dateText, heightText, weightText } from '../src/answer-text.ts';
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
});
