import { useCallback } from 'react';
import { useTrackEventMutation } from './api/questionnaire-api.ts';

/** Where the screen's tracking events say they come from (requirements §3 "Tracking event"). */
const FROM_PAGE = 'questionnaire';

/**
 * Records an outcome with POST /api/analytics/web/create (requirements §7). Tracking never stands in
 * the user's way: a failed call is left to the global error handling and nothing waits on it.
 */
export function useTrack(requestId: string | null) {
  const [track] = useTrackEventMutation();
  return useCallback(
    (activity: string, details?: string, questionList?: string[]) => {
      void track({
        activity,
        fromPage: FROM_PAGE,
        details: details ?? null,
        questionList,
        requestId,
      });
    },
    [track, requestId],
  );
}
