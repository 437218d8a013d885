import { z } from 'zod';

/**
 * The answer envelope of every /api route (design §5): `code` equals the HTTP status,
 * 200 is success and carries `body`; errors carry a `message` in the caller's language and,
 * for bad input, every offending field in `errors`.
 */
export interface Envelope<T> {
  code: number;
  message?: string;
  body?: T;
  errors?: { path: string; message: string }[];
}

/** A success answer: `return ok(body)` from a handler. */
export function ok<T>(body: T): { code: 200; body: T } {
  return { code: 200, body };
}

/** The response schema of a success answer carrying `body`: `response: { 200: okSchema(mySchema) }`. */
export function okSchema<T extends z.ZodType>(body: T) {
  return z.object({ code: z.literal(200), message: z.string().optional(), body });
}

/** The response schema of error answers (for the OpenAPI document). */
export const errorSchema = z
  .object({
    code: z.number().int(),
    message: z.string(),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'Error' });
