/**
 * Resolves after `ms` and an idle moment of the page (no later than a second after that): for
 * code wanted later, loaded where it takes nothing from the first screen or its first answers.
 */
export function whenSettled(ms: number): { promise: Promise<void>; cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idle: number | undefined;
  const promise = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      if (typeof window.requestIdleCallback === 'function')
        idle = window.requestIdleCallback(() => resolve(), { timeout: 1_000 });
      else resolve();
    }, ms);
  });
  return {
    promise,
    cancel: () => {
      clearTimeout(timer);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    },
  };
}

/**
 * How long after a screen first shows the code it may want later (a date's calendar, the
 * notifications) is loaded, at an idle moment: past the first paint and the first answers,
 * and early enough that an interview which then loses its connection still has it.
 */
export const LOAD_LATER_MS = 5_000;
