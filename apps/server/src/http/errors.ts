import type { Bilingual } from '@vmer/domain';
import { HTTP_MESSAGES, type HttpMessageKey } from './messages.ts';

/** A message: a key of HTTP_MESSAGES, or a text in both languages. */
export type Message = HttpMessageKey | Bilingual;

/** One offending field of a 400 answer. `path` is dotted (`profile.age`, `query.page`). */
export interface FieldError {
  path: string;
  message: Message;
}

/**
 * An error answer. Throw it from a handler or hook; the error handler turns it into the
 * envelope `{ code: status, message, errors? }` in the caller's language.
 *
 * @example throw new HttpError(404, 'not_found')
 * @example throw new HttpError(409, { en: 'Already submitted.', cn_traditional: '已提交。' })
 * @example throw new HttpError(400, 'bad_request', [{ path: 'age', message: 'field_too_small' }])
 */
export class HttpError extends Error {
  readonly status: number;
  readonly messageKey: Message;
  readonly errors: FieldError[] | undefined;
  /** Extra headers of the answer (e.g. WWW-Authenticate on 401). */
  readonly headers: Record<string, string>;

  constructor(status: number, message: Message, errors?: FieldError[], headers: Record<string, string> = {}) {
    super(typeof message === 'string' ? HTTP_MESSAGES[message].en : message.en);
    this.name = 'HttpError';
    this.status = status;
    this.messageKey = message;
    this.errors = errors;
    this.headers = headers;
  }
}

/** The message in the given language. */
export function translate(message: Message, language: keyof Bilingual): string {
  const text = typeof message === 'string' ? HTTP_MESSAGES[message] : message;
  return text[language];
}
