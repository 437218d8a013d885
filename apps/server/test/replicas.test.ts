import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { AdminInsurer, AdminUser } from '@vmer/domain/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activateSound, activateVersion, soundFiles, upload } from './catalog/catalog-support.ts';
import {
  api,
  createPostgresDatabase,
  freePort,
  questionnaireVersion,
  tokenFor,
} from './helpers.ts';
import { outageProxy, type OutageProxy } from './outage-proxy.ts';
import type { ScratchDatabase } from './scratch-database.ts';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

/** The API budget per caller and minute both replicas are started with. */
const API_RATE_LIMIT = 40;
/** What "within a second" means to a poll: it gives up one second after the change answered. */
const PROPAGATION_MS = 1000;
const POLL_MS = 50;

interface Replica {
  baseUrl: string;
  process: ChildProcess;
  output(): string;
  exited: Promise<unknown>;
}

/** `npm start` of one replica: the server run by Node, as the container and npm run it. */
async function startReplica(env: Record<string, string>): Promise<Replica> {
  const port = env.PORT!;
  const child = spawn(process.execPath, ['src/main.ts'], {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolve) => child.on('close', resolve));
  return { baseUrl: `http://127.0.0.1:${port}`, process: child, output: () => output, exited };
}

async function untilReady(replica: Replica): Promise<void> {
  for (let i = 0; i < 240; i += 1) {
    if (replica.process.exitCode !== null) break;
    const ready = await fetch(`${replica.baseUrl}/api/ready`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) return;
    await sleep(250);
  }
  throw new Error(`a replica did not start:\n${replica.output()}`);
}

/** The JSON log lines a replica wrote with this message. */
function logLines(replica: Replica, message: string): Record<string, unknown>[] {
  return replica
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.msg === message);
}

/**
 * Asks `read` again every POLL_MS until `done` holds or `withinMs` have passed since `since`;
 * answers the last value read.
 */
async function poll<T>(
  since: number,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  withinMs = PROPAGATION_MS,
) {
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() - since > withinMs) return value;
    await sleep(POLL_MS);
  }
}

