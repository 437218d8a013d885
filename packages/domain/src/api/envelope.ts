import { z } from 'zod';

/**
 * The answer envelope of every API route: `code` equals the HTTP status; 200 (or 201 for a
 * creation) is success and carries `body`; errors carry a `message` in the caller's language,
 * a stable machine-readable `error` code (requirements N-18) and, for bad input, every
 * offending field in `errors`.
 */
export const fieldErrorSchema = z.object({ path: z.string(), message: z.string() });
export type ApiFieldError = z.infer<typeof fieldErrorSchema>;

/**
 * The machine-readable codes of error answers (requirements N-18). A code, once published,
 * keeps its meaning; new codes may be added (design §13).
 */
const ERROR_CODES = [
  'bad_request',
  'malformed_json',
  'unauthorized',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'conflict',
  'payload_too_large',
  'uri_too_long',
  'unsupported_media_type',
  'unprocessable',
  'rate_limited',
  'internal_error',
  'service_unavailable',
] as const;
const errorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

export interface Envelope<T = unknown> {
  code: number;
  /** On an error answer: what went wrong, for programs; `message` says it for people. */
  error?: ErrorCode;
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
    code: z.number().int().min(400).max(599),
    error: errorCodeSchema,
    message: z.string(),
    errors: z.array(fieldErrorSchema).optional(),
  })
  .meta({ id: 'Error' });
