import { useEffect, useState } from 'react';

/**
 * Runs `run` once the next frame has been painted (a task queued from the next animation
 * frame), or after `latestMs` if given and no frame comes first (a hidden tab paints none).
 * Answers the cancel.
 */
export function afterNextPaint(run: () => void, latestMs?: number): () => void {
  let done = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const once = () => {
    if (done) return;
    done = true;
    cancel();
    run();
  };
  const frame =
    typeof requestAnimationFrame === 'function'
      ? requestAnimationFrame(() => {
          timer = setTimeout(once, 0);
        })
      : undefined;
  const latest = latestMs === undefined ? undefined : setTimeout(once, latestMs);
  function cancel() {
    if (frame !== undefined) cancelAnimationFrame(frame);
    clearTimeout(timer);
    clearTimeout(latest);
  }
  return cancel;
}

/**
 * True once `ready` has held through a painted frame: what the first paint does not need waits
 * for it (requirements F-01). True at once when `ready` holds from the start; false again
 * whenever it does not hold.
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
    return afterNextPaint(() => setPainted(true));
  }, [ready, painted]);
  return ready && painted;
}
