import { z } from 'zod';

/**
 * The answer envelope of every API route: `code` equals the HTTP status; 200 (or 201 for a
 * creation) is success and carries `body`; errors carry a `message` in the caller's language
 * and, for bad input, every offending field in `errors`.
 */
export const fieldErrorSchema = z.object({ path: z.string(), message: z.string() });
export type ApiFieldError = z.infer<typeof fieldErrorSchema>;

export interface Envelope<T = unknown> {
  code: number;
  message?: string;
  body?: T;
  errors?: ApiFieldError[];
}

/** Whether a parsed answer has the envelope's shape (a proxy's error page does not). */
export function isEnvelope(value: unknown): value is Envelope {
  return (
    typeof value === 'object' && value !== null && typeof (value as Envelope).code === 'number'
  );
}

/** A success answer: `return ok(body)` from a handler. */
export function ok<T>(body: T): { code: 200; body: T } {
  return { code: 200, body };
}

/** The schema of a success answer carrying `body`. */
export function okSchema<T extends z.ZodType>(body: T) {
  return z.object({ code: z.literal(200), message: z.string().optional(), body });
}

/** The schema of a creation's answer (201), which also says what was done in `message`. */
export function createdSchema<T extends z.ZodType>(body: T) {
  return z.object({ code: z.literal(201), message: z.string(), body });
}

/** The schema of error answers. */
export const errorSchema = z
  .object({
    code: z.number().int(),
    message: z.string(),
    errors: z.array(fieldErrorSchema).optional(),
  })
  .meta({ id: 'Error' });
