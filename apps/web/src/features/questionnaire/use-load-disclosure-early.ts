import { useEffect } from 'react';
import { matchPath } from 'react-router';
import { useAppDispatch } from '../../app/hooks.ts';
import { paths } from '../../config/paths.ts';
import { appPathname } from '../../lib/base-path.ts';
import { questionnaireApi } from './api/questionnaire-api.ts';

/** The disclosure asked for as the app opened at its address, until its screen has shown it. */
let openedEarly: string | undefined;

/**
 * Opening the app at /questionnaire/{requestId}: asks for the disclosure and the active
 * catalogue version's summary at once with user info and the insurer list, rather than after
 * them (requirements F-01; architecture.md, "Opening a disclosure"). Only on the app's first
 * screen: moving to a disclosure within the app mounts its screen at once.
 */
export function useLoadDisclosureEarly(): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const requestId = matchPath(paths.questionnaire, appPathname())?.params.requestId;
    if (!requestId) return;
    openedEarly = requestId;
    // Kept as long as unused answers are (a minute): the screen, mounted meanwhile, holds them.
    void dispatch(questionnaireApi.endpoints.disclosure.initiate(requestId, { subscribe: false }));
    void dispatch(
      questionnaireApi.endpoints.questionnaireInfo.initiate(undefined, { subscribe: false }),
    );
  }, [dispatch]);
}

/** Whether the screen's disclosure is the one asked for as the app opened, not yet shown. */
export const isOpenedEarly = (requestId: string | undefined): boolean =>
  requestId !== undefined && requestId === openedEarly;

/** The screen has shown the early disclosure: the next time it is opened, it is asked afresh. */
export function openedEarlyShown(): void {
  openedEarly = undefined;
}
