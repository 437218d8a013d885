import type { Bilingual } from '@vmer/domain';
import { HTTP_MESSAGES, type HttpMessageKey } from './messages.ts';

/**
 * A message: a key of HTTP_MESSAGES, that key with values for its `{name}` placeholders,
 * or a text in both languages.
 */
export type Message = HttpMessageKey | { key: HttpMessageKey; params: Record<string, string | number> } | Bilingual;

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
 * @example throw new HttpError(400, 'bad_request', [{ path: 'x', message: { key: 'some_key', params: { uuid } } }])
 */
export class HttpError extends Error {
  readonly status: number;
  readonly messageKey: Message;
  readonly errors: FieldError[] | undefined;
  /** Extra headers of the answer (e.g. WWW-Authenticate on 401). */
  readonly headers: Record<string, string>;

  constructor(status: number, message: Message, errors?: FieldError[], headers: Record<string, string> = {}) {
    super(translate(message, 'en'));
    this.name = 'HttpError';
    this.status = status;
    this.messageKey = message;
    this.errors = errors;
    this.headers = headers;
  }
}

/** The message in the given language, placeholders filled in. */
export function translate(message: Message, language: keyof Bilingual): string {
  if (typeof message === 'string') return HTTP_MESSAGES[message][language];
  if ('key' in message) return fillPlaceholders(HTTP_MESSAGES[message.key][language], message.params);
  return message[language];
}

/** Replaces each `{name}` of the text by its value; unknown names stay as written. */
export function fillPlaceholders(text: string, params: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
