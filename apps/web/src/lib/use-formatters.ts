import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@vmer/domain/model';
import { localeOf } from './i18n.ts';

export interface Formatters {
  /** A date as the current language writes it, e.g. 5 March 2026 / 2026年3月5日. */
  formatDate: (date: Date) => string;
  /** A number with the current language's separators. */
  formatNumber: (value: number, options?: Intl.NumberFormatOptions) => string;
}

/** Date and number formatting that follows the interface language. */
export function useFormatters(): Formatters {
  const { i18n } = useTranslation();
  const locale = localeOf(i18n.language as Language);
  return useMemo(() => {
    const dateFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'long' });
    return {
      formatDate: (date) => dateFormat.format(date),
      formatNumber: (value, options) => new Intl.NumberFormat(locale, options).format(value),
    };
  }, [locale]);
}