describe.skipIf(!POSTGRES_URL)(
  'N-08 two replicas on one PostgreSQL (skipped without TEST_DATABASE_URL: replicas share a PostgreSQL server, which the embedded database cannot be)',
  () => {
    let database: ScratchDatabase;
    let a: Replica;
    let b: Replica;
    /** B listens for announcements through this proxy (DATABASE_LISTEN_URL), which a test cuts. */
    let listenProxy: OutageProxy;
    const tokens: Record<string, string> = {};

    beforeAll(async () => {
      database = await createPostgresDatabase();
      listenProxy = await outageProxy(new URL(database.url));
      const [portA, portB] = [await freePort(), await freePort()];
      // Both behind one address (the load balancer's): tokens issued through one are good on both.
      const shared = {
        DATABASE_URL: database.url,
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${portA}`,
        LOG_LEVEL: 'debug',
        API_RATE_LIMIT: String(API_RATE_LIMIT),
        // The load balancer is on this machine: its X-Forwarded-For names the caller.
        TRUST_PROXY: 'loopback',
        DASHBOARD_REFRESH_MS: '1000',
        DB_POOL_SIZE: '5',
      };
      // One after the other: two starting together on a loaded machine may outlast Fastify's
      // plugin timeout while one waits for the other's migrations.
      a = await startReplica({ ...shared, PORT: String(portA) });
      await untilReady(a);
      b = await startReplica({
        ...shared,
        PORT: String(portB),
        DATABASE_LISTEN_URL: listenProxy.url,
      });
      await untilReady(b);
      for (const user of ['admin1', 'admin2', 'uw1', 'uw3'])
        tokens[user] = await tokenFor(a.baseUrl, user);
    });

    afterAll(async () => {
      for (const replica of [a, b]) {
        if (replica && replica.process.exitCode === null) {
          replica.process.kill('SIGTERM');
          await Promise.race([replica.exited, sleep(10_000)]);
          if (replica.process.exitCode === null) replica.process.kill('SIGKILL');
        }
      }
      await listenProxy?.cut();
      await database?.drop();
    });

    it('N-08 API calls of one caller split over both replicas spend one budget', async () => {
      const caller = { 'x-forwarded-for': '203.0.113.7' };
      const call = (replica: Replica, headers = caller) =>
        api(replica.baseUrl, '/api/auth/config', { headers });
      const statuses: number[] = [];
      for (let i = 0; i < API_RATE_LIMIT; i += 1) statuses.push((await call(i % 2 ? b : a)).status);
      // Each replica answered half the budget, and the budget is spent on both.
      expect(statuses).toEqual(Array(API_RATE_LIMIT).fill(200));
      expect((await call(a)).status).toBe(429);
      expect((await call(b)).status).toBe(429);
      // Another caller has a budget of its own.
      expect((await call(b, { 'x-forwarded-for': '203.0.113.8' })).status).toBe(200);
    });

    it('N-08 a background job runs once per round across both replicas', async () => {
      // DASHBOARD_REFRESH_MS=1000: a round a second, whichever replica takes it. (Each
      // replica's start ran a round of its own, before this.)
      const since = Date.now();
      const roundsSince = () =>
        [a, b]
          .flatMap((replica) => logLines(replica, 'background job round'))
          .filter((line) => line.job === 'dashboard-refresh' && Number(line.time) >= since)
          .map((line) => Number(line.time))
          .sort((x, y) => x - y);
      // Until three rounds have run (some three seconds), rather than a fixed wait: the bound
      // is for a loaded machine, not a measure.
      await expect
        .poll(() => roundsSince().length, { timeout: 20_000, interval: 100 })
        .toBeGreaterThanOrEqual(3);
      const rounds = roundsSince();
      const gaps = rounds.slice(1).map((time, i) => time - rounds[i]!);
      // Two replicas each running every round would have rounds far closer than a second apart.
      expect(Math.min(...gaps)).toBeGreaterThan(800);
    });

    it('N-08 a catalogue version activated through one replica is served by the other within a second', async () => {
      const version = (replica: Replica) => questionnaireVersion(replica.baseUrl, tokens.uw1!);
      // B has read the active version just now, and keeps it in memory.
      expect(await version(b)).toBe('1');
      const sound = await activateSound(a.baseUrl, tokens.admin1!, tokens.admin2!);
      const activated = Date.now();
      expect(
        await poll(
          activated,
          () => version(b),
          (v) => v === sound,
        ),
      ).toBe(sound);

      // And back, the other way round.
      expect(await version(a)).toBe(sound);
      await activateVersion(b.baseUrl, '1', { asker: tokens.admin1!, approver: tokens.admin2! });
      const reactivated = Date.now();
      expect(
        await poll(
          reactivated,
          () => version(a),
          (v) => v === '1',
        ),
      ).toBe('1');
    });

    it("N-08 an insurer's product renamed through one replica is listed by the other within a second", async () => {
      const productNames = async (replica: Replica) =>
        (
          await api<{ insurerCode: string; productName: { en: string } }[]>(
            replica.baseUrl,
            '/api/insurer/list',
            { token: tokens.uw1 },
          )
        ).body.body!.map((entry) => entry.productName.en);
      expect(await productNames(b)).not.toContain('Renamed Plan');

      const listed = await api<{ catalogVersion: string; insurers: AdminInsurer[] }>(
        a.baseUrl,
        '/api/admin/insurers',
        { token: tokens.admin1 },
      );
      const { catalogVersion, insurers } = listed.body.body!;
      const insurer = structuredClone(insurers.find((candidate) => candidate.code === 'phkl')!);
      insurer.channels[0]!.products[0]!.name.en = 'Renamed Plan';
      const saved = await api(a.baseUrl, '/api/admin/insurers/phkl', {
        token: tokens.admin1,
        method: 'PUT',
        body: { insurer, catalogVersion },
      });
      expect(saved.status).toBe(200);
      const changed = Date.now();
      expect(
        await poll(
          changed,
          () => productNames(b),
          (names) => names.includes('Renamed Plan'),
        ),
      ).toContain('Renamed Plan');
    });

    it("N-08 a user's role and insurers changed through one replica are enforced by the other at the next request", async () => {
      const person = async () =>
        (
          await api<{ items: AdminUser[] }>(a.baseUrl, '/api/admin/users?q=uw3', {
            token: tokens.admin1,
          })
        ).body.body!.items.find((item) => item.userName === 'uw3')!;
      const change = async (body: Record<string, unknown>) => {
        const { subject, updatedAt } = await person();
        const answer = await api(a.baseUrl, `/api/admin/users/${encodeURIComponent(subject)}`, {
          token: tokens.admin1,
          method: 'PUT',
          body: { ...body, updatedAt },
        });
        expect(answer.status).toBe(200);
      };
      const insurersSeen = async () =>
        new Set(
          (
            await api<{ insurerCode: string }[]>(b.baseUrl, '/api/insurer/list', {
              token: tokens.uw3,
            })
          ).body.body!.map((entry) => entry.insurerCode),
        );
      const dashboard = () => api(b.baseUrl, '/api/dashboard', { token: tokens.uw3 });

      expect([...(await insurersSeen())].sort()).toEqual(['phkl', 'slhk']);
      await change({ insurers: ['phkl'] });
      expect([...(await insurersSeen())]).toEqual(['phkl']);

      expect((await dashboard()).status).toBe(200);
      await change({ role: 'interviewer' });
      expect((await dashboard()).status).toBe(403);
    });

    it('N-08 a replica whose announcements connection dropped forgets, once it is back, what it may have missed', async () => {
      const version = (replica: Replica) => questionnaireVersion(replica.baseUrl, tokens.uw1!);
      // A version other than the one B serves (and keeps in memory): the test catalogue, stored
      // (once) without activating it, or else the shipped one.
      const sound = (await upload(a.baseUrl, tokens.admin1!, await soundFiles())).body.body!.version
        .version;
      const target = (await version(b)) === sound ? '1' : sound;

      // B's listening connection is cut and cannot come back; meanwhile a version is activated
      // through A, and its announcement never reaches B.
      await listenProxy.cut();
      await activateVersion(a.baseUrl, target, { asker: tokens.admin1!, approver: tokens.admin2! });
      await sleep(500);
      await listenProxy.restore();
      const restored = Date.now();
      // B opens it again after its backoff (a second or two here), then serves the new version.
      expect(
        await poll(
          restored,
          () => version(b),
          (v) => v === target,
          5000,
        ),
      ).toBe(target);
      expect(logLines(b, 'the announcements connection dropped; opening it again')).not.toEqual([]);
      expect(logLines(b, 'the announcements connection is back')).not.toEqual([]);
    });
  },
);
