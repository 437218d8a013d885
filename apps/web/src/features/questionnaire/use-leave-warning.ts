import { useEffect } from 'react';
import { useAppSelector } from '../../app/hooks.ts';
import { selectQuestionnaire } from './questionnaire-slice.ts';

/**
 * Whether what is on screen differs from what was last loaded or stored: the applicant's data
 * or an answer changed since the session last changed (a load, a save, a submit, a reset all
 * give a new session). Immer keeps untouched parts of the state the same objects, so comparing
 * them by identity is enough. Only the answer (a boolean) is selected, so an answer does not
 * re-render the whole screen (I-24: answer → paint with 300 questions).
 */
function useUnsavedChanges(): boolean {
  // The state as it was when the session last changed: equal while the session is the same,
  // so the selector keeps the first one seen.
  const baseline = useAppSelector(selectQuestionnaire, (a, b) => a.session === b.session);
  return useAppSelector((state) => {
    const { session, applicationNumber, profile, chosen } = selectQuestionnaire(state);
    if (session !== baseline.session || session.action === 'view') return false;
    return (
      baseline.applicationNumber !== applicationNumber ||
      baseline.profile !== profile ||
      baseline.chosen !== chosen
    );
  });
}

/**
 * While answers are unsaved, reloading or closing the tab asks first (the browser's own
 * "Leave site?" prompt); once they are stored, or when nothing changed, it does not.
 */
export function useLeaveWarning(): void {
  const unsaved = useUnsavedChanges();
  useEffect(() => {
    if (!unsaved) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsaved]);
}
