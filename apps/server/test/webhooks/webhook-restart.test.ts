import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { DisclosureSaved } from '@vmer/domain/lifecycle';
import type { WebhookDelivery, WebhookEndpoint } from '@vmer/domain/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  completeDocument,
  DISCLOSURE_API,
  disclosureFields,
  PHKL,
  sampleCatalog,
} from '../disclosures/fixtures.ts';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import {
  api,
  buildTestApp,
  createPostgresDatabase,
  DATABASES,
  freePort,
  questionnaireVersion,
  tokenFor,
  type TestApp,
} from '../helpers.ts';
import type { ScratchDatabase } from '../scratch-database.ts';
import { startReceiver, until, type Receiver } from './receiver.ts';

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));

/** The server as `npm start` runs it, in a process of its own. */
function startServer(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, ['src/main.ts'], {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

async function ready(baseUrl: string, server: { output: () => string }): Promise<void> {
  for (let i = 0; i < 480; i += 1) {
    const up = await fetch(`${baseUrl}/api/ready`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not start:\n${server.output()}`);
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('close', () => resolve());
    child.kill('SIGKILL');
  });
}

describe.runIf(DATABASES.includes('postgres'))('a server killed mid-delivery on postgres', () => {
  let database: ScratchDatabase;
  let receiver: Receiver;
  let baseUrl: string;
  let env: Record<string, string>;
  const servers: ChildProcess[] = [];

  beforeAll(async () => {
    [database, receiver] = await Promise.all([createPostgresDatabase(), startReceiver()]);
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    env = {
      DATABASE_URL: database.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      WEBHOOK_POLL_MS: '50',
      WEBHOOK_BACKOFF_BASE_MS: '50',
      WEBHOOK_TIMEOUT_MS: '1000',
    };
  });
  afterAll(async () => {
    for (const child of servers) await killed(child);
    await receiver?.close();
    await database?.drop();
  });

  it(
    'N-04 the receiver ends with each event applied exactly once after a SIGKILL while it held a delivery open',
    { timeout: 180_000 },
    async () => {
      const first = startServer(env);
      servers.push(first.child);
      await ready(baseUrl, first);
      const [admin, interviewer, underwriter, catalog] = await Promise.all([
        tokenFor(baseUrl, 'admin1'),
        tokenFor(baseUrl, 'interviewer1'),
        tokenFor(baseUrl, 'uw1'),
        sampleCatalog(),
      ]);
      const version = await questionnaireVersion(baseUrl, interviewer);
      const created = await api<{ endpoint: WebhookEndpoint; secret: string }>(
        baseUrl,
        '/api/admin/webhooks',
        {
          token: admin,
          body: {
            insurer: 'phkl',
            url: receiver.url,
            events: ['disclosure.submitted', 'disclosure.validated'],
          },
        },
      );
      expect(created.status).toBe(201);
      receiver.useSecret(created.body.body!.secret);
      const endpoint = created.body.body!.endpoint;

      // The receiver applies the first request's effect, then holds it open: no answer comes.
      let holding = true;
      receiver.answerWith(() => {
        if (!holding) return 200;
        holding = false;
        return 'hold';
      });
      const held = receiver.nextHeld();
      const submitted = await api<DisclosureSaved>(baseUrl, `${DISCLOSURE_API}/disclosure/submit`, {
        token: interviewer,
        body: {
          applicationNumber: 'KILL0001',
          ...disclosureFields(completeDocument(catalog, version)),
          ...PHKL,
        },
      });
      expect(submitted.status).toBe(200);
      const saved = submitted.body.body!;
      await held;
      await killed(first.child);

      const second = startServer(env);
      servers.push(second.child);
      await ready(baseUrl, second);
      const validated = await api(baseUrl, `${DISCLOSURE_API}/validate/${saved.id}`, {
        token: underwriter,
        body: {},
      });
      expect(validated.status).toBe(200);

      const log = async () =>
        (
          await api<{ items: WebhookDelivery[] }>(
            baseUrl,
            `/api/admin/webhooks/${endpoint.id}/deliveries`,
            { token: admin },
          )
        ).body.body!.items;
      await until(async () => {
        const items = await log();
        return items.length === 2 && items.every((d) => d.state === 'delivered');
      });
      expect(receiver.effectsOf(saved.id)).toEqual([
        'disclosure.submitted',
        'disclosure.validated',
      ]);
      const [submittedId, validatedId] = receiver.effects.map((effect) => effect.id);
      // The submitted event was sent again after the restart, with the same webhook-id.
      expect(receiver.requests.map((r) => r.id)).toEqual([submittedId, submittedId, validatedId]);
      expect(receiver.requests.every((r) => r.verified)).toBe(true);
    },
  );
});

describe.runIf(DATABASES.includes('postgres'))('two replicas on one postgres', () => {
  const quick = {
    WEBHOOK_POLL_MS: '10',
    WEBHOOK_BACKOFF_BASE_MS: '50',
    WEBHOOK_TIMEOUT_MS: '5000',
  };
  let t: TestApp;
  let replica: FastifyInstance;
  let receiver: Receiver;

  beforeAll(async () => {
    [t, receiver] = await Promise.all([
      buildTestApp({ database: 'postgres', env: quick }),
      startReceiver(),
    ]);
    const database = t.config.database;
    if (database.kind !== 'postgres') throw new Error('a PostgreSQL app was asked for');
    replica = await buildApp(
      loadConfig({
        NODE_ENV: 'test',
        PUBLIC_URL: t.baseUrl,
        DATABASE_URL: database.url,
        LOG_LEVEL: 'silent',
        ...quick,
      }),
    );
  });
  afterAll(async () => {
    await replica?.close();
    await t?.close();
    await receiver?.close();
  });

  it(
    'N-03 two replicas polling one database send each delivery once',
    { timeout: 180_000 },
    async () => {
      const [admin, interviewer, catalog] = await Promise.all([
        tokenFor(t.baseUrl, 'admin1'),
        tokenFor(t.baseUrl, 'interviewer1'),
        sampleCatalog(),
      ]);
      const version = await questionnaireVersion(t.baseUrl, interviewer);
      const created = await api<{ endpoint: WebhookEndpoint; secret: string }>(
        t.baseUrl,
        '/api/admin/webhooks',
        {
          token: admin,
          body: { insurer: 'phkl', url: receiver.url, events: ['disclosure.submitted'] },
        },
      );
      expect(created.status).toBe(201);
      receiver.useSecret(created.body.body!.secret);
      const document = completeDocument(catalog, version);
      const submitted = await Promise.all(
        Array.from({ length: 12 }, async (_, i) => {
          const answer = await api<DisclosureSaved>(
            t.baseUrl,
            `${DISCLOSURE_API}/disclosure/submit`,
            {
              token: interviewer,
              body: {
                applicationNumber: `REPL${String(i).padStart(4, '0')}`,
                ...disclosureFields(document),
                ...PHKL,
              },
            },
          );
          expect(answer.status).toBe(200);
          return answer.body.body!.id;
        }),
      );
      const endpoint = created.body.body!.endpoint.id;
      await until(async () => {
        const log = await api<{ items: WebhookDelivery[] }>(
          t.baseUrl,
          `/api/admin/webhooks/${endpoint}/deliveries`,
          { token: admin },
        );
        return log.body.body!.items.filter((d) => d.state === 'delivered').length === 12;
      });
      expect(new Set(receiver.effects.map((e) => e.payload?.data.disclosureId))).toEqual(
        new Set(submitted),
      );
      // Each webhook-id reached the receiver once: no replica sent what the other had taken.
      expect(receiver.requests).toHaveLength(12);
      expect(new Set(receiver.requests.map((r) => r.id)).size).toBe(12);
    },
  );
});
