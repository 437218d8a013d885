import { createListenerMiddleware, type PayloadAction } from '@reduxjs/toolkit';
import type { Language } from '@vmer/domain/model';
import { smokingListsReceived } from '../features/header-selection/header-selection-slice.ts';
import {
  LANGUAGE_STORAGE_KEY,
  languageChosen,
  languageRestored,
  selectLanguage,
  type LanguageState,
} from '../features/language/language-slice.ts';
import { authConfigApi } from '../features/auth/api/auth-config-api.ts';
import { sessionEnded } from '../features/auth/auth-slice.ts';
import { deviceCopyMaxAgeSet } from '../features/questionnaire/device-copy/device-copy-settings.ts';
import { userInfoApi } from '../features/user-info/api/user-info-api.ts';
import { userInfoFrom } from '../features/user-info/user-info-slice.ts';

/** Where one feature's event concerns another: features never import each other, the app wires them. */
export const listeners = createListenerMiddleware();

listeners.startListening({
  matcher: userInfoApi.endpoints.getUserInfo.matchFulfilled,
  effect: (action, { dispatch }) => {
    dispatch(smokingListsReceived(action.payload.smokingLists ?? []));
    // The language saved with the user applies at sign-in (design §8).
    dispatch(languageRestored(userInfoFrom(action.payload).language));
  },
});

// Remembered so that the next page load starts in it; written only on these events, so that
// the cleared storage of /logout/callback stays empty.
const rememberLanguage = (_action: PayloadAction<Language>, api: { getState: () => unknown }) =>
  window.localStorage.setItem(
    LANGUAGE_STORAGE_KEY,
    selectLanguage(api.getState() as { language: LanguageState }),
  );
listeners.startListening({ actionCreator: languageChosen, effect: rememberLanguage });
listeners.startListening({ actionCreator: languageRestored, effect: rememberLanguage });

// I-15: the questionnaire's device copies are kept as long as the server says, and none stays
// after a sign-out (a lost session keeps them: the interviewer signs in again and goes on).
listeners.startListening({
  matcher: authConfigApi.endpoints.getAuthConfig.matchFulfilled,
  effect: (action) => deviceCopyMaxAgeSet(action.payload.deviceCopyMaxAgeHours),
});
listeners.startListening({
  actionCreator: sessionEnded,
  effect: async (action) => {
    // Loaded on demand: the IndexedDB store stays out of the sign-in page's JavaScript.
    if (!action.payload) {
      const { removeAllCopies } =
        await import('../features/questionnaire/device-copy/device-copy-store.ts');
      await removeAllCopies();
    }
  },
});
