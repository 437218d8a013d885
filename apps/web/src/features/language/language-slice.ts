import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@vmer/domain/model';

/** Where the last language is remembered between page loads (cleared by sign-out). */
export const LANGUAGE_STORAGE_KEY = 'vmer.language';

function rememberedLanguage(): Language {
  const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  return LANGUAGES.find((language) => language === stored) ?? DEFAULT_LANGUAGE;
}

export interface LanguageState {
  language: Language;
  /** The user chose a language on this page: the saved one arriving later does not undo it. */
  chosen: boolean;
}

export const languageSlice = createSlice({
  name: 'language',
  initialState: (): LanguageState => ({ language: rememberedLanguage(), chosen: false }),
  reducers: {
    /** The user picked a language in the language dialog. */
    languageChosen(state, action: PayloadAction<Language>) {
      state.language = action.payload;
      state.chosen = true;
    },
    /**
     * User info arrived carrying the user's saved language. A choice made on this page since
     * stands: user info asked for before it answers with the language saved before it.
     */
    languageRestored(state, action: PayloadAction<Language>) {
      if (!state.chosen) state.language = action.payload;
    },
  },
  selectors: {
    selectLanguage: (state) => state.language,
  },
});

export const { languageChosen, languageRestored } = languageSlice.actions;
export const { selectLanguage } = languageSlice.selectors;
