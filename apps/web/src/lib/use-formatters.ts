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

/** Date and number formatting that follows the interface language. */
export function useFormatters(): Formatters {
  const { i18n } = useTranslation();
  const locale = localeOf(i18n.language as Language);
  return useMemo(() => {
    const dateFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'long' });
    const dateTimeFormat = new Intl.DateTimeFormat(locale, {
      dateStyle: 'medium',
      timeStyle: 'short',
    });
    return {
      formatDate: (date) => dateFormat.format(date),
      formatDateTime: (date) => dateTimeFormat.format(date),
      formatNumber: (value, options) => new Intl.NumberFormat(locale, options).format(value),
    };
  }, [locale]);
}
