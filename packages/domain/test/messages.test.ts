import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answerShapeIssue } from '../src/question-types.ts';
import { validateBirthDate, validateProfile } from '../src/applicant.ts';
import { issueText, isMessageKey, MESSAGES, messageText } from '../src/messages.ts';
import type { MessageKey } from '../src/messages.ts';
import { QUESTION_TYPES } from '../src/model.ts';
import { questionIssues } from '../src/validation.ts';
import { makeChoiceQuestion } from './make-question.ts';

const placeholders = (text: string): string[] =>
  [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();

describe('message texts', () => {
  it.each<[string, MessageKey, string]>([
    [
      'V-05',
      'application_number_helper',
      `Limit to only 30 characters. Only Alphanumeric characters and # * ( ) { } [ ] ' " , . / allowed`,
    ],
    ['V-08', 'age_min', 'Age must be 18 or higher'],
    ['V-11', 'birth_date_empty', 'Birth Date cannot be empty'],
    ['V-12', 'birth_date_format', 'Valid date format is DDMMYYYY'],
    ['V-15', 'smoking_required', 'Smoking status is required for selected impairment(s)'],
    ['V-16', 'please_choose_video_mer', 'Please choose Video MER'],
    ['V-17', 'please_choose_an_answer_and_decision', 'Please choose a answer and decision'],
    ['V-18', 'please_answer_the_question_prompt', 'Please answer the question'],
    ['V-19', 'please_select_a_unit', 'Please select a unit'],
    ['V-22', 'please_answer_the_question', 'please answer the question'],
    ['G-01', 'questionnaire_incomplete', 'Questionnaire has not been completed.'],
    ['G-03', 'and_more', 'and more'],
  ])("%s %s reads the requirements' English exactly", (_id, key, text) => {
    expect(messageText(key, 'en')).toBe(text);
  });

  it('every message has both languages, the Chinese one in Chinese characters', () => {
    for (const [key, text] of Object.entries(MESSAGES)) {
      expect(text.en.trim(), key).not.toBe('');
      expect(text.cn_traditional, key).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('both languages of a message use the same placeholders', () => {
    for (const [key, text] of Object.entries(MESSAGES)) {
      expect(placeholders(text.cn_traditional), key).toEqual(placeholders(text.en));
    }
  });

  it('the Chinese texts are Traditional, not Simplified', () => {
    // Simplified forms of characters these messages use, e.g. 请 for 請, 岁 for 歲.
    const simplifiedOnly = /[请选择问题数输单须况无烟龄应组别个码编岁规项错]/u;
    for (const [key, text] of Object.entries(MESSAGES)) {
      expect(text.cn_traditional, key).not.toMatch(simplifiedOnly);
    }
  });
});

describe('messageText', () => {
  it('fills {name} placeholders and leaves unknown ones visible', () => {
    expect(messageText('answer_too_many_lines', 'en', { question: 'q1', max: 5 })).toBe(
      'Question q1 takes at most 5 answer lines',
    );
    expect(messageText('answer_too_many_lines', 'cn_traditional', { question: 'q1', max: 5 })).toBe(
      '問題 q1 最多只可填寫 5 行答案',
    );
    expect(messageText('answer_unknown_option', 'en', { question: 'q1' })).toBe(
      'Question q1 has no answer option {option}',
    );
    expect(messageText('answer_unknown_option', 'en')).toBe(
      'Question {question} has no answer option {option}',
    );
  });

  it('a parameter value is inserted as written, never read as a pattern', () => {
    expect(messageText('answer_unknown_unit', 'en', { question: '$&', unit: '{question}' })).toBe(
      'Question $& has no unit {question}',
    );
  });

  it('C-23 the languages are en and cn_traditional', () => {
    expect(messageText('and_more', 'cn_traditional')).toBe('及更多');
    expect(messageText('questionnaire_incomplete', 'cn_traditional')).toBe('問卷尚未完成。');
  });

  it('issueText translates an issue, and shows an unknown code as it is', () => {
    expect(issueText({ code: 'age_min', path: 'age', params: { min: 18 } }, 'cn_traditional')).toBe(
      '年齡必須為 18 歲或以上',
    );
    expect(issueText({ code: 'no_such_key', path: '' }, 'en')).toBe('no_such_key');
    expect(isMessageKey('toString')).toBe(false);
    expect(isMessageKey('and_more')).toBe(true);
  });
});

describe('keys emitted', () => {
  it('every issue the pure rules emit has a message', () => {
    const codes = new Set<string>();
    const collect = (type: (typeof QUESTION_TYPES)[number], raw: unknown, optional: boolean) => {
      const q = makeChoiceQuestion('C', {
        type,
        units: ['kg'],
        ...(optional ? { mandatory: 'N' } : {}),
      });
      const shape = answerShapeIssue(q, raw);
      if (shape) codes.add(shape.code);
      if (!shape) for (const issue of questionIssues(q, raw as never)) codes.add(issue.code);
    };
    // Representative answers of every shape, so the bound below never rests on chance…
    const samples: unknown[] = [
      [],
      '',
      'x',
      7,
      ['no-such-option'],
      ['a', 'a'],
      [{ value: '1', unit: '' }],
      [{ value: '', unit: 'kg' }],
      [{ value: 'abc', unit: 'kg' }],
      [{ value: '1', unit: 'zz' }],
      { value: '', exact: true, zoneId: '' },
      { value: '1800-01-01', exact: true, zoneId: '' },
    ];
    for (const type of QUESTION_TYPES) {
      for (const raw of samples) for (const optional of [true, false]) collect(type, raw, optional);
    }
    // …and arbitrary values on top.
    fc.assert(
      fc.property(fc.constantFrom(...QUESTION_TYPES), fc.anything(), fc.boolean(), collect),
    );
    const profile = validateProfile(
      {
        applicationNumber: '-',
        age: 3,
        gender: null,
        rsmScore: null,
        birthDate: 'x',
        height: 'x',
        weight: 'x',
      },
      { smokingRequired: true },
    );
    for (const issue of [...profile.issues, ...validateBirthDate('')]) codes.add(issue.code);
    for (const code of codes) expect(isMessageKey(code), code).toBe(true);
    expect(codes.size).toBeGreaterThan(10);
  });
});
