import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, endpoints } from '@vmer/domain/api';
import { textsIn } from '@vmer/domain/languages';
import { adminWebhooksTexts } from '../../apps/web/src/features/admin-webhooks/locales.ts';
import { cnTraditional as shellTextsCn } from '../../apps/web/src/locales/cn-traditional.ts';
import { en as shellTexts } from '../../apps/web/src/locales/en.ts';
import { api, putLanguage } from '../../apps/server/test/helpers.ts';
import { seriousViolations, VIEWPORTS } from '../src/browser.ts';
import {
  journeySuite,
  PHKL_PRODUCT,
  SETTLED,
  signedInPage,
  submittedDisclosure,
  userToken,
} from '../src/questionnaire.ts';
import { startServer, type RunningServer } from '../src/server.ts';

const suite = journeySuite();

const DESKTOP = { width: 1366, height: 900 };
const SHELL = { en: shellTexts, cn_traditional: shellTextsCn } as const;
type Language = keyof typeof SHELL;
const textsOf = (language: Language) => ({
  ...textsIn(adminWebhooksTexts, language).adminWebhooks,
  nav: SHELL[language].nav,
  notAllowed: SHELL[language].notAllowed,
});

/** What the receiver heard: each message's webhook-id and body. */
interface Heard {
  id: string;
  body: string;
}

