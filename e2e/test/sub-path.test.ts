import { createServer, request as forward, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, newContext } from '../src/browser.ts';
import {
  journeySuite,
  PHKL_PRODUCT,
  QuestionnaireScreen,
  requestDisclosure,
  SETTLED,
} from '../src/questionnaire.ts';
import { freePort, startServer, type RunningServer } from '../src/server.ts';

const suite = journeySuite();
const SUB_PATH = '/vmer';

/**
 * A reverse proxy publishing the server under SUB_PATH and cutting the path off on the way in,
 * as `location /vmer/ { proxy_pass http://server/; }` does; anything else is not the app's.
 */
function cuttingProxy(port: number, target: string): Promise<Server> {
  const upstream = new URL(target);
  const proxy = createServer((incoming, outgoing) => {
    const url = incoming.url ?? '/';
    if (url !== SUB_PATH && !url.startsWith(`${SUB_PATH}/`) && !url.startsWith(`${SUB_PATH}?`)) {
      outgoing.writeHead(404).end('not published');
      return;
    }
    const passed = forward(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: url.slice(SUB_PATH.length) || '/',
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    passed.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(passed);
  });
  return new Promise((resolve) => proxy.listen(port, '127.0.0.1', () => resolve(proxy)));
}

describe('N-11 the product behind a reverse proxy under a sub-path', () => {
  let server: RunningServer;
  let proxy: Server;
  let app: string;
  beforeAll(async () => {
    const port = await freePort();
    app = `http://localhost:${port}${SUB_PATH}`;
    // The embedded database, as `npm start` runs the product: the other journeys' servers keep
    // theirs on the run's PostgreSQL server when it has one.
    server = await startServer({ PUBLIC_URL: app }, { embedded: true });
    proxy = await cuttingProxy(port, server.baseUrl);
  });
  afterAll(async () => {
    await new Promise((resolve) => proxy?.close(resolve));
    await server?.stop();
  });

  it('N-11 an interviewer signs in and opens a disclosure at https://host/vmer/…, every address of the page under the sub-path', async () => {
    const requestId = await requestDisclosure(server.baseUrl, {
      applicationNumber: 'SUBPATH1',
      ...PHKL_PRODUCT,
    });
    const context = await newContext(suite.browser);
    const page = await context.newPage();
    const outside: string[] = [];
    const failed: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(`${app}/`) && !/^(data|blob):/.test(url)) outside.push(url);
    });
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    try {
      await page.goto(`${app}/`);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL(new RegExp(`^${app}/oidc/`));
      await page.locator('#username').fill('interviewer1');
      await page.locator('#password').fill(DEMO_PASSWORD);
      await page.locator('button[type="submit"]').click();
      await page.waitForURL(`${app}/home`);

      await page.goto(`${app}/questionnaire/${requestId}`);
      const screen = new QuestionnaireScreen(page, suite.labels);
      const number = screen.basic.getByRole('textbox', {
        name: screen.texts.basic.applicationNumber,
      });
      await expect.poll(() => number.inputValue(), SETTLED).toBe('SUBPATH1');

      expect(outside).toEqual([]);
      expect(failed).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
