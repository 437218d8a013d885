import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One request the receiver got, as it came. */
export interface Received {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  /** Whether the signature verified with the endpoint's secret (the library's check). */
  verified: boolean;
  /** The parsed payload, when it verified. */
  payload?: { type: string; timestamp: string; data: Record<string, unknown> };
}

/** What the receiver answers a request with: a status, or holding it open until released. */
type Answer = number | 'hold';

/**
 * A caller system's webhook receiver: a real HTTP server on a free port that verifies each
 * request's signature with the Standard Webhooks library and applies each event's effect once
 * per webhook-id (the dedupe receivers are asked to do), whatever the retries.
 */
export async function startReceiver() {
  const secrets: string[] = [];
  let answer: (request: Received, seen: number) => Answer = () => 200;
  const requests: Received[] = [];
  /** The effects applied, in order: one per webhook-id. */
  const effects: Received[] = [];
  const held: ServerResponse[] = [];
  let holding: (() => void) | undefined;

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = {
        'webhook-id': String(request.headers['webhook-id'] ?? ''),
        'webhook-timestamp': String(request.headers['webhook-timestamp'] ?? ''),
        'webhook-signature': String(request.headers['webhook-signature'] ?? ''),
      };
      const received: Received = {
        id: headers['webhook-id'],
        timestamp: headers['webhook-timestamp'],
        signature: headers['webhook-signature'],
        body,
        verified: false,
      };
      for (const secret of secrets) {
        try {
          received.payload = new Webhook(secret).verify(body, headers) as Received['payload'];
          received.verified = true;
          break;
        } catch {
          received.verified = false;
        }
      }
      requests.push(received);
      // The effect is applied on receipt, before answering: a retry of it changes nothing.
      if (received.verified && !effects.some((effect) => effect.id === received.id)) {
        effects.push(received);
      }
      const seen = requests.filter((r) => r.id === received.id).length;
      const status = received.verified ? answer(received, seen) : 401;
      if (status === 'hold') {
        held.push(response);
        holding?.();
        return;
      }
      response.writeHead(status, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/hooks`,
    requests,
    effects,
    /** A secret requests may be signed with (one an endpoint's creation answered). */
    useSecret(value: string) {
      secrets.push(value);
    },
    /** How the receiver answers from now on; `seen` counts the requests with this webhook-id. */
    answerWith(next: (request: Received, seen: number) => Answer) {
      answer = next;
    },
    /** Resolves once a request is held open. */
    nextHeld(): Promise<void> {
      return new Promise((resolve) => {
        holding = () => {
          holding = undefined;
          resolve();
        };
      });
    },
    /** The effects of one disclosure's events, in the order they were applied. */
    effectsOf(disclosureId: string): string[] {
      return effects
        .filter((effect) => effect.payload?.data.disclosureId === disclosureId)
        .map((effect) => effect.payload!.type);
    },
    async close() {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** Waits until `check` holds (the test's own timeout bounds the wait; nothing is timed). */
export async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 25));
}
