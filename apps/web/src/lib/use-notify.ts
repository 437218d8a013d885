import { createContext, useContext } from 'react';

/**
 * What shows a notification, given by the notifications' provider
 * (features/global-feedback/components/notification-provider.tsx); without one, nothing.
 */
export const NotifyContext = createContext<(message: string) => void>(() => undefined);

/** Shows a notification: an info message, top centre, hiding itself after 6000 ms (requirements §2, §9). */
export function useNotify(): (message: string) => void {
  return useContext(NotifyContext);
}
