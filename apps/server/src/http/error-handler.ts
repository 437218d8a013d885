import type { Envelope } from '@vmer/domain/api';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError, schemaIssueMessage, translate, type FieldError } from './errors.ts';
import { requestLanguage } from './language.ts';

// Connection failures (node-postgres, PGlite closed), Postgres classes 08 (connection),
// 53 (resources), 57P (shutdown), and statements past their time (57014 statement_timeout, or
// no answer at all: a query read timeout): the database is away, not the request wrong.
const DATABASE_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EPIPE',
  'EHOSTUNREACH',
]);
function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  const message = typeof e.message === 'string' ? e.message : '';
  return (
    DATABASE_DOWN_CODES.has(code) ||
    /^(08|53|57P|57014)/.test(code) ||
    /PGlite is closed|Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout/i.test(
      message,
    )
  );
}

interface ValidationIssue {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

function fieldErrorsFromZod(
  error: { validation: ValidationIssue[]; validationContext?: string },
  input: unknown,
): FieldError[] {
  const prefix =
    error.validationContext && error.validationContext !== 'body'
      ? `${error.validationContext.replace('querystring', 'query')}.`
      : '';
  return error.validation.flatMap((issue) => {
    const base = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params.keys)) {
      return issue.params.keys.map((key) => ({
        path: prefix + (base ? `${base}.${String(key)}` : String(key)),
        message: 'field_unknown' as const,
      }));
    }
    const missing = valueAt(input, issue.instancePath) === undefined;
    return [
      {
        path: prefix + base,
        message: missing
          ? 'field_required'
          : schemaIssueMessage({
              code: issue.keyword,
              message: issue.message,
              origin: issue.params.origin,
            }),
      },
    ];
  });
}

function valueAt(input: unknown, pointer: string): unknown {
  let value = input;
  for (const key of pointer.split('/').filter(Boolean)) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

const VALIDATED_PARTS = {
  body: 'body',
  querystring: 'query',
  params: 'params',
  headers: 'headers',
} as const;

/** The HttpError for anything thrown: known errors keep their meaning, the rest is a 500 or 503. */
function toHttpError(error: unknown, request?: FastifyRequest): HttpError {
  if (error instanceof HttpError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const part =
      VALIDATED_PARTS[
        (error as { validationContext?: keyof typeof VALIDATED_PARTS }).validationContext ?? 'body'
      ];
    return new HttpError(400, 'bad_request', fieldErrorsFromZod(error, request?.[part]));
  }
  const fastifyError = error as Partial<FastifyError>;
  if (
    fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
    error instanceof SyntaxError
  ) {
    return new HttpError(400, 'malformed_json', undefined, {}, 'malformed_json');
  }
  if (fastifyError.validation) return new HttpError(400, 'bad_request');
  const status = fastifyError.statusCode;
  if (status && status >= 400 && status < 500) return HttpError.ofStatus(status);
  if (isDatabaseUnavailable(error)) return new HttpError(503, 'service_unavailable');
  return new HttpError(500, 'internal_error');
}

/**
 * One error handler turns everything into the envelope (design §9.5): every field in
 * `errors` for bad input, the message in the caller's language, never a stack trace.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(sendError);
}

/**
 * Answers an error in the envelope. The error handler, and Fastify's `frameworkErrors` for
 * requests it cannot route (a bad percent-escape, an over-long parameter), both use it.
 */
export function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const httpError = toHttpError(error, request);
  if (httpError.status >= 500) request.log.error({ err: error }, 'request failed');
  else if (!(error instanceof HttpError))
    request.log.info({ err: { message: (error as Error).message } }, 'request refused');
  const language = requestLanguage(request);
  const body: Envelope<never> = {
    code: httpError.status,
    error: httpError.code,
    message: translate(httpError.messageKey, language),
    ...(httpError.errors
      ? {
          errors: httpError.errors.map((e) => ({
            path: e.path,
            message: translate(e.message, language),
          })),
        }
      : {}),
  };
  return reply
    .code(httpError.status)
    .headers(httpError.headers)
    .type('application/json; charset=utf-8')
    .send(body);
}

/** The 404 envelope, for routes that do not exist. */
export function notFound(request: FastifyRequest, reply: FastifyReply) {
  return sendError(new HttpError(404, 'not_found'), request, reply);
}
