import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type {
  AuditEntry,
  DisclosureRequestCreated,
  DisclosureSaved,
  DisclosureView,
} from '@vmer/domain/lifecycle';
import { afterAll, describe, expect, it } from 'vitest';
import {
  PHKL,
  sampleCatalog,
  completeDocument,
  DISCLOSURE_API,
  APPLICANT,
} from '../disclosures/fixtures.ts';
import {
  api,
  createPostgresDatabase,
  DATABASES,
  freePort,
  tokenFor,
  type TestDatabase,
} from '../helpers.ts';

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
/** Requests submitted under load, how many run at once, and after how many 200s the kill comes. */
const REQUESTS = 120;
const CONCURRENCY = 16;
const KILL_AFTER = 30;

interface ServerProcess {
  baseUrl: string;
  child: ChildProcess;
  exited: Promise<void>;
  output(): string;
}

/** Starts `node src/main.ts` as `npm start` does, on the given database and port, and waits until it is ready. */
async function startServer(port: number, database: Record<string, string>): Promise<ServerProcess> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      // The load comes from one user: the per-caller limit would answer 429 instead of submitting.
      API_RATE_LIMIT: '0',
      ...database,
    },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // 'exit', not 'close': the pid must be gone (reaped) before a restart looks at the data directory lock.
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  for (let i = 0; i < 240 && child.exitCode === null; i += 1) {
    const ready = await fetch(`${baseUrl}/api/ready`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) return { baseUrl, child, exited, output: () => output };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not start:\n${output}`);
}

/** Where one run keeps its data: a fresh PGlite directory, or a fresh PostgreSQL database. */
async function freshDatabase(
  kind: TestDatabase,
): Promise<{ env: Record<string, string>; remove(): Promise<void> }> {
  if (kind === 'postgres') {
    const database = await createPostgresDatabase();
    return { env: { DATABASE_URL: database.url }, remove: () => database.drop() };
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'vmer-sigkill-'));
  return {
    env: { DATA_DIR: dataDir },
    remove: () => rm(dataDir, { recursive: true, force: true }),
  };
}

describe.each(DATABASES)('a server killed with SIGKILL during a load of submits, on %s', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  // 120 submits, a kill and a restart: a budget for a loaded machine, not a speed bar.
  it('loses no submit it answered 200: each is submitted, with its audit entry, after a restart', async () => {
    const database = await freshDatabase(kind);
    cleanups.push(database.remove);
    const port = await freePort();
    let server = await startServer(port, database.env);
    cleanups.push(async () => {
      if (server.child.exitCode === null && server.child.signalCode === null)
        server.child.kill('SIGKILL');
      await server.exited;
    });

    let token = await tokenFor(server.baseUrl, 'interviewer1');
    const { version } = (
      await api<{ version: string }>(server.baseUrl, '/api/questionnaire/get', { token })
    ).body.body!;
    const disclosureJson = JSON.stringify(completeDocument(await sampleCatalog(), version));

    const requests: (DisclosureRequestCreated & { applicationNumber: string })[] = [];
    for (let n = 0; n < REQUESTS; n += 1) {
      const applicationNumber = `KILL${String(n).padStart(4, '0')}`;
      const created = await api<DisclosureRequestCreated>(
        server.baseUrl,
        `${DISCLOSURE_API}/request`,
        {
          token,
          body: {
            applicationNumber,
            ...PHKL,
            ...APPLICANT,
          },
        },
      );
      expect(created.status).toBe(200);
      requests.push({ ...created.body.body!, applicationNumber });
    }

    const submit = (index: number) => {
      const { id, requestId, applicationNumber } = requests[index]!;
      return api<DisclosureSaved>(server.baseUrl, `${DISCLOSURE_API}/disclosure/submit`, {
        token,
        body: {
          id,
          requestId,
          version: 1,
          applicationNumber,
          ...APPLICANT,
          disclosureJson,
        },
        // Half with an Idempotency-Key (one transaction holding the key), half without (one statement).
        headers: index % 2 === 0 ? { 'idempotency-key': `submit-${requestId}` } : {},
      });
    };

    // Workers submit the requests in turn; the 200 that reaches KILL_AFTER kills the server at once.
    const answered = new Map<number, DisclosureSaved>();
    const failed = new Set<number>();
    let next = 0;
    let killed = false;
    const worker = async () => {
      while (next < REQUESTS) {
        const index = next++;
        try {
          const response = await submit(index);
          if (response.status !== 200) throw new Error(`submit answered ${response.status}`);
          answered.set(index, response.body.body!);
          if (answered.size === KILL_AFTER) killed = server.child.kill('SIGKILL');
        } catch (error) {
          if (!killed) throw error;
          failed.add(index);
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    await server.exited;
    expect(server.child.signalCode).toBe('SIGKILL');
    // The kill came mid-load: some submits were answered, others were cut off.
    expect(answered.size).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(failed.size).toBeGreaterThan(0);

    server = await startServer(port, database.env);
    token = await tokenFor(server.baseUrl, 'interviewer1');
    const states = await Promise.all(
      requests.map(async ({ id, requestId }) => ({
        view: (
          await api<DisclosureView>(server.baseUrl, `${DISCLOSURE_API}/disclosure/${requestId}`, {
            token,
          })
        ).body.body!,
        trail: (
          await api<AuditEntry[]>(server.baseUrl, `${DISCLOSURE_API}/disclosure/${id}/audit`, {
            token,
          })
        ).body.body!,
      })),
    );

    for (const [index, saved] of answered) {
      const { view, trail } = states[index]!;
      expect(view).toMatchObject({ status: 3, version: saved.version });
      // PostgreSQL keeps the document as jsonb: the same JSON, its keys in another order.
      expect(JSON.parse(view.disclosureJson)).toEqual(JSON.parse(saved.disclosureJson));
      expect(trail.map((e) => [e.operation, e.fromStatus, e.toStatus])).toEqual([
        ['request', null, 1],
        ['submit', 1, 3],
      ]);
    }
    // A submit cut off by the kill happened whole or not at all: status and audit trail agree.
    for (const { view, trail } of states) {
      const moves = trail.map((e) => e.operation);
      if (view.status === 3) expect(moves).toEqual(['request', 'submit']);
      else expect([view.status, moves]).toEqual([1, ['request']]);
    }
    // The restarted server takes submits again.
    const untouched = states.findIndex(({ view }) => view.status === 1);
    expect(untouched).toBeGreaterThanOrEqual(0);
    const again = await submit(untouched);
    expect(again.status).toBe(200);
  }, 180_000);
});
