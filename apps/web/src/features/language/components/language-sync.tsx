import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks.ts';
import { htmlLanguageOf, loadLanguage } from '../../../lib/i18n.ts';
import { selectLanguage } from '../language-slice.ts';

/**
 * Applies the current language to the interface texts and the document's lang attribute; a
 * derived language (Simplified Chinese) first loads its converter, and the screen shows again
 * in it once loaded.
 */
export function LanguageSync() {
  const language = useAppSelector(selectLanguage);
  const { i18n } = useTranslation();
  useEffect(() => {
    let current = true;
    if (i18n.language !== language) void i18n.changeLanguage(language);
    document.documentElement.lang = htmlLanguageOf(language);
    void loadLanguage(language).then((loaded) => {
      if (loaded && current) void i18n.changeLanguage(language);
    });
    return () => {
      current = false;
    };
  }, [language, i18n]);
  return null;
}
