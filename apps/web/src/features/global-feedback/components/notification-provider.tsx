import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { loadedOnce } from '../../../lib/chunk-load.ts';
import { NotifyContext } from '../../../lib/use-notify.ts';
import { LOAD_LATER_MS, whenSettled } from '../../../lib/when-settled.ts';

/** Notification defaults of requirements §2 and §9: top centre, hidden after 6000 ms. */
export const NOTIFICATION_AUTO_HIDE_MS = 6000;

/**
 * The notifications' code (notistack and its styles, 8 KB gzipped), loaded once, with the first
 * notification or at an idle moment a few seconds after the frame first shows: a disclosure's
 * cold open shows none, and it was part of the frame's script (issue 19, design §7). A failed
 * load is tried again at the next notification and when the browser is online again.
 */
const notificationHost = loadedOnce(() => import('./notification-host.tsx'));

/** Loads the notifications' code, or joins its load. */
export const loadNotificationHost = notificationHost.load;

/**
 * Lets any component show notifications (see lib/use-notify.ts). A message given before the
 * notifications' code is here waits for it, and shows as it arrives.
 */
export function NotificationProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<readonly string[]>([]);
  const [host, setHost] = useState(notificationHost.loaded);
  const notify = useCallback((message: string) => setPending((list) => [...list, message]), []);
  const shown = useCallback((count: number) => setPending((list) => list.slice(count)), []);
  // Loaded later in any case, so that a connection lost after the first screen loses no message.
  useEffect(() => {
    if (host !== undefined) return;
    let mounted = true;
    const later = whenSettled(LOAD_LATER_MS);
    const load = () =>
      notificationHost.load().then(
        (module) => mounted && setHost(module),
        // Kept waiting: the next notification, or the connection's return, tries again.
        () => undefined,
      );
    void later.promise.then(load);
    // Each new message while the code is missing asks for it (joining a load under way).
    if (pending.length > 0) void load();
    window.addEventListener('online', load);
    return () => {
      mounted = false;
      later.cancel();
      window.removeEventListener('online', load);
    };
  }, [pending.length, host]);
  return (
    <NotifyContext value={notify}>
      {children}
      {host && <host.NotificationHost pending={pending} onShown={shown} />}
    </NotifyContext>
  );
}
