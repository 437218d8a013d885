import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';

/**
 * How requests are identified and logged (requirements N-13, N-14; design §13): the id a
 * caller or a proxy gave, or a new UUID, returned in `X-Request-Id`; one line per request once
 * it is answered, naming the signed-in subject and insurers; never personal data.
 */

/** Where log lines go instead of stdout (tests read them). */
export interface LogStream {
  write(line: string): void;
}

/** An incoming `X-Request-Id` is kept when it is this short and made of these characters. */
const REQUEST_ID = /^[\w.:-]{1,128}$/;
/** W3C Trace Context `traceparent`: version, trace id, parent id, flags (version ff is invalid). */
const TRACEPARENT = /^(?!ff)([\da-f]{2})-([\da-f]{32})-([\da-f]{16})-[\da-f]{2}(-.*)?$/;

function header(raw: IncomingMessage, name: string): string | undefined {
  const value = raw.headers[name];
  return typeof value === 'string' ? value.trim() : undefined;
}

/**
 * The request's id: a well-formed `X-Request-Id` (bounded length, safe characters), else the
 * trace id of a valid `traceparent`, else a random UUID. Anything else the caller sent is
 * ignored, so a log line never carries a header's arbitrary text.
 */
function requestId(raw: IncomingMessage): string {
  const given = header(raw, 'x-request-id');
  if (given !== undefined && REQUEST_ID.test(given)) return given;
  const match = TRACEPARENT.exec(header(raw, 'traceparent') ?? '');
  if (match) {
    const [, version, traceId, parentId, rest] = match;
    const valid = !/^0+$/.test(traceId!) && !/^0+$/.test(parentId!) && !(version === '00' && rest);
    if (valid) return traceId!;
  }
  return randomUUID();
}

/**
 * Query parameters whose values are logged as sent: filters, paging and sorting, which say
 * nothing about a person. Every other value (the `q` search, codes, states, hints, cursors) is
 * logged as `[Redacted]`.
 */
const LOGGED_QUERY_PARAMS = new Set([
  'view',
  'status',
  'insurer',
  'channel',
  'product',
  'needsReview',
  'sort',
  'order',
  'limit',
  'from',
  'to',
  'createdFrom',
  'createdTo',
  'submittedFrom',
  'submittedTo',
  'version',
  'days',
  'role',
  'active',
  'page',
]);

/** The URL as logged: the path, and the query with the value of every parameter not listed above redacted. */
function loggedUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals < 0) return pair;
      const name = pair.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // A malformed name is not one of the listed names.
      }
      return LOGGED_QUERY_PARAMS.has(decoded) ? pair : `${name}=[Redacted]`;
    });
  return `${url.slice(0, mark)}?${query.join('&')}`;
}

/**
 * Log fields never written, at the top level or one level down: credentials, and personal
 * data (application numbers, names, e-mail, birth dates, answers and documents, search text).
 */
const SECRET_FIELDS = [
  'authorization',
  'cookie',
  'password',
  'access_token',
  'refresh_token',
  'id_token',
  'token',
  'applicationNumber',
  'application_number',
  'disclosureJson',
  'disclosure_json',
  'answers',
  'profile',
  'birthDate',
  'email',
  'displayName',
  'display_name',
  'userName',
  'user_name',
  'q',
  'body',
];

/** An error as logged: its kind, code and message and where it was thrown, no attached data. */
function errorSerializer(error: unknown): unknown {
  if (typeof error !== 'object' || error === null) return error;
  const e = error as { name?: unknown; code?: unknown; message?: unknown; stack?: unknown };
  // A database error's detail, query and parameters (PGlite attaches them) hold the values
  // of the statement; a JSON parse error's message quotes the body. Neither is logged.
  const message = typeof e.message === 'string' ? quotedRedacted(e.message) : undefined;
  const stack =
    typeof e.stack === 'string' && typeof e.message === 'string' && e.message !== ''
      ? e.stack.split(e.message).join(message)
      : e.stack;
  return {
    ...(error instanceof Error ? { type: error.constructor.name } : {}),
    ...(typeof e.code === 'string' || typeof e.code === 'number' ? { code: e.code } : {}),
    message,
    ...(typeof stack === 'string' ? { stack } : {}),
  };
}

/**
 * A message with its quoted text cut, from the first double quote to the last: V8 quotes the
 * text of a bad JSON body (quotes within quotes) and PostgreSQL the value it could not take
 * (`invalid input syntax for type integer: "…"`).
 */
function quotedRedacted(message: string): string {
  return message.replace(/"[\s\S]*"/, '"[Redacted]"');
}

/** The shape Fastify's types expect of the `err` serializer (pino's own). */
interface PinoErrorShape {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

function loggerOptions(level: string, stream?: LogStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        ...SECRET_FIELDS,
        ...SECRET_FIELDS.map((field) => `*.${field}`),
      ],
      censor: '[Redacted]',
    },
    serializers: {
      // The URL as it arrived: the sign-in provider's mount rewrites `url` below /oidc.
      req: (request: { method: string; url: string; originalUrl?: string; ip?: string }) => ({
        method: request.method,
        url: loggedUrl(request.originalUrl ?? request.url),
        remoteAddress: request.ip,
      }),
      // Fastify types this serializer as pino's own; ours also takes the plain objects logged under `err`.
      err: errorSerializer as (error: Error) => PinoErrorShape,
    },
  };
}

