import { describe, expect, it } from 'vitest';
import { HttpError, schemaIssueMessage, translate } from '../src/http/errors.ts';
import { languageFromHeader } from '../src/http/language.ts';

describe('error messages', () => {
  it('C-23 translate a key, a key with placeholders, or a bilingual text into en or cn_traditional', () => {
    expect(translate('not_found', 'en')).toBe('Not found.');
    expect(translate('not_found', 'cn_traditional')).toBe('找不到。');
    expect(
      translate({ en: 'Already submitted.', cn_traditional: '已提交。' }, 'cn_traditional'),
    ).toBe('已提交。');
    const error = new HttpError(409, {
      en: 'Changed {count} times.',
      cn_traditional: '已更改 {count} 次。',
    });
    expect(error.message).toBe('Changed {count} times.');
    expect(translate({ key: 'bad_request', params: { unused: 1 } }, 'en')).toBe(
      'The request is not valid.',
    );
    const validated = { en: 'validated', cn_traditional: '已核實' };
    expect(
      translate(
        { key: 'disclosure_save_forbidden', params: { status: validated } },
        'cn_traditional',
      ),
    ).toBe('此披露已核實，不可再儲存。');
    expect(
      translate({ key: 'disclosure_question_unanswered', params: { condition: 'Asthma' } }, 'en'),
    ).toBe('Asthma: please answer the question "{question}"');
  });

  it("a schema's own message key names what is wrong; otherwise the kind of issue does", () => {
    expect(
      translate(
        schemaIssueMessage({ code: 'custom', message: 'redirection_invalid' }),
        'cn_traditional',
      ),
    ).toContain('https://');
    expect(
      translate(
        schemaIssueMessage({ code: 'invalid_format', message: 'application_number_helper' }),
        'en',
      ),
    ).toMatch(/^Limit to only 30/);
    expect(schemaIssueMessage({ code: 'custom', message: 'Invalid input' })).toBe('field_invalid');
    expect(schemaIssueMessage({ code: 'too_big', message: 'Too big', origin: 'string' })).toBe(
      'field_too_long',
    );
    expect(schemaIssueMessage({ code: 'too_small', origin: 'number' })).toBe('field_too_small');
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
