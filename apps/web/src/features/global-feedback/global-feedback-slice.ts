import {
  createSlice,
  isFulfilled,
  isPending,
  isRejected,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { api, type ApiError } from '../../lib/api-client.ts';
import {
  errorReported,
  longOperationEnded,
  longOperationStarted,
} from '../../lib/feedback-events.ts';

/**
 * Global loading status (requirements §4): Start when a request is created, Finish when its response
 * arrives, Error when a request or the network fails. Idle before any request and after the
 * user dismisses the network-error banner.
 */
type LoadingStatus = 'Idle' | 'Start' | 'Finish' | 'Error';

/** Whether the last failure had no answer at all (transport) or an unsuccessful answer. */
type ApiErrorKind = ApiError['kind'];

interface ApiErrorState {
  open: boolean;
  message: string | null;
  kind: ApiErrorKind | null;
  /** HTTP status of an unsuccessful answer, to describe it when it carried no message. */
  status: number | null;
}

interface GlobalFeedbackState {
  loadingStatus: LoadingStatus;
  requestsInFlight: number;
  /** The global API-error flag and its message (requirements §3, §4). */
  apiError: ApiErrorState;
  /**
   * The 'Network Error' banner is up: raised with status Error, it stays until dismissed or
   * until every call that failed in transit has succeeded since (retried), when it would only
   * mislead. Another call's success proves nothing about the one that failed.
   */
  networkErrorBanner: boolean;
  /** The calls that failed in transit and have not succeeded since (see {@link callKey}). */
  failedCalls: string[];
  /** A long operation is running: the full-screen spinner shows. */
  longOperation: boolean;
}

const initialState: GlobalFeedbackState = {
  loadingStatus: 'Idle',
  requestsInFlight: 0,
  apiError: { open: false, message: null, kind: null, status: null },
  networkErrorBanner: false,
  failedCalls: [],
  longOperation: false,
};

/** What an RTK Query action says about its call. */
interface ApiActionMeta {
  arg?: { type?: string; endpointName?: string; queryCacheKey?: string; originalArgs?: unknown };
}

/** The parts of an RTK Query rejected action read here. */
interface RejectedApiAction extends UnknownAction {
  payload?: unknown;
  error: { message?: string };
  meta: ApiActionMeta & { condition?: boolean; aborted?: boolean };
}

/** Which call an action is about: a query with its arguments, or a mutation's endpoint. */
function callKey(action: { meta?: ApiActionMeta }): string {
  const arg = action.meta?.arg;
  return arg?.queryCacheKey ?? `${arg?.type ?? 'call'}:${arg?.endpointName ?? ''}`;
}

function isApiAction(action: UnknownAction): boolean {
  return action.type.startsWith(`${api.reducerPath}/execute`);
}

/**
 * A call made with `quiet: true` among its arguments (a background save, I-11): the screen
 * shows its own calm notice, and the progress bar does not flash every few seconds of typing.
 */
function isQuietCall(action: { meta?: ApiActionMeta }): boolean {
  const args = action.meta?.arg?.originalArgs;
  return typeof args === 'object' && args !== null && 'quiet' in args && args.quiet === true;
}

function requestSettled(state: GlobalFeedbackState, action: { meta?: ApiActionMeta }): void {
  if (isQuietCall(action)) return;
  state.requestsInFlight = Math.max(0, state.requestsInFlight - 1);
  if (state.requestsInFlight === 0 && state.loadingStatus === 'Start')
    state.loadingStatus = 'Finish';
}

export const globalFeedbackSlice = createSlice({
  name: 'globalFeedback',
  initialState,
  reducers: {
    apiErrorDismissed(state) {
      state.apiError.open = false;
    },
    networkErrorDismissed(state) {
      state.networkErrorBanner = false;
      state.failedCalls = [];
      if (state.loadingStatus === 'Error') state.loadingStatus = 'Idle';
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(errorReported, (state, action) => {
        state.apiError = { open: true, message: action.payload, kind: null, status: null };
      })
      .addCase(longOperationStarted, (state) => {
        state.longOperation = true;
      })
      .addCase(longOperationEnded, (state) => {
        state.longOperation = false;
      })
      .addMatcher(
        (action) => isPending(action) && isApiAction(action) && !isQuietCall(action),
        (state) => {
          state.requestsInFlight += 1;
          state.loadingStatus = 'Start';
        },
      )
      .addMatcher(
        (action) => isFulfilled(action) && isApiAction(action),
        (state, action: UnknownAction & { meta?: ApiActionMeta }) => {
          requestSettled(state, action);
          if (state.failedCalls.length === 0) return;
          // A call that had failed went through: once every one has, the error is no news.
          const key = callKey(action);
          state.failedCalls = state.failedCalls.filter((failed) => failed !== key);
          if (state.failedCalls.length > 0) return;
          state.networkErrorBanner = false;
          if (state.apiError.kind === 'transport') state.apiError.open = false;
        },
      )
      .addMatcher(
        (action) => isRejected(action) && isApiAction(action),
        (state, action: RejectedApiAction) => {
          // A request skipped by RTK Query's cache never started.
          if (action.meta.condition) return;
          requestSettled(state, action);
          // Cancelled by the app itself (component gone, newer request): nothing failed.
          if (action.meta.aborted) return;
          const error = action.payload as ApiError | undefined;
          // A call whose caller reports every failure itself (a background save, I-12).
          if (error?.kind === 'transport' && error.shownByCaller) return;
          if (!error || error.kind === 'transport') {
            state.loadingStatus = 'Error';
            state.networkErrorBanner = true;
            const key = callKey(action);
            if (!state.failedCalls.includes(key)) state.failedCalls.push(key);
            const message = error?.message ?? action.error.message ?? null;
            state.apiError = { open: true, message, kind: 'transport', status: null };
          } else if (error.status !== 401 && !error.shownByCaller) {
            // A refused token ends the session instead, and the landing page says so; a
            // failure the caller explains on its screen is not said twice.
            state.apiError = {
              open: true,
              message: error.message,
              kind: 'response',
              status: error.status,
            };
          }
        },
      );
  },
  selectors: {
    selectLoadingStatus: (state) => state.loadingStatus,
    selectNetworkErrorBanner: (state) => state.networkErrorBanner,
    selectApiError: (state) => state.apiError,
    selectLongOperation: (state) => state.longOperation,
  },
});

export const { apiErrorDismissed, networkErrorDismissed } = globalFeedbackSlice.actions;
export const {
  selectLoadingStatus,
  selectNetworkErrorBanner,
  selectApiError,
  selectLongOperation,
} = globalFeedbackSlice.selectors;
