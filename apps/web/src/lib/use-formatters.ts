import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@vmer/domain/model';
import { localeOf } from './i18n.ts';

export interface Formatters {
  /** A date as the current language writes it, e.g. 5 March 2026 / 2026年3月5日. */
  formatDate: (date: Date) => string;
  /** A moment with its date and time, e.g. 5 Mar 2026, 14:05 / 2026年3月5日 14:05. */
  formatDateTime: (date: Date) => string;
  /** A number with the current language's separators. */
  formatNumber: (value: number, options?: Intl.NumberFormatOptions) => string;
}

/** `make()`'s value, made at the first call and kept. */
function madeOnUse<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

/**
 * Date and number formatting that follows the interface language. Each date format is built
 * when it first formats: a page's first `Intl.DateTimeFormat` loads ICU's date data, 15 to 60 ms
 * of the main thread in a fresh Chromium, which a screen that shows no date (a disclosure's
 * first paint, where the returned banner and the review bar ask for these) should not pay.
 */
export function useFormatters(): Formatters {
  const { i18n } = useTranslation();
  const locale = localeOf(i18n.language as Language);
  return useMemo(() => {
    const dateFormat = madeOnUse(() => new Intl.DateTimeFormat(locale, { dateStyle: 'long' }));
    const dateTimeFormat = madeOnUse(
      () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
    );
    return {
      formatDate: (date) => dateFormat().format(date),
      formatDateTime: (date) => dateTimeFormat().format(date),
      formatNumber: (value, options) => new Intl.NumberFormat(locale, options).format(value),
    };
  }, [locale]);
}
