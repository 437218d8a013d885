import { createServer, type IncomingHttpHeaders } from 'node:http';

/** One request the test server received. */
export interface ReceivedRequest {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: string;
}

/** What the test server answers: a status and a JSON value (or raw text), optionally after a wait. */
export interface Answer {
  status?: number;
  json?: unknown;
  text?: string;
  /** Resolves when the answer may be sent, to hold a response while the test looks. */
  release?: Promise<void>;
}

export interface ApiServer {
  origin: string;
  requests: ReceivedRequest[];
  close: () => Promise<void>;
}

/**
 * A real HTTP server standing in for the API in component tests, answering each request with
 * `answer(request)`. jsdom's address is moved to its origin, so the app's same-origin /api/
 * calls reach it.
 */
export async function startApiServer(
  answer: (request: ReceivedRequest) => Answer,
): Promise<ApiServer> {
  const requests: ReceivedRequest[] = [];
  const server = createServer((incoming, outgoing) => {
    let body = '';
    incoming.on('data', (chunk: Buffer) => (body += chunk.toString()));
    incoming.on('end', () => {
      const request: ReceivedRequest = {
        method: incoming.method ?? 'GET',
        url: new URL(incoming.url ?? '/', 'http://127.0.0.1'),
        headers: incoming.headers,
        body,
      };
      requests.push(request);
      const reply = answer(request);
      void (reply.release ?? Promise.resolve()).then(() => {
        outgoing.statusCode = reply.status ?? 200;
        if (reply.text !== undefined) {
          outgoing.setHeader('content-type', 'text/html');
          outgoing.end(reply.text);
        } else {
          outgoing.setHeader('content-type', 'application/json');
          outgoing.end(JSON.stringify(reply.json ?? null));
        }
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  (
    globalThis as unknown as { jsdom: { reconfigure: (options: { url: string }) => void } }
  ).jsdom.reconfigure({
    url: `${origin}/`,
  });
  return {
    origin,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The envelope of a successful answer (design §5). */
export function ok(body: unknown): Answer {
  return { json: { code: 200, body } };
}
