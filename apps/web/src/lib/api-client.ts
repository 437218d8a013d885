import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { API_PREFIX, routePath, type Endpoint, type PathParams } from '@vmer/domain/api/endpoints';
import { isEnvelope, type ApiFieldError } from '@vmer/domain/api/envelope';
import { appUrl } from './base-path.ts';
import { takeAnswer } from './early-answers.ts';
import { readInstance, storeInstance } from './instance-cookie.ts';
import { storedAccessToken } from './oidc-session.ts';

/** One call to the API, its path relative to the API prefix on this origin (requirements §7). */
export interface ApiRequest {
  url: string;
  method?: Endpoint['method'];
  body?: unknown;
  params?: Record<string, string | number | boolean | undefined>;
  /** A bearer token to use instead of the stored login token. */
  token?: string;
  /**
   * Statuses the caller explains on its own screen (a save's 409): the global snackbar stays
   * quiet for them, so that the user reads one message, not two.
   */
  shownByCaller?: readonly number[];
  /**
   * The caller reports every failure itself, transport included (a background save, I-12): the
   * global banner and snackbar stay quiet for it.
   */
  quiet?: true;
  /** Extra headers of this call (an Idempotency-Key, design §4). */
  headers?: Readonly<Record<string, string>>;
}

/**
 * Why a call failed: no answer at all (network down, aborted, timed out), or an answer that is
 * not a success — an HTTP status outside 200-299 or an envelope code other than 200 (requirements §8).
 * `message` is the server's, already in the caller's language; null when the answer had none.
 */
export type ApiError =
  | { kind: 'transport'; message: string; shownByCaller?: true }
  | {
      kind: 'response';
      status: number;
      code: number | null;
      message: string | null;
      errors: ApiFieldError[];
      /** The caller shows this failure itself (see {@link ApiRequest.shownByCaller}). */
      shownByCaller?: true;
    };

const REQUEST_TIMEOUT_MS = 60_000;
let lastTimestamp = 0;

/** The cache-buster of requirements §7: the current time, strictly increasing between calls. */
function dataTimestamp(): number {
  lastTimestamp = Math.max(Date.now(), lastTimestamp + 1);
  return lastTimestamp;
}

function apiUrl(request: Pick<ApiRequest, 'url' | 'params'>): string {
  const url = appUrl(`${API_PREFIX}/${request.url.replace(/^\/+/, '')}`);
  for (const [name, value] of Object.entries(request.params ?? {})) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  url.searchParams.set('datatimestamp', String(dataTimestamp()));
  return url.href;
}

/** The headers every call carries (requirements §7). */
function apiHeaders(token?: string, extra?: ApiRequest['headers']): Headers {
  const headers = new Headers({
    'Content-Type': 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
  });
  const bearer = token ?? storedAccessToken();
  if (bearer) headers.set('Authorization', `Bearer ${bearer}`);
  const instance = readInstance();
  if (instance) headers.set('Instance', instance);
  for (const [name, value] of Object.entries(extra ?? {})) headers.set(name, value);
  return headers;
}

/**
 * The single baseQuery every endpoint goes through: builds the URL and headers of requirements §7 and
 * unwraps the envelope — code 200 (or 201 with a 201 status) gives the body, anything else an
 * {@link ApiError}.
 */
export const envelopeBaseQuery: BaseQueryFn<ApiRequest, unknown, ApiError> = async (
  request,
  { signal },
) => {
  const method = request.method ?? 'GET';
  // Fastify refuses a JSON content type with an empty body, so a body-less write sends {}.
  const body = method === 'GET' ? undefined : JSON.stringify(request.body ?? {});
  let response: Response;
  try {
    response = await fetch(apiUrl(request), {
      method,
      headers: apiHeaders(request.token, request.headers),
      body,
      signal: AbortSignal.any([signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]),
    });
  } catch (error) {
    return {
      error: {
        kind: 'transport',
        message: error instanceof Error ? error.message : String(error),
        ...(request.quiet ? { shownByCaller: true as const } : {}),
      },
    };
  }
  return envelopeAnswer(response, request);
};

/**
 * What an answer of the API says: code 200 (or 201 with a 201 status) gives the body,
 * anything else an {@link ApiError} (requirements §8).
 */
export async function envelopeAnswer(
  response: Response,
  request: Pick<ApiRequest, 'quiet' | 'shownByCaller'>,
): Promise<{ data: unknown } | { error: ApiError }> {
  let payload: unknown = null;
  try {
    payload = await response.json();
  } catch {
    // Not JSON (a proxy's error page, an empty answer): judged by its status alone below.
  }
  const envelope = isEnvelope(payload) ? payload : null;
  // Success is a 2xx answer whose envelope code agrees with it (200, or 201 for a creation).
  if (response.ok && envelope?.code === response.status) {
    const body = envelope.body ?? null;
    // An answer that names the questionnaire instance (the disease list) renews the cookie (requirements §7).
    const instance = (body as { instance?: unknown } | null)?.instance;
    if (typeof instance === 'string' && instance !== '') storeInstance(instance);
    return { data: body };
  }
  return {
    error: {
      kind: 'response',
      status: response.status,
      code: envelope?.code ?? null,
      message: envelope?.message ?? null,
      errors: envelope?.errors ?? [],
      ...(request.quiet || request.shownByCaller?.includes(response.status)
        ? { shownByCaller: true as const }
        : {}),
    },
  };
}

/**
 * A query answered by a call that answers several at once when one is on its way
 * (lib/early-answers.ts), else by its own call.
 */
export function earlyOr<T>(key: string, request: ApiRequest) {
  return async (
    _arg: unknown,
    { getState }: { getState: () => unknown },
    _extra: unknown,
    fetch: (
      request: ApiRequest,
    ) => PromiseLike<{ data?: unknown; error?: unknown }> | { data?: unknown; error?: unknown },
  ): Promise<{ data: T } | { error: ApiError }> => {
    const early = await takeAnswer<T>(getState, key);
    if (early && 'data' in early) return early;
    if (early && 'error' in early) return { error: early.error as ApiError };
    const answer = await fetch(request);
    return answer.error !== undefined
      ? { error: answer.error as ApiError }
      : { data: answer.data as T };
  };
}

/** The app's one API slice; each feature injects its own endpoints. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: envelopeBaseQuery,
  endpoints: () => ({}),
});

/** Generic request builders for the four methods the API uses (requirements §7). */
export function apiGet(url: string, params?: ApiRequest['params']): ApiRequest {
  return { url, method: 'GET', params };
}
export function apiPost(url: string, body?: unknown): ApiRequest {
  return { url, method: 'POST', body };
}
export function apiPut(url: string, body?: unknown): ApiRequest {
  return { url, method: 'PUT', body };
}
export function apiDelete(url: string, params?: ApiRequest['params']): ApiRequest {
  return { url, method: 'DELETE', params };
}

/**
 * The request of an endpoint of the HTTP contract (`@vmer/domain/api`): its method and path,
 * with the path's parameters filled in, the query and the body:
 * `apiCall(endpoints.disclosureView, { params: { requestId } })`.
 */
export function apiCall<E extends Endpoint>(
  endpoint: E,
  request: { params?: PathParams<E>; query?: ApiRequest['params']; body?: unknown } = {},
): ApiRequest {
  const fill = routePath as (endpoint: Endpoint, params?: Record<string, string>) => string;
  return {
    url: fill(endpoint, request.params),
    method: endpoint.method,
    ...(request.body === undefined ? {} : { body: request.body }),
    ...(request.query === undefined ? {} : { params: request.query }),
  };
}
