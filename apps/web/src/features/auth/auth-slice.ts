import { createSlice } from '@reduxjs/toolkit';

/** unknown until the stored session has been read; then anonymous or signedIn. */
export type AuthStatus = 'unknown' | 'anonymous' | 'signedIn';

export interface AuthState {
  status: AuthStatus;
}

const initialState: AuthState = { status: 'unknown' };

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    // The stored session is read once; a sign-in completed meanwhile takes precedence.
    sessionRestored(state) {
      if (state.status === 'unknown') state.status = 'signedIn';
    },
    sessionAbsent(state) {
      if (state.status === 'unknown') state.status = 'anonymous';
    },
    signedIn(state) {
      state.status = 'signedIn';
    },
    /** Sign-out finished, or the session ended (expired and not renewable). */
    sessionEnded(state) {
      state.status = 'anonymous';
    },
  },
  selectors: {
    selectAuthStatus: (state) => state.status,
  },
});

export const { sessionRestored, sessionAbsent, signedIn, sessionEnded } = authSlice.actions;
export const { selectAuthStatus } = authSlice.selectors;
