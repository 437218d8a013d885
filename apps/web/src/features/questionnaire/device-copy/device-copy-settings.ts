/** I-15: how long a device copy is kept unless the server says otherwise (DEVICE_COPY_MAX_AGE_HOURS). */
const DEVICE_COPY_MAX_AGE_HOURS_DEFAULT = 72;

let maxAgeHours = DEVICE_COPY_MAX_AGE_HOURS_DEFAULT;

/** The server's setting, as GET /api/auth/config gives it (the app wires it, I-15). */
export function deviceCopyMaxAgeSet(hours: number): void {
  if (Number.isInteger(hours) && hours > 0) maxAgeHours = hours;
}

/** How old a device copy may be before it is removed, in milliseconds. */
export function deviceCopyMaxAgeMs(): number {
  return maxAgeHours * 3_600_000;
}

/** I-11: a background save waits this long after the last change. */
export const BACKGROUND_SAVE_DELAY_MS = 2_500;
/** I-12: retries after a failure in transit wait 2 s, 4 s, 8 s… up to this. */
export const RETRY_MAX_MS = 30_000;
/**
 * I-10: a change's device copy is written just after the frame that paints it, at the latest
 * this long after where no frame comes (a hidden tab), and at once when the page is hidden or left.
 */
export const DEVICE_COPY_IDLE_MS = 500;
