import {
  combineSlices,
  configureStore,
  type UnknownAction,
  type WithSlice,
} from '@reduxjs/toolkit';
import { api } from '../lib/api-client.ts';
import { authSlice, sessionEnded } from '../features/auth/auth-slice.ts';
import { globalFeedbackSlice } from '../features/global-feedback/global-feedback-slice.ts';
import { headerSelectionSlice } from '../features/header-selection/header-selection-slice.ts';
import { languageSlice } from '../features/language/language-slice.ts';
import type { questionnaireSlice } from '../features/questionnaire/questionnaire-slice.ts';
import { userInfoSlice } from '../features/user-info/user-info-slice.ts';
import { listeners } from './listeners.ts';

/**
 * The slices every page has, and those a screen's chunk adds as it loads: the questionnaire's
 * state and the domain rules its reducers run stay out of the sign-in page's JavaScript
 * (requirements F-04). A lazy slice's own selectors answer its initial state until it is added.
 */
export const appReducer = combineSlices(
  api,
  authSlice,
  globalFeedbackSlice,
  headerSelectionSlice,
  languageSlice,
  userInfoSlice,
).withLazyLoadedSlices<WithSlice<typeof questionnaireSlice>>();

type AppState = ReturnType<typeof appReducer>;

/** When the session ends nothing of the previous user stays: every slice starts afresh. */
const rootReducer = (state: Parameters<typeof appReducer>[0], action: UnknownAction): AppState =>
  appReducer(sessionEnded.match(action) ? undefined : state, action);

export function createStore(preloadedState?: Partial<AppState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().prepend(listeners.middleware).concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