/**
 * One line per request, written when it is answered: method, URL (see {@link loggedUrl}),
 * status and time, with the caller's subject and insurers once the request is authenticated.
 * The line Fastify writes on arrival, before authentication, is at `debug`.
 */
class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  /** Fastify's own 404 line would write the URL as it came, query values and all. */
  override routeNotFound(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.info({ req: request }, 'route not found');
  }

  /** Fastify's own error line would take the error's message, unredacted, as the line's text. */
  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const fields = { req: request, res: reply, err: error };
    if (reply.statusCode >= 500) reply.log.error(fields, 'request failed');
    else reply.log.info(fields, 'request refused');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const fields = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else reply.log.info(fields, 'request completed');
  }
}

/** The Fastify options that identify and log requests. */
export function requestLogging(level: string, stream?: LogStream) {
  return {
    logger: loggerOptions(level, stream),
    genReqId: requestId,
    logController: new RequestLogController(),
    childLoggerFactory: requestChildLogger,
  } satisfies FastifyServerOptions;
}

/** Returns the request's id in `X-Request-Id` on every answer, whoever writes it (API, pages, sign-in). */
export function echoRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.raw.setHeader('x-request-id', request.id);
  });
}

/** A request's logger as Fastify types it; at run time Fastify's pino logger. */
type RequestLogger = FastifyRequest['log'];
/** What pino's logger answers beyond Fastify's type: whether a level writes. */
interface PinoLevels {
  isLevelEnabled(level: string): boolean;
}
/** The levels a line is written at. */
type LineLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * A logger that writes as `parent.child(bindings)` would, making that child only when it first
 * writes a line: at a level that writes none of the request's lines (`silent`, or `info` on
 * a request that logs only at debug) no child is made, which is work pino does (bindings
 * serialised and redacted) at every request otherwise. A class, so that a request makes one
 * object rather than a closure per level.
 */
class ChildOnFirstLine {
  readonly #parent: RequestLogger & PinoLevels;
  readonly #bindings: Record<string, unknown>;
  #child: (RequestLogger & PinoLevels) | undefined;

  constructor(parent: RequestLogger, bindings: Record<string, unknown>) {
    this.#parent = parent as RequestLogger & PinoLevels;
    this.#bindings = bindings;
  }

  #made(): RequestLogger & PinoLevels {
    return (this.#child ??= this.#parent.child(this.#bindings) as RequestLogger & PinoLevels);
  }

  #write(level: LineLevel, args: unknown[]): void {
    if (this.#child !== undefined || this.#parent.isLevelEnabled(level))
      (this.#made()[level] as (...line: unknown[]) => void)(...args);
  }

  isLevelEnabled(level: string): boolean {
    return (this.#child ?? this.#parent).isLevelEnabled(level);
  }

  get level(): string {
    return (this.#child ?? this.#parent).level;
  }

  set level(level: string) {
    this.#made().level = level;
  }

  child(...args: Parameters<RequestLogger['child']>): RequestLogger {
    return this.#made().child(...args);
  }

  silent(): void {}
  fatal(...args: unknown[]): void {
    this.#write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.#write('error', args);
  }
  warn(...args: unknown[]): void {
    this.#write('warn', args);
  }
  info(...args: unknown[]): void {
    this.#write('info', args);
  }
  debug(...args: unknown[]): void {
    this.#write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.#write('trace', args);
  }
}

function childOnFirstLine(parent: RequestLogger, bindings: Record<string, unknown>): RequestLogger {
  return new ChildOnFirstLine(parent, bindings) as unknown as RequestLogger;
}

/**
 * Fastify's child logger of each request (its bindings: the request id), made on its first
 * line as {@link childOnFirstLine}; a route giving its own level or serialisers gets it at once.
 */
const requestChildLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) =>
  options.level !== undefined || options.serializers !== undefined
    ? logger.child(bindings, options)
    : childOnFirstLine(logger, bindings);

/**
 * From authentication on, every line of the request names who made it: the subject and
 * insurers of a person, or the id and insurers of a calling system, never a name or e-mail.
 * Registered after the authentication hook.
 */
export function bindCallerToLog(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    let binding: Record<string, unknown> | undefined;
    // `caller`, not `user`: some lines name the user they act on under `user`.
    if (request.user)
      binding = { caller: { sub: request.user.subject, insurers: request.user.insurers } };
    else if (request.client)
      binding = {
        caller: { client: request.client.clientId, insurers: request.client.insurers },
      };
    if (!binding) return;
    const log = childOnFirstLine(request.log, binding);
    request.log = log;
    reply.log = log;
  });
}
