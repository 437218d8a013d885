import { describe, expect, it } from 'vitest';
import { fillPlaceholders, HttpError, translate } from '../src/http/errors.ts';
import { languageFromHeader } from '../src/http/language.ts';

describe('error messages', () => {
  it('C-23 translate a key, a key with placeholders, or a bilingual text into en or cn_traditional', () => {
    expect(translate('not_found', 'en')).toBe('Not found.');
    expect(translate('not_found', 'cn_traditional')).toBe('找不到。');
    expect(translate({ en: 'Already submitted.', cn_traditional: '已提交。' }, 'cn_traditional')).toBe('已提交。');
    const error = new HttpError(409, { en: 'Changed {count} times.', cn_traditional: '已更改 {count} 次。' });
    expect(error.message).toBe('Changed {count} times.');
    expect(translate({ key: 'bad_request', params: { unused: 1 } }, 'en')).toBe('The request is not valid.');
    expect(fillPlaceholders('問題 {question} 沒有選項 {option}', { question: 'Q1', option: 2 })).toBe('問題 Q1 沒有選項 2');
    expect(fillPlaceholders('{missing} stays', {})).toBe('{missing} stays');
  });

  it('C-23 Accept-Language picks Traditional Chinese for any Chinese tag, English otherwise, by quality', () => {
    expect(languageFromHeader(undefined)).toBe('en');
    expect(languageFromHeader('zh-TW')).toBe('cn_traditional');
    expect(languageFromHeader('fr-FR, zh-HK;q=0.5')).toBe('cn_traditional');
    expect(languageFromHeader('zh;q=0.4, en;q=0.9')).toBe('en');
    expect(languageFromHeader('de, fr')).toBe('en');
    expect(languageFromHeader('cn_traditional')).toBe('cn_traditional');
  });
});
