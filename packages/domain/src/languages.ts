/**
 * The languages Video MER speaks, as data. Every place that shows a text in the user's
 * language looks it up here by language code (`textIn`); no code branches on a language.
 * Adding a language is a row of LANGUAGE_TABLE plus its texts (docs/extending.md).
 */

/** What the product needs to know of one language. */
export interface LanguageInfo {
  /** The language's name written in itself, as the language dialog offers it. */
  readonly name: string;
  /** BCP 47 tag for the document's `lang` attribute. */
  readonly htmlLang: string;
  /** The Intl locale dates and numbers are formatted in. */
  readonly locale: string;
  /** The dayjs locale of the date pickers. */
  readonly dateLocale: string;
  /** Material UI's locale of the built-in texts (pagination, pickers). */
  readonly muiLocale: 'enUS' | 'zhHK' | 'zhCN';
  /** Accept-Language tags (lower case prefixes) that choose this language, most specific first. */
  readonly acceptTags: readonly string[];
  /**
   * The language a missing text is derived from (converted by the deriver registered for this
   * language, see `registerDeriver`); without one, a missing text is the English one.
   */
  readonly derivedFrom?: LanguageCode;
}

/** The language codes, in the order the language dialog offers them. */
export const LANGUAGE_CODES = ['en', 'cn_traditional', 'cn_simplified'] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];

export const LANGUAGE_TABLE: Readonly<Record<LanguageCode, LanguageInfo>> = {
  en: {
    name: 'English',
    htmlLang: 'en',
    locale: 'en-HK',
    dateLocale: 'en',
    muiLocale: 'enUS',
    acceptTags: ['en'],
  },
  cn_traditional: {
    name: '繁體中文',
    htmlLang: 'zh-Hant-HK',
    locale: 'zh-HK',
    dateLocale: 'zh-hk',
    muiLocale: 'zhHK',
    // Any Chinese not named Simplified reads as Traditional Chinese, as before there was a third.
    acceptTags: ['cn_traditional', 'zh'],
  },
  cn_simplified: {
    name: '简体中文',
    htmlLang: 'zh-Hans',
    locale: 'zh-Hans-HK',
    dateLocale: 'zh-cn',
    muiLocale: 'zhCN',
    acceptTags: ['cn_simplified', 'zh-hans', 'zh-cn', 'zh-sg', 'zh-my'],
    derivedFrom: 'cn_traditional',
  },
};

/** A text in every language; only English and Traditional Chinese must be written. */
export type LocalizedText = { readonly en: string; readonly cn_traditional: string } & {
  readonly [code in LanguageCode]?: string;
};

/** The language of a BCP 47 tag (or a language code), by the most specific matching prefix. */
export function languageOfTag(tag: string): LanguageCode | undefined {
  const lower = tag.trim().toLowerCase();
  let best: { code: LanguageCode; length: number } | undefined;
  for (const code of LANGUAGE_CODES) {
    for (const prefix of LANGUAGE_TABLE[code].acceptTags) {
      if (lower.startsWith(prefix) && (!best || prefix.length > best.length)) {
        best = { code, length: prefix.length };
      }
    }
  }
  return best?.code;
}

const derivers = new Map<LanguageCode, (text: string) => string>();
const derived = new Map<LanguageCode, Map<string, string>>();

/**
 * Registers how a language's missing texts are made from its `derivedFrom` language (for
 * Simplified Chinese, `@vmer/domain/simplified` registers the OpenCC converter). Until one is
 * registered, a missing text shows in the language it would be derived from.
 */
export function registerDeriver(language: LanguageCode, convert: (text: string) => string): void {
  derivers.set(language, convert);
  derived.set(language, new Map());
  deriversRegistered += 1;
}

let deriversRegistered = 0;

/**
 * How many derivers have been registered so far: what is built from every language's texts
 * (the condition search's index) is built again when this changes, since texts that showed in
 * their source language before now have their own.
 */
export function deriversVersion(): number {
  return deriversRegistered;
}

/** A text converted into a language by its registered deriver (remembered), or as it is. */
export function deriveText(language: LanguageCode, text: string): string {
  const convert = derivers.get(language);
  if (!convert) return text;
  const cache = derived.get(language)!;
  let result = cache.get(text);
  if (result === undefined) {
    result = convert(text);
    cache.set(text, result);
  }
  return result;
}

/**
 * A text in a language: the text written for it, else the text derived from the language it
 * derives from, else English.
 */
export function textIn(text: LocalizedText, language: LanguageCode): string {
  const written = text[language];
  if (written !== undefined) return written;
  const source = LANGUAGE_TABLE[language].derivedFrom;
  if (source !== undefined) return deriveText(language, textIn(text, source));
  return text.en;
}

/** A whole table of texts (a locale, nested) in a derived language, converted from its source. */
export function deriveTexts<T>(language: LanguageCode, texts: T): T {
  if (typeof texts === 'string') return deriveText(language, texts) as T;
  if (Array.isArray(texts)) return texts.map((item: unknown) => deriveTexts(language, item)) as T;
  if (texts !== null && typeof texts === 'object') {
    return Object.fromEntries(
      Object.entries(texts).map(([key, value]) => [key, deriveTexts(language, value)]),
    ) as T;
  }
  return texts;
}

/** Some of a table's texts, at any depth. */
export type PartialTexts<T> = {
  readonly [K in keyof T]?: T[K] extends object ? PartialTexts<T[K]> : T[K];
};

/**
 * A table of texts with one entry per language (a page's or a screen's texts): English and
 * Traditional Chinese written whole, any other language written in part or not at all.
 */
export type LocalizedTable<T extends object> = { readonly en: T; readonly cn_traditional: T } & {
  readonly [code in LanguageCode]?: PartialTexts<T>;
};

/** `texts` with what `over` writes laid over it, nested tables merged key by key. */
function overlay<T>(texts: T, over: unknown): T {
  if (over === undefined) return texts;
  if (typeof texts !== 'object' || texts === null || typeof over !== 'object' || over === null) {
    return over as T;
  }
  const merged: Record<string, unknown> = { ...(texts as Record<string, unknown>) };
  for (const [key, value] of Object.entries(over)) merged[key] = overlay(merged[key], value);
  return merged as T;
}

/**
 * A language's entry of a table: what is written for it, over what is derived from the
 * language it derives from (or over English).
 */
export function textsIn<T extends object>(table: LocalizedTable<T>, language: LanguageCode): T {
  const source = LANGUAGE_TABLE[language].derivedFrom;
  const base = source !== undefined ? deriveTexts(language, textsIn(table, source)) : table.en;
  return overlay(base, table[language]);
}

/** A text made for every language by the same function (a message filled in per language). */
export function inEveryLanguage(
  text: (language: LanguageCode) => string,
): LocalizedText & Record<LanguageCode, string> {
  return Object.fromEntries(LANGUAGE_CODES.map((code) => [code, text(code)])) as LocalizedText &
    Record<LanguageCode, string>;
}
