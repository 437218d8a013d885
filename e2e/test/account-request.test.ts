import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn as tokenFor } from '../../apps/server/src/cli/sign-in.ts';
import {
  DEMO_PASSWORD,
  newContext,
  type ViewportName,
  browserSuite,
  serverUrl,
} from '../src/browser.ts';

const baseUrl = serverUrl();
const suite = browserSuite();

const REQUEST = {
  name: 'Chan Tai Man',
  email: 'tm.chan@phkl.example',
  insurerCode: 'phkl',
  message: 'New underwriter in the Kowloon team',
};

/** The landing page's Create An Account, in the given language (as last chosen in this browser). */
async function openForm(viewport: ViewportName, language: 'en' | 'cn_traditional'): Promise<Page> {
  const context = await newContext(suite.browser, viewport);
  await context.addInitScript((chosen) => localStorage.setItem('vmer.language', chosen), language);
  const page = await context.newPage();
  await page.goto(`${baseUrl}/`);
  const createAccount = language === 'en' ? 'Create An Account' : '建立帳戶';
  await page.getByRole('link', { name: createAccount }).click();
  await page.waitForURL(`${baseUrl}/account-request`);
  await page.locator('form').waitFor();
  return page;
}

/** Fills the form as a person would, with the texts of the page's language. */
async function fillIn(
  page: Page,
  labels: Record<keyof typeof REQUEST | 'role', RegExp>,
  role: string,
) {
  await page.getByRole('textbox', { name: labels.name }).fill(REQUEST.name);
  await page.getByRole('textbox', { name: labels.email }).fill(REQUEST.email);
  await page.getByRole('textbox', { name: labels.insurerCode }).fill(REQUEST.insurerCode);
  await page.getByRole('combobox', { name: labels.role }).click();
  await page.getByRole('option', { name: role }).click();
  await page.getByRole('textbox', { name: labels.message }).fill(REQUEST.message);
}

const ENGLISH = {
  name: /^Full name/,
  email: /^Work e-mail/,
  insurerCode: /^Insurer code/,
  role: /^Role wanted/,
  message: /^Message to the administrator/,
};

describe('asking for an account', () => {
  it('Create An Account leads to a form whose request is recorded for the administrators, with a confirmation in its place', async () => {
    const page = await openForm('desktop', 'en');
    await fillIn(page, ENGLISH, 'Underwriter');
    const sent = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/account-request',
    );
    await page.getByRole('button', { name: 'Send request' }).click();
    const answer = await sent;
    expect(answer.status()).toBe(201);
    expect(answer.request().postDataJSON()).toEqual({ ...REQUEST, role: 'underwriter' });
    await page.getByRole('heading', { name: 'Request sent' }).waitFor();
    expect(await page.locator('form').count()).toBe(0);

    // An administrator of the insurer finds it among the requests.
    const token = await tokenFor({ url: baseUrl, user: 'admin1', password: DEMO_PASSWORD });
    const listed = await fetch(`${baseUrl}/api/admin/account-requests?page=1`, {
      headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' },
    });
    const { body } = (await listed.json()) as {
      body: { items: { name: string; email: string; insurerCode: string; role: string }[] };
    };
    expect(body.items).toContainEqual(expect.objectContaining({ ...REQUEST, role: 'underwriter' }));
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await page.getByRole('heading', { name: 'SIGN IN' }).waitFor();
    await page.context().close();
  });

  it('past the rate limit the form says to try later and keeps what was typed, in Traditional Chinese at phone width', async () => {
    // The limit counts per address over an hour: use up what the first journey left.
    let answered = 0;
    for (let sent = 0; sent < 10 && answered !== 429; sent += 1) {
      const response = await fetch(`${baseUrl}/api/account-request`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
        body: JSON.stringify({ ...REQUEST, role: 'agent' }),
      });
      answered = response.status;
      expect([201, 429]).toContain(answered);
    }
    expect(answered).toBe(429);
    const page = await openForm('phone', 'cn_traditional');
    await page.getByRole('heading', { name: '申請使用權限' }).waitFor();
    await fillIn(
      page,
      {
        name: /^全名/,
        email: /^工作電郵/,
        insurerCode: /^保險公司代碼/,
        role: /^申請角色/,
        message: /^給管理員的訊息/,
      },
      '代理人',
    );
    await page.getByRole('button', { name: '提交申請' }).click();
    const alert = page.getByRole('alert').filter({ hasText: '申請過多' });
    await alert.waitFor();
    expect(await alert.textContent()).toBe('此網絡提交的申請過多，請於一小時後再試。');
    expect(await page.getByRole('textbox', { name: /^全名/ }).inputValue()).toBe(REQUEST.name);
    expect(await page.getByRole('textbox', { name: /^給管理員的訊息/ }).inputValue()).toBe(
      REQUEST.message,
    );
    await page.context().close();
  });
});
