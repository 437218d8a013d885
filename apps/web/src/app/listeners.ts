import { createListenerMiddleware, type PayloadAction } from '@reduxjs/toolkit';
import type { Language } from '@vmer/domain/model';
import { smokingListsReceived } from '../features/header-selection/header-selection-slice.ts';
import {
  LANGUAGE_STORAGE_KEY,
  languageChosen,
  languageRestored,
} from '../features/language/language-slice.ts';
import { userInfoApi } from '../features/user-info/api/user-info-api.ts';
import { userInfoFrom } from '../features/user-info/user-info-slice.ts';

/** Where one feature's event concerns another: features never import each other, the app wires them. */
export const listeners = createListenerMiddleware();

listeners.startListening({
  matcher: userInfoApi.endpoints.getUserInfo.matchFulfilled,
  effect: (action, { dispatch }) => {
    dispatch(smokingListsReceived(action.payload.smokingLists ?? []));
    // The language saved with the user applies at sign-in (DESIGN.md §8).
    dispatch(languageRestored(userInfoFrom(action.payload).language));
  },
});

// Remembered so that the next page load starts in it; written only on these events, so that
// the cleared storage of /logout/callback stays empty.
const rememberLanguage = (action: PayloadAction<Language>) =>
  window.localStorage.setItem(LANGUAGE_STORAGE_KEY, action.payload);
listeners.startListening({ actionCreator: languageChosen, effect: rememberLanguage });
listeners.startListening({ actionCreator: languageRestored, effect: rememberLanguage });
