import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MESSAGES } from '@vmer/domain/messages';
import type { Language } from '@vmer/domain/model';
import { cnTraditional } from '../locales/cn-traditional.ts';
import { en, type InterfaceTexts } from '../locales/en.ts';

function domainMessages(language: Language): Record<string, string> {
  return Object.fromEntries(Object.entries(MESSAGES).map(([key, text]) => [key, text[language]]));
}

const INTERFACE_TEXTS: Record<Language, InterfaceTexts> = { en, cn_traditional: cnTraditional };

/** i18next resources: the interface texts of src/locales plus the domain's messages. */
export const resources = Object.fromEntries(
  (Object.keys(INTERFACE_TEXTS) as Language[]).map((language) => [
    language,
    { translation: { ...domainMessages(language), ...INTERFACE_TEXTS[language] } },
  ]),
) as unknown as Record<Language, { translation: Record<string, unknown> }>;

/** Texts of screens whose code loads on demand, added as each loads. */
const screenTexts: Record<Language, object>[] = [];

function addBundles(texts: Record<Language, object>): void {
  for (const [language, bundle] of Object.entries(texts)) {
    i18n.addResourceBundle(language, 'translation', bundle, true, true);
  }
}

/**
 * Adds a lazily loaded screen's texts to the resources, in every language. Called when the
 * screen's code loads, before it renders, so its texts never show as keys; they stay through a
 * later {@link initI18n}.
 */
export function addScreenTexts(texts: Record<Language, object>): void {
  screenTexts.push(texts);
  if (i18n.isInitialized) addBundles(texts);
}

/** Starts i18next in the given language; resources are bundled, so this is synchronous. */
export function initI18n(language: Language): typeof i18n {
  void i18n.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: 'en',
    load: 'currentOnly',
    initAsync: false,
    // The domain's messages write placeholders as {name}; the interface texts follow suit.
    interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
    react: { useSuspense: false },
  });
  screenTexts.forEach(addBundles);
  return i18n;
}

/** The BCP 47 tag for the document's lang attribute. */
export function htmlLanguageOf(language: Language): string {
  return language === 'en' ? 'en' : 'zh-Hant-HK';
}

/** The Intl locale dates and numbers are formatted in: Hong Kong English or Hong Kong Chinese. */
export function localeOf(language: Language): string {
  return language === 'en' ? 'en-HK' : 'zh-HK';
}
