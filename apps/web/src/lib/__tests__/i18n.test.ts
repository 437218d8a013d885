import { DEFAULT_LANGUAGE, LANGUAGES } from '@vmer/domain/model';
import { MESSAGES } from '@vmer/domain/messages';
import { describe, expect, it } from 'vitest';
import { en } from '../../locales/en.ts';
import { questionnaireTexts } from '../../features/questionnaire/locales.ts';
import { htmlLanguageOf, initI18n, localeOf, resources } from '../i18n.ts';

function leaves(value: unknown, prefix = ''): Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return { [prefix]: value };
  return Object.assign(
    {},
    ...Object.entries(value).map(([key, child]) =>
      leaves(child, prefix ? `${prefix}.${key}` : key),
    ),
  );
}

describe('languages', () => {
  it('C-23 L-29 the default language is en and the alternatives cn_traditional and cn_simplified', () => {
    expect(DEFAULT_LANGUAGE).toBe('en');
    expect(Object.keys(resources).sort()).toEqual([...LANGUAGES].sort());
    expect(LANGUAGES).toEqual(['en', 'cn_traditional', 'cn_simplified']);
    expect(initI18n(DEFAULT_LANGUAGE).language).toBe('en');
  });

  it('every interface text exists, non-empty, in both languages, and the Chinese differs where it should', () => {
    const english = leaves(resources.en.translation);
    const chinese = leaves(resources.cn_traditional.translation);
    expect(Object.keys(chinese).sort()).toEqual(Object.keys(english).sort());
    for (const [key, text] of Object.entries(chinese)) expect(text, key).toMatch(/\S/);
    expect(chinese['landing.createAccount']).not.toBe(english['landing.createAccount']);
  });

  it('T-21 every Chinese text of the app addresses the user as 您, never 你', () => {
    const chinese = {
      ...leaves(resources.cn_traditional.translation),
      ...leaves(questionnaireTexts.cn_traditional, 'screen'),
    };
    expect(Object.keys(chinese).length).toBeGreaterThan(200);
    const informal = Object.entries(chinese).filter(
      ([, text]) => typeof text === 'string' && /你(?!們)/.test(text),
    );
    expect(informal).toEqual([]);
  });

  it('the domain messages are merged in and none of them is shadowed by an interface text', () => {
    for (const key of Object.keys(MESSAGES)) expect(Object.keys(en)).not.toContain(key);
    const i18n = initI18n('cn_traditional');
    const [key, text] = Object.entries(MESSAGES)[0]!;
    expect(i18n.t(key)).toBe(text.cn_traditional);
  });

  it('placeholders are filled in: {name} as the domain writes them', () => {
    const i18n = initI18n('en');
    expect(i18n.t('footer.copyright', { year: 2026, company: 'Acme Re' })).toBe(
      '© 2026 Acme Re. All rights reserved.',
    );
    expect(i18n.t('feedback.chunkFailed', { name: 'home-1.js' })).toBe(
      'Loading chunk home-1.js failed',
    );
  });

  it('dates and numbers are formatted in Hong Kong English or Hong Kong Chinese', () => {
    expect(localeOf('en')).toBe('en-HK');
    expect(localeOf('cn_traditional')).toBe('zh-HK');
    expect(htmlLanguageOf('cn_traditional')).toBe('zh-Hant-HK');
    const date = new Date(2026, 2, 5);
    expect(new Intl.DateTimeFormat(localeOf('en'), { dateStyle: 'long' }).format(date)).toBe(
      '5 March 2026',
    );
    expect(
      new Intl.DateTimeFormat(localeOf('cn_traditional'), { dateStyle: 'long' }).format(date),
    ).toBe('2026年3月5日');
  });
});
