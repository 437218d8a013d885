import { describe, expect, it } from 'vitest';
import {
  LANGUAGE_CODES,
  LANGUAGE_TABLE,
  languageOfTag,
  textIn,
  type LocalizedText,
} from '../src/languages.ts';
import { dateText } from '../src/answer-text.ts';
import { catalogueConditionNamed } from '../src/impairments.ts';
import { messageText } from '../src/messages.ts';
import { toSimplified } from '../src/simplified.ts';
import { unitLabel } from '../src/units.ts';

describe('languages as data', () => {
  it('L-29 C-23 the languages are English, Traditional Chinese and Simplified Chinese, each named in itself', () => {
    expect(LANGUAGE_CODES).toEqual(['en', 'cn_traditional', 'cn_simplified']);
    expect(LANGUAGE_CODES.map((code) => LANGUAGE_TABLE[code].name)).toEqual([
      'English',
      '繁體中文',
      '简体中文',
    ]);
  });

  it('L-30 a text is looked up by language code: the written text first', () => {
    const text: LocalizedText = { en: 'Asthma', cn_traditional: '哮喘', cn_simplified: '手写哮喘' };
    expect(textIn(text, 'en')).toBe('Asthma');
    expect(textIn(text, 'cn_traditional')).toBe('哮喘');
    expect(textIn(text, 'cn_simplified')).toBe('手写哮喘');
  });

  it('L-30 a Simplified Chinese text not written by hand is converted from the Traditional one', () => {
    expect(textIn({ en: 'Gallstones', cn_traditional: '膽石' }, 'cn_simplified')).toBe('胆石');
    expect(textIn({ en: 'Smoking status', cn_traditional: '吸煙狀況' }, 'cn_simplified')).toBe(
      '吸烟状况',
    );
    expect(toSimplified('請回答問題')).toBe('请回答问题');
  });

  it('L-30 messages and unit labels come out in Simplified Chinese with no table of their own', () => {
    expect(messageText('questionnaire_incomplete', 'cn_simplified')).toBe('问卷尚未完成。');
    expect(
      messageText('page_label', 'cn_simplified', { condition: '胆石', n: 1, group: '病史' }),
    ).toContain('胆石');
    expect(unitLabel('kg', 'cn_simplified')).toBe('公斤');
    expect(unitLabel('lb', 'cn_simplified')).toBe('磅');
    expect(unitLabel('hours/night', 'cn_simplified')).toBe('小时／晚');
  });

  it('C-23 Accept-Language tags choose a language by their most specific prefix', () => {
    expect(languageOfTag('en-GB')).toBe('en');
    expect(languageOfTag('zh-HK')).toBe('cn_traditional');
    expect(languageOfTag('zh-Hant-TW')).toBe('cn_traditional');
    expect(languageOfTag('zh')).toBe('cn_traditional');
    expect(languageOfTag('zh-CN')).toBe('cn_simplified');
    expect(languageOfTag('zh-Hans-HK')).toBe('cn_simplified');
    expect(languageOfTag('cn_simplified')).toBe('cn_simplified');
    expect(languageOfTag('fr')).toBeUndefined();
  });
});

describe('texts that are built, not written', () => {
  it('L-30 a month and year reads in each language', () => {
    expect(dateText('2015-03-01', false, 'en')).toBe('Mar 2015');
    expect(dateText('2015-03-01', false, 'cn_traditional')).toBe('2015年3月');
    expect(dateText('2015-03-01', false, 'cn_simplified')).toBe('2015年3月');
  });

  it('T-04 L-30 a condition typed by its Simplified Chinese name is the catalogue condition', () => {
    const gallstones = { name: { en: 'Gallstones', cn_traditional: '膽石' } };
    expect(catalogueConditionNamed([gallstones], ' 胆石 ')).toBe(gallstones);
    expect(catalogueConditionNamed([gallstones], '膽石')).toBe(gallstones);
  });
});
