import { API_PREFIX, type Endpoint } from '@vmer/domain/api/endpoints';
import { http, HttpResponse, type HttpHandler, type HttpResponseResolver } from 'msw';
import { setupServer } from 'msw/node';

/**
 * Last in line: a call that no handler answered fails as if no server were there, and says
 * so. (Handlers that record or answer only some calls let the rest fall through, and msw
 * would send those on to the real network.)
 */
const nothingAnswers = http.all('*', ({ request }) => {
  console.error(`mock API: no handler answers ${request.method} ${request.url}`);
  return HttpResponse.error();
});

/**
 * The API of the component tests: a mock service worker (msw) intercepting the app's own fetch
 * calls, so each test runs the real client (api-client.ts, RTK Query, the session) and only the
 * network answers are made up. `src/test/setup.ts` starts it once per file and removes the
 * handlers a test added after it.
 */
export const mockServer = setupServer(nothingAnswers);

/** One request the app sent, as a test inspects it (header names in lower case). */
export interface ReceivedRequest {
  method: string;
  url: URL;
  headers: Record<string, string | undefined>;
  body: string;
}

/** What a stand-in answers: a status and a JSON value (or raw text), optionally after a wait. */
export interface Answer {
  status?: number;
  json?: unknown;
  text?: string;
  /** Resolves when the answer may be sent, to hold a response while the test looks. */
  release?: Promise<void>;
}

/** The envelope of a successful answer (design §5). */
export function ok(body: unknown): Answer {
  return { json: { code: 200, body } };
}

/** The HTTP response of an answer, sent once its `release` (if any) resolves. */
async function reply(answer: Answer): Promise<Response> {
  await answer.release;
  const init = { status: answer.status ?? 200 };
  return answer.text !== undefined
    ? new HttpResponse(answer.text, { ...init, headers: { 'content-type': 'text/html' } })
    : HttpResponse.json(answer.json ?? null, init);
}

async function received(request: Request): Promise<ReceivedRequest> {
  return {
    method: request.method,
    url: new URL(request.url),
    headers: Object.fromEntries(request.headers),
    body: await request.clone().text(),
  };
}

/**
 * A handler for one endpoint of the HTTP contract: its method and path (path parameters, such
 * as `:uuid`, arrive in `params`), so a test names the endpoint instead of spelling its path.
 */
export function onEndpoint(endpoint: Endpoint, resolver: HttpResponseResolver): HttpHandler {
  const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  return http[method](`${API_PREFIX}${endpoint.path}`, resolver);
}

/** The envelope of a successful answer as an HTTP response, for handlers. */
export const envelope = (body: unknown) => HttpResponse.json({ code: 200, body });

/**
 * A handler for every /api/ call answered by `answer`; when it returns undefined the call goes
 * on to the next handler (the shared ones, or an earlier `answering`).
 */
export function answering(answer: (request: ReceivedRequest) => Answer | undefined): HttpHandler {
  return http.all(`${API_PREFIX}/*`, async ({ request }) => {
    const given = answer(await received(request));
    return given ? reply(given) : undefined;
  });
}

/** The answer of a network that is down: no response at all, so fetch rejects. */
export const unreachable = (): HttpHandler => http.all('*', () => HttpResponse.error());

export interface MockApi {
  /** Every request the app has sent since `mockApi` was called, in order. */
  requests: ReceivedRequest[];
  /** Adds handlers in front of the current ones, for the rest of the test. */
  use: (...handlers: HttpHandler[]) => void;
  /** From now on no call gets an answer (the network is down). */
  disconnect: () => void;
}

/**
 * Puts `handlers` in front of the current ones and starts recording the requests the app
 * sends, through msw's life-cycle events.
 */
export function mockApi(...handlers: HttpHandler[]): MockApi {
  const requests: ReceivedRequest[] = [];
  const reading = new Map<string, Promise<void>>();
  mockServer.events.on('request:start', ({ request, requestId }) => {
    // Recorded in the order the calls go out; the body is read from a copy, so the handler
    // that answers can still read the original.
    const entry: ReceivedRequest = {
      method: request.method,
      url: new URL(request.url),
      headers: Object.fromEntries(request.headers),
      body: '',
    };
    requests.push(entry);
    reading.set(
      requestId,
      request
        .clone()
        .text()
        .then((body) => void (entry.body = body)),
    );
  });
  // Answers only once the request's body is recorded, so a test that has seen the answer
  // always finds the body; it answers nothing itself and lets the next handler answer.
  const recorded = http.all('*', async ({ requestId }) => {
    await reading.get(requestId);
    reading.delete(requestId);
    return undefined;
  });
  const prepend = (...more: HttpHandler[]) => mockServer.use(recorded, ...more);
  prepend(...handlers);
  return { requests, use: prepend, disconnect: () => prepend(unreachable()) };
}

/** A mock API answering every /api/ call with `answer`, its requests recorded. */
export const answerEveryCall = (answer: (request: ReceivedRequest) => Answer | undefined) =>
  mockApi(answering(answer));

/** The query of each call sent to a path ending in `pathEnd`, without the cache-buster. */
export const queriesTo = (api: MockApi, pathEnd: string) =>
  api.requests
    .filter((r) => r.url.pathname.endsWith(pathEnd))
    .map((r) => {
      const query = new URLSearchParams(r.url.search);
      query.delete('datatimestamp');
      return Object.fromEntries(query);
    });
