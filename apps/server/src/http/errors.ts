import { isMessageKey, MESSAGES, textIn, type Bilingual, type Language } from '@vmer/domain';
import type { ErrorCode } from '@vmer/domain/api';
// Registers the Simplified Chinese converter: every message reads in Simplified Chinese too.
import '@vmer/domain/simplified';
import { HTTP_MESSAGES, type HttpMessageKey } from './messages.ts';

/** A value for a `{name}` placeholder: the same in both languages, or one per language. */
type PlaceholderValue = string | number | Bilingual;

/**
 * A message: a key of HTTP_MESSAGES, that key with values for its `{name}` placeholders,
 * or a text in both languages.
 */
export type Message =
  HttpMessageKey | { key: HttpMessageKey; params: Record<string, PlaceholderValue> } | Bilingual;

/** One offending field of a 400 answer. `path` is dotted (`profile.age`, `query.page`). */
export interface FieldError {
  path: string;
  message: Message;
}

/**
 * Each error status's machine-readable code (requirements N-18) and the message it shows when
 * the thrower names neither.
 */
const BY_STATUS: Record<number, { code: ErrorCode; message: HttpMessageKey }> = {
  400: { code: 'bad_request', message: 'bad_request' },
  401: { code: 'unauthorized', message: 'unauthorized' },
  403: { code: 'forbidden', message: 'forbidden' },
  404: { code: 'not_found', message: 'not_found' },
  405: { code: 'method_not_allowed', message: 'method_not_allowed' },
  409: { code: 'conflict', message: 'conflict' },
  413: { code: 'payload_too_large', message: 'payload_too_large' },
  414: { code: 'uri_too_long', message: 'uri_too_long' },
  415: { code: 'unsupported_media_type', message: 'unsupported_media_type' },
  422: { code: 'unprocessable', message: 'bad_request' },
  429: { code: 'rate_limited', message: 'too_many_requests' },
  503: { code: 'service_unavailable', message: 'service_unavailable' },
};

/** The code of an error status: its own, or the general one of its class. */
function errorCodeOf(status: number): ErrorCode {
  return BY_STATUS[status]?.code ?? (status >= 500 ? 'internal_error' : 'bad_request');
}

/**
 * An error answer. Throw it from a handler or hook; the error handler turns it into the
 * envelope `{ code: status, error, message, errors? }` in the caller's language. `error` is
 * the status's code unless `code` names a more specific one.
 *
 * @example throw new HttpError(404, 'not_found')
 * @example throw new HttpError(409, { en: 'Already submitted.', cn_traditional: '已提交。' })
 * @example throw new HttpError(400, 'bad_request', [{ path: 'age', message: 'field_too_small' }])
 * @example throw new HttpError(400, 'bad_request', [{ path: 'x', message: { key: 'some_key', params: { uuid } } }])
 * @example throw new HttpError(400, 'malformed_json', undefined, {}, 'malformed_json')
 */
export class HttpError extends Error {
  readonly status: number;
  readonly messageKey: Message;
  readonly errors: FieldError[] | undefined;
  /** Extra headers of the answer (e.g. WWW-Authenticate on 401). */
  readonly headers: Record<string, string>;
  /** The machine-readable `error` of the envelope. */
  readonly code: ErrorCode;

  constructor(
    status: number,
    message: Message,
    errors?: FieldError[],
    headers: Record<string, string> = {},
    code: ErrorCode = errorCodeOf(status),
  ) {
    super(translate(message, 'en'));
    this.name = 'HttpError';
    this.status = status;
    this.code = code;
    this.messageKey = message;
    this.errors = errors;
    this.headers = headers;
  }

  /** The error of a status alone (a framework's 4xx): its own message and code. */
  static ofStatus(status: number): HttpError {
    return new HttpError(status, BY_STATUS[status]?.message ?? 'bad_request');
  }
}

/** The message in the given language, placeholders filled in. */
export function translate(message: Message, language: Language): string {
  if (typeof message === 'string') return textIn(HTTP_MESSAGES[message], language);
  if ('key' in message)
    return fillPlaceholders(textIn(HTTP_MESSAGES[message.key], language), message.params, language);
  return textIn(message, language);
}

/** Replaces each `{name}` of the text by its value in the language; unknown names stay as written. */
function fillPlaceholders(
  text: string,
  params: Record<string, PlaceholderValue>,
  language: Language,
): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === 'object' ? textIn(value, language) : String(value);
  });
}

/** What a zod issue says, as zod reports it or as fastify-type-provider-zod passes it on. */
export interface SchemaIssue {
  code: string;
  message?: string | undefined;
  /** What was too long or too short: 'string', 'array', 'number'… */
  origin?: unknown;
}

/**
 * The message for a field a schema refused. A schema's own message that is a message key
 * (a refinement's, a pattern's: `redirection_invalid`, `application_number_helper`) says
 * what is wrong in the field's own words; otherwise the kind of issue gives a general one.
 */
export function schemaIssueMessage(issue: SchemaIssue): Message {
  const own = issue.message ?? '';
  if (Object.hasOwn(HTTP_MESSAGES, own)) return own as HttpMessageKey;
  if (isMessageKey(own)) return MESSAGES[own];
  const list = issue.origin === 'string' || issue.origin === 'array';
  switch (issue.code) {
    case 'invalid_type':
      return 'field_type';
    case 'too_big':
      return list ? 'field_too_long' : 'field_too_big';
    case 'too_small':
      return list ? 'field_too_short' : 'field_too_small';
    case 'invalid_value':
    case 'invalid_union':
      return 'field_not_allowed';
    case 'invalid_format':
      return 'field_format';
    default:
      return 'field_invalid';
  }
}