/** A small receiver of webhook messages on a free local port, answering 204. */
async function startReceiver(): Promise<{ server: Server; url: string; heard: Heard[] }> {
  const heard: Heard[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      heard.push({ id: String(request.headers['webhook-id']), body });
      response.statusCode = 204;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/hooks/vmer`, heard };
}

/**
 * At 1366 px and at 390 px: no sideways scroll of the page and no serious or critical axe
 * violations, with a screenshot of each.
 */
async function look(page: Page, name: string): Promise<void> {
  for (const [width, size] of [
    [1366, DESKTOP],
    [390, VIEWPORTS.phone],
  ] as const) {
    await page.setViewportSize(size);
    await expect
      .poll(
        () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        SETTLED,
      )
      .toBeLessThanOrEqual(0);
    await suite.screenshot(page, `admin-webhooks-${name}-${width}`, { fullPage: true });
    expect(await seriousViolations(page), `${name} at ${width} px`).toEqual([]);
  }
  await page.setViewportSize(DESKTOP);
}

// This file registers endpoints and sends to them: it runs its own server, with a worker that
// polls often.
describe('webhooks', () => {
  let server: RunningServer;
  let baseUrl: string;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    receiver = await startReceiver();
    server = await startServer({ WEBHOOK_POLL_MS: '200' });
    baseUrl = server.baseUrl;
  });
  afterAll(async () => {
    await server?.stop();
    await new Promise((resolve) => receiver?.server.close(resolve));
  });

  async function webhooksAs(language: Language): Promise<Page> {
    await putLanguage(baseUrl, await userToken(baseUrl, 'admin1'), language);
    const page = await signedInPage(suite, baseUrl, 'admin1', { landing: '/dashboard' });
    await page.setViewportSize(DESKTOP);
    const texts = textsOf(language);
    await page
      .getByRole('navigation', { name: texts.nav.label })
      .getByRole('link', { name: texts.nav.webhooks })
      .click();
    await page.waitForURL(/\/admin\/webhooks$/);
    await page.getByRole('heading', { name: texts.title, level: 1 }).waitFor(SETTLED);
    return page;
  }

  it('N-02 N-04 admin1 registers an endpoint, sees its secret once, and reads and resends the delivery of a submitted disclosure, in English and Chinese', async () => {
    try {
      // English: register the endpoint.
      let texts = textsOf('en');
      let page = await webhooksAs('en');
      await page.getByText(texts.none).waitFor(SETTLED);
      await look(page, 'empty');
      await page.getByRole('button', { name: texts.add }).click();
      const form = page.getByRole('dialog', { name: texts.form.addTitle });
      // The insurer whose disclosure follows.
      await form.getByRole('combobox', { name: texts.form.insurer }).click();
      await page.getByRole('option', { name: 'PHKL', exact: true }).click();
      await form.getByRole('textbox', { name: texts.form.url }).fill(receiver.url);
      await form.getByRole('textbox', { name: texts.form.description }).fill('Policy system (e2e)');
      await form.getByRole('button', { name: texts.form.save }).click();
      const secretDialog = page.getByRole('dialog', { name: texts.secret.title });
      await secretDialog.waitFor(SETTLED);
      expect(await secretDialog.getByText(texts.secret.warning).isVisible()).toBe(true);
      const secret = await secretDialog.getByTestId('webhook-secret').inputValue();
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
      await look(page, 'secret');
      await secretDialog.getByRole('button', { name: texts.secret.done }).click();
      await secretDialog.waitFor({ state: 'detached', ...SETTLED });
      // Once: the table and the API never show it again.
      expect(await page.getByText(secret).count()).toBe(0);
      const table = page.getByRole('table', { name: texts.listCaption });
      const row = table.getByRole('row').nth(1);
      await row.waitFor(SETTLED);
      expect(await row.getByRole('rowheader').textContent()).toBe(receiver.url);
      expect(await row.textContent()).toContain('Policy system (e2e)');
      const listed = await api(baseUrl, apiPath(endpoints.adminWebhooks), {
        token: await userToken(baseUrl, 'admin1'),
      });
      expect(JSON.stringify(listed.body)).not.toContain(secret);

      // An interviewer submits a disclosure of the insurer through the API.
      await submittedDisclosure(baseUrl, {
        userName: 'interviewer1',
        applicationNumber: 'WHE2E0001',
        product: PHKL_PRODUCT,
        conditions: ['gallstones'],
      });
      await expect.poll(() => receiver.heard.length, { timeout: 15_000 }).toBeGreaterThan(0);
      const first = receiver.heard[0]!;
      expect(first.body).toContain('disclosure.submitted');

      // The log shows it delivered; Resend sends it again with the same webhook-id.
      await page
        .getByRole('button', { name: texts.deliveriesLabel.replace('{url}', receiver.url) })
        .click();
      let log = page.getByRole('dialog', { name: texts.log.title.replace('{url}', receiver.url) });
      const deliveries = log.getByRole('table', { name: texts.log.caption });
      const delivered = deliveries.getByRole('row').nth(1);
      await delivered.waitFor(SETTLED);
      expect(await delivered.textContent()).toContain(texts.log.state.delivered);
      expect(await delivered.textContent()).toContain('204');
      expect(await delivered.textContent()).toContain(texts.event['disclosure.submitted']);
      await look(page, 'log');
      await delivered.getByRole('button', { name: texts.log.resend }).click();
      await log.getByText(texts.log.resent).waitFor(SETTLED);
      await expect.poll(() => receiver.heard.length, { timeout: 15_000 }).toBeGreaterThan(1);
      expect(receiver.heard[1]!.id).toBe(first.id);
      await log.getByRole('button', { name: texts.log.close }).click();
      await page.context().close();

      // Chinese: the same endpoint and its log.
      texts = textsOf('cn_traditional');
      page = await webhooksAs('cn_traditional');
      await page
        .getByRole('table', { name: texts.listCaption })
        .getByRole('row')
        .nth(1)
        .waitFor(SETTLED);
      await look(page, 'cn');
      await page
        .getByRole('button', { name: texts.deliveriesLabel.replace('{url}', receiver.url) })
        .click();
      log = page.getByRole('dialog', { name: texts.log.title.replace('{url}', receiver.url) });
      const cnRow = log.getByRole('table', { name: texts.log.caption }).getByRole('row').nth(1);
      await cnRow.waitFor(SETTLED);
      await expect.poll(() => cnRow.textContent(), SETTLED).toContain(texts.log.state.delivered);
      await look(page, 'cn-log');
      await page.context().close();
    } finally {
      await putLanguage(baseUrl, await userToken(baseUrl, 'admin1'), 'en');
    }
  });

  it('N-02 O-01 an interviewer gets "not allowed" at /admin/webhooks, and the API answers 403', async () => {
    const texts = textsOf('en');
    const page = await signedInPage(suite, baseUrl, 'interviewer1');
    try {
      const links = page.getByRole('navigation', { name: texts.nav.label }).getByRole('link');
      expect(await links.allTextContents()).not.toContain(texts.nav.webhooks);
      await page.goto(`${baseUrl}/admin/webhooks`);
      await page.getByRole('heading', { name: texts.notAllowed.title, level: 1 }).waitFor(SETTLED);
      expect(await seriousViolations(page)).toEqual([]);
      const token = await userToken(baseUrl, 'interviewer1');
      const answer = await api(baseUrl, apiPath(endpoints.adminWebhooks), { token });
      expect(answer.status).toBe(403);
    } finally {
      await page.context().close();
    }
  });
});
