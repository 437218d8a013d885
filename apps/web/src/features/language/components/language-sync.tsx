import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks.ts';
import { htmlLanguageOf } from '../../../lib/i18n.ts';
import { selectLanguage } from '../language-slice.ts';

/** Applies the current language to the interface texts and the document's lang attribute. */
export function LanguageSync() {
  const language = useAppSelector(selectLanguage);
  const { i18n } = useTranslation();
  useEffect(() => {
    if (i18n.language !== language) void i18n.changeLanguage(language);
    document.documentElement.lang = htmlLanguageOf(language);
  }, [language, i18n]);
  return null;
}
