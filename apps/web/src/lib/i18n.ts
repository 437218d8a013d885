import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  LANGUAGE_CODES,
  LANGUAGE_TABLE,
  textIn,
  textsIn,
  type LocalizedTable,
} from '@vmer/domain/languages';
import { MESSAGES } from '@vmer/domain/messages';
import { DEFAULT_LANGUAGE, type Language } from '@vmer/domain/model';
import { cnSimplified } from '../locales/cn-simplified.ts';
import { cnTraditional } from '../locales/cn-traditional.ts';
import { en, type InterfaceTexts } from '../locales/en.ts';

/**
 * The interface texts written by hand: English and Traditional Chinese whole; Simplified
 * Chinese is derived from Traditional Chinese when first chosen, over the few texts written
 * for it.
 */
const INTERFACE_TEXTS: LocalizedTable<InterfaceTexts> = {
  en,
  cn_traditional: cnTraditional,
  cn_simplified: cnSimplified,
};

/**
 * How a derived language's texts are made, loaded on demand so that the converter's
 * dictionaries weigh only on those who choose the language.
 */
const DERIVERS: Partial<Record<Language, () => Promise<unknown>>> = {
  cn_simplified: () => import('@vmer/domain/simplified'),
};

function translationOf(language: Language): Record<string, unknown> {
  const messages = Object.fromEntries(
    Object.entries(MESSAGES).map(([key, text]) => [key, textIn(text, language)]),
  );
  return { ...messages, ...textsIn(INTERFACE_TEXTS, language) };
}

/**
 * i18next resources: the interface texts of src/locales plus the domain's messages, per
 * language. A derived language's entry is filled by {@link loadLanguage}.
 */
export const resources = Object.fromEntries(
  LANGUAGE_CODES.map((language) => [
    language,
    { translation: DERIVERS[language] ? {} : translationOf(language) },
  ]),
) as Record<Language, { translation: Record<string, unknown> }>;

/** The languages a language's missing texts come from, in order (i18next's fallbackLng). */
function fallbacksOf(language: Language): Language[] {
  const source = LANGUAGE_TABLE[language].derivedFrom;
  if (source !== undefined) return [source, ...fallbacksOf(source)];
  return language === DEFAULT_LANGUAGE ? [] : [DEFAULT_LANGUAGE];
}

/** Texts of screens whose code loads on demand, added as each loads. */
const screenTexts: LocalizedTable<object>[] = [];
/** Derived languages whose texts are in the resources. */
const derivedLoaded = new Set<Language>();

function addBundles(texts: LocalizedTable<object>): void {
  for (const language of LANGUAGE_CODES) {
    if (DERIVERS[language] && !derivedLoaded.has(language)) continue;
    i18n.addResourceBundle(language, 'translation', textsIn(texts, language), true, true);
  }
}

/**
 * Adds a lazily loaded screen's texts to the resources, in every language. Called when the
 * screen's code loads, before it renders, so its texts never show as keys; they stay through a
 * later {@link initI18n}.
 */
export function addScreenTexts(texts: LocalizedTable<object>): void {
  screenTexts.push(texts);
  if (i18n.isInitialized) addBundles(texts);
}

/**
 * Makes a derived language's texts (interface, messages, screens, and catalogue texts looked up
 * with textIn) ready: loads its converter once and fills its resources. True when it did
 * anything; until it resolves the language reads in the language it derives from.
 */
export async function loadLanguage(language: Language): Promise<boolean> {
  const load = DERIVERS[language];
  if (!load || derivedLoaded.has(language)) return false;
  await load();
  derivedLoaded.add(language);
  resources[language].translation = translationOf(language);
  if (i18n.isInitialized) {
    i18n.addResourceBundle(language, 'translation', resources[language].translation, true, true);
    screenTexts.forEach(addBundles);
  }
  return true;
}

/** Starts i18next in the given language; resources are bundled, so this is synchronous. */
export function initI18n(language: Language): typeof i18n {
  void i18n.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: {
      default: [DEFAULT_LANGUAGE],
      ...Object.fromEntries(LANGUAGE_CODES.map((code) => [code, fallbacksOf(code)])),
    },
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
  return LANGUAGE_TABLE[language].htmlLang;
}

/** The Intl locale dates and numbers are formatted in (Hong Kong English, Hong Kong Chinese…). */
export function localeOf(language: Language): string {
  return LANGUAGE_TABLE[language].locale;
}
