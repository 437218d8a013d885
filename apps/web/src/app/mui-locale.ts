import { useEffect, useReducer } from 'react';
import type { Localization } from '@mui/material/locale';
import { LANGUAGE_TABLE } from '@vmer/domain/languages';
import type { Language } from '@vmer/domain/model';
import { loadedOnce } from '../lib/chunk-load.ts';

/**
 * English: Material UI's texts as they are (its own `enUS` is empty). Not imported from its
 * locales' module, which names every locale: the build then files them all with the code the
 * sign-in page runs, and loads them with it.
 */
const ENGLISH: Localization = {};

/**
 * Material UI's own texts (pagination, close buttons) by the name the language table gives
 * them. English is Material UI's default. The Chinese ones load when a Chinese language is in
 * use: building them makes the page's first `Intl.NumberFormat`, 15–30 ms of the main thread
 * for ICU's number data on the development machine, which an English page's first paint does
 * not otherwise need (issue 19).
 */
const chinese = loadedOnce(() => import('./mui-locales-chinese.ts'));

/** Material UI's texts in `language` when they have loaded; undefined while they have not. */
export function loadedMuiLocale(language: Language): Localization | undefined {
  const name = LANGUAGE_TABLE[language].muiLocale;
  return name === 'enUS' ? ENGLISH : chinese.loaded()?.[name];
}

/**
 * Loads Material UI's texts in `language`, once; a failed load is tried again next time (the
 * screens keep Material UI's English texts meanwhile).
 */
export async function loadMuiLocale(language: Language): Promise<Localization> {
  const name = LANGUAGE_TABLE[language].muiLocale;
  return name === 'enUS' ? ENGLISH : (await chinese.load())[name];
}

/**
 * Material UI's texts in `language`: at once when they have loaded (the app's start loads the
 * language it opens in before its first render), else Material UI's English until they have.
 */
export function useMuiLocale(language: Language): Localization {
  const locale = loadedMuiLocale(language);
  const [, arrived] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    if (locale) return;
    let mounted = true;
    loadMuiLocale(language).then(
      () => mounted && arrived(),
      () => undefined,
    );
    return () => {
      mounted = false;
    };
  }, [language, locale]);
  return locale ?? ENGLISH;
}
