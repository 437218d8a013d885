import { createAction } from '@reduxjs/toolkit';

/*
 * Events any feature may raise for the app-wide feedback (requirements §2, §4); the global-feedback
 * feature shows them. They live here so that features need not import one another.
 */

/** A failure outside the API (e.g. an unfinished sign-in), shown in the error snackbar. */
export const errorReported = createAction<string>('feedback/errorReported');
/** A long operation began: the full-screen spinner shows until it ends. */
export const longOperationStarted = createAction('feedback/longOperationStarted');
export const longOperationEnded = createAction('feedback/longOperationEnded');
