import { createSlice, isRejectedWithValue, type PayloadAction } from '@reduxjs/toolkit';
import type { ApiError } from '../../lib/api-client.ts';

/**
 * unknown until the stored session has been read; then anonymous or signedIn. ending: the
 * session was lost (the API refused the token, or it expired without renewal) and is being
 * cleared.
 */
type AuthStatus = 'unknown' | 'anonymous' | 'signedIn' | 'ending';

interface AuthState {
  status: AuthStatus;
  /**
   * Where the user was when the session was lost: the landing page says the session has ended,
   * and signing in again returns there. Null after a sign-out or a sign-in.
   */
  resumePath: string | null;
}

const initialState: AuthState = { status: 'unknown', resumePath: null };

/** An API answer refusing the caller's credentials (HTTP 401). */
function isCredentialsRefused(action: unknown): boolean {
  if (!isRejectedWithValue(action)) return false;
  const error = action.payload as Partial<ApiError> | undefined;
  return error?.kind === 'response' && error.status === 401;
}

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
      state.resumePath = null;
    },
    /** The access token expired and could not be renewed. */
    sessionLost(state) {
      if (state.status === 'signedIn') state.status = 'ending';
    },
    /** Sign-out finished, or a lost session was cleared (with the path to resume at). */
    sessionEnded(state, action: PayloadAction<{ resumePath: string } | undefined>) {
      state.status = 'anonymous';
      state.resumePath = action.payload?.resumePath ?? null;
    },
  },
  extraReducers: (builder) => {
    builder.addMatcher(isCredentialsRefused, (state) => {
      if (state.status === 'signedIn') state.status = 'ending';
    });
  },
  selectors: {
    selectAuthStatus: (state) => state.status,
    selectResumePath: (state) => state.resumePath,
  },
});

export const { sessionRestored, sessionAbsent, signedIn, sessionLost, sessionEnded } =
  authSlice.actions;
export const { selectAuthStatus, selectResumePath } = authSlice.selectors;
