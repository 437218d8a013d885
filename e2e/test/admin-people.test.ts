import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn as tokenFor } from '../../apps/server/src/cli/sign-in.ts';
import {
  DEMO_PASSWORD,
  closeContexts,
  workerBrowser,
  newContext,
  seriousViolations,
  signIn,
  signInAtProvider,
  type ViewportName,
  keepWhatFailed,
} from '../src/browser.ts';
import { SETTLED, SHOTS } from '../src/questionnaire.ts';
import { startServer, type RunningServer } from '../src/server.ts';

/**
 * People and access and account requests in the browser (O-02..O-10), on a server of their
 * own: the public form's limit per address and the people created here touch no other journey.
 */
let server: RunningServer;
let browser: Browser;
let baseUrl: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), workerBrowser()]);
  baseUrl = server.baseUrl;
});
keepWhatFailed(() => browser);
afterAll(async () => {
  await closeContexts(browser);
  await server?.stop();
});

const api = async <T>(
  path: string,
  token: string,
  init: { method?: string; body?: unknown } = {},
) => {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      Authorization: `Bearer ${token}`,
      'X-Requested-With': 'XMLHttpRequest',
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: (await response.json()) as { body: T } };
};

/** admin1 signed in, in the language given, at an administration screen. */
async function adminAt(
  path: string,
  viewport: ViewportName,
  language: 'en' | 'cn_traditional',
): Promise<Page> {
  const token = await tokenFor({ url: baseUrl, user: 'admin1', password: DEMO_PASSWORD });
  await api('/user/language', token, { method: 'PUT', body: { language } });
  const context = await newContext(browser, viewport);
  const page = await context.newPage();
  await signIn(page, baseUrl, 'admin1', '/dashboard');
  await page.goto(`${baseUrl}${path}`);
  return page;
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

describe('people and access', () => {
  it('O-09 O-03 a visitor asks for access to phkl; admin1 approves it with another role and user name; the new person signs in with the first password and works for phkl only', async () => {
    // The visitor's request, through the public form.
    const visitor = await (await newContext(browser, 'desktop')).newPage();
    await visitor.goto(`${baseUrl}/account-request`);
    await visitor.getByRole('textbox', { name: /^Full name/ }).fill('Wong Siu Ming');
    await visitor.getByRole('textbox', { name: /^Work e-mail/ }).fill('siu.ming.wong@phkl.example');
    await visitor.getByRole('textbox', { name: /^Insurer code/ }).fill('phkl');
    await visitor.getByRole('combobox', { name: /^Role wanted/ }).click();
    await visitor.getByRole('option', { name: 'Underwriter' }).click();
    await visitor.getByRole('button', { name: 'Send request' }).click();
    await visitor.getByRole('heading', { name: 'Request sent' }).waitFor();
    await visitor.context().close();

    // admin1 finds it among the pending requests and approves it, edited.
    const page = await adminAt('/admin/account-requests', 'desktop', 'en');
    await page.getByRole('heading', { name: 'Account requests' }).waitFor();
    await page.getByRole('heading', { name: 'Wong Siu Ming' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'admin-requests-1366-en');
    await page.getByRole('button', { name: 'Approve the request of Wong Siu Ming' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve the request of Wong Siu Ming' });
    await dialog.waitFor();
    expect(await dialog.getByRole('combobox', { name: /Role/ }).textContent()).toBe('Underwriter');
    await dialog.getByRole('combobox', { name: /Role/ }).click();
    await page.getByRole('option', { name: 'Interviewer' }).click();
    await dialog.getByRole('textbox', { name: /User name/ }).fill('smwong');
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Approve and create' }).click();
    const shown = page.getByRole('dialog', { name: 'First password of Wong Siu Ming' });
    await shown.waitFor();
    await shown.getByText('This password is shown only once.', { exact: false }).waitFor();
    const password = await shown.getByRole('textbox', { name: 'First password' }).inputValue();
    expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await shot(page, 'admin-first-password-1366-en');
    await shown.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('tab', { name: 'Approved' }).click();
    await page.getByRole('heading', { name: 'Wong Siu Ming' }).waitFor();
    await page.context().close();

    // The new person signs in with it and works for phkl, and only phkl.
    const newcomer = await (await newContext(browser, 'desktop')).newPage();
    await newcomer.goto(`${baseUrl}/`);
    await newcomer.getByRole('button', { name: 'Sign In' }).click();
    await signInAtProvider(newcomer, 'smwong', password);
    await newcomer.waitForURL(`${baseUrl}/home`);
    const insurer = newcomer
      .getByRole('banner')
      .getByRole('group', { name: 'Insurer', exact: true });
    await expect.poll(() => insurer.textContent(), SETTLED).toBe('InsurerPHKL');
    expect(await insurer.getByRole('button').count()).toBe(0);
    await newcomer.context().close();
  });

  it("O-06 O-08 O-02 admin1 deactivates a person at phone width in Chinese; the person's token obtained before gets 401, and the history shows the change", async () => {
    const adminToken = await tokenFor({ url: baseUrl, user: 'admin1', password: DEMO_PASSWORD });
    const created = await api<{ initialPassword: string }>('/admin/users', adminToken, {
      body: {
        signIn: 'embedded',
        userName: 'leaver1',
        displayName: 'Lee Leaver',
        role: 'agent',
        insurers: ['slhk'],
      },
    });
    expect(created.status).toBe(201);
    const token = await tokenFor({
      url: baseUrl,
      user: 'leaver1',
      password: created.body.body.initialPassword,
    });
    expect((await api('/user/info/get', token)).status).toBe(200);

    const page = await adminAt('/admin/users', 'phone', 'cn_traditional');
    await page.getByRole('heading', { name: '人員及權限' }).waitFor();
    await page.getByRole('searchbox', { name: /以姓名、使用者名稱或電郵搜尋/ }).fill('leaver');
    await page.getByRole('searchbox', { name: /以姓名、使用者名稱或電郵搜尋/ }).press('Enter');
    await page.waitForURL(/q=leaver/);
    await page.getByRole('heading', { name: 'Lee Leaver' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'admin-users-390-cn');
    await page.getByRole('button', { name: '編輯 Lee Leaver' }).click();
    const dialog = page.getByRole('dialog', { name: '編輯 Lee Leaver' });
    await dialog.getByRole('switch', { name: '已啟用' }).click();
    const confirm = page.getByRole('dialog', { name: '停用 Lee Leaver？' });
    await confirm.getByRole('button', { name: '停用' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await shot(page, 'admin-edit-390-cn');
    const saved = page.waitForResponse((r) => r.request().method() === 'PUT');
    await dialog.getByRole('button', { name: '儲存' }).click();
    expect((await saved).status()).toBe(200);
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('已停用').first().waitFor();

    // The token obtained before the deactivation is refused at its next call.
    expect((await api('/user/info/get', token)).status).toBe(401);

    await page.getByRole('button', { name: 'Lee Leaver 的記錄' }).click();
    const history = page.getByRole('dialog', { name: 'Lee Leaver 的記錄' });
    await history.getByText('已啟用').first().waitFor();
    await history.getByText('是 → 否').waitFor();
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await shot(page, 'admin-history-390-cn');
    await page.context().close();
  });

  it('O-02 the people screen at 1366 in English and the requests screen at 390 in Chinese pass axe', async () => {
    const people = await adminAt('/admin/users', 'desktop', 'en');
    await people.getByRole('grid', { name: 'People' }).waitFor();
    await people.getByRole('gridcell', { name: 'Ada Admin' }).first().waitFor();
    expect(await seriousViolations(people)).toEqual([]);
    await shot(people, 'admin-users-1366-en');
    await people.context().close();

    const requests = await adminAt('/admin/account-requests', 'phone', 'cn_traditional');
    await requests.getByRole('heading', { name: '帳戶申請' }).waitFor();
    await requests.getByRole('tab', { name: '已批准' }).click();
    await requests.getByRole('heading', { name: 'Wong Siu Ming' }).waitFor();
    expect(await seriousViolations(requests)).toEqual([]);
    await shot(requests, 'admin-requests-390-cn');
    await requests.context().close();
  });
});
