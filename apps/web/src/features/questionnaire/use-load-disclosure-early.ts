import { useState } from 'react';
import { matchPath } from 'react-router';
import { useAppDispatch } from '../../app/hooks.ts';
import { paths } from '../../config/paths.ts';
import { appPathname } from '../../lib/base-path.ts';
import { openDisclosure } from './api/opening.ts';

/** The disclosure asked for as the app opened at its address, until its screen has shown it. */
let openedEarly: string | undefined;
/** The same, until it has painted: what else the frame asks for waits for it (F-01). */
let firstPaint: string | undefined;

/**
 * Opening the app at /questionnaire/{requestId}: one call brings the disclosure, user info,
 * the insurer list and what the screen reads of the disclosure's catalogue version
 * (requirements F-01; architecture.md, "Opening a disclosure"). Called before the frame's own
 * queries, which then take their parts of it. Only on the app's first screen: moving to a
 * disclosure within the app mounts its screen at once.
 */
export function useLoadDisclosureEarly(): void {
  const dispatch = useAppDispatch();
  // Started as the frame first renders, before its queries subscribe (in layout effects): the
  // call changes no state until it is under way, so starting it here is safe.
  useState(() => {
    const requestId = matchPath(paths.questionnaire, appPathname())?.params.requestId;
    if (!requestId || openedEarly === requestId) return;
    openedEarly = requestId;
    firstPaint = requestId;
    dispatch(openDisclosure(requestId));
  });
}

/** Whether the screen's disclosure is the one asked for as the app opened, not yet shown. */
export const isOpenedEarly = (requestId: string | undefined): boolean =>
  requestId !== undefined && requestId === openedEarly;

/** The screen has shown the early disclosure: the next time it is opened, it is asked afresh. */
export function openedEarlyShown(): void {
  openedEarly = undefined;
}

/**
 * Whether the app opened at this disclosure and it has not painted yet: calls the first paint
 * does not need (the header's badge) wait until it has (F-01).
 */
export const awaitsFirstPaint = (requestId: string | undefined): boolean =>
  requestId !== undefined && requestId === firstPaint;

/** The disclosure the app opened at has painted. */
export function firstPaintDone(): void {
  firstPaint = undefined;
}
