import { useEffect, useState } from 'react';

/**
 * True once `ready` has held through a painted frame (a task queued from the next animation
 * frame): what the first paint does not need waits for it (requirements F-01). True at once
 * when `ready` holds from the start; false again whenever it does not hold.
 */
export function useAfterPaint(ready: boolean): boolean {
  const [painted, setPainted] = useState(ready);
  const [held, setHeld] = useState(ready);
  if (held !== ready) {
    setHeld(ready);
    if (!ready) setPainted(false);
  }
  useEffect(() => {
    if (!ready || painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready, painted]);
  return ready && painted;
}
