import type { BrowserContext, Page, Request } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  appState,
  enableStateGetter,
  isApiRequest,
  newContext,
  signIn,
  signInAtProvider,
  browserSuite,
  serverUrl,
} from '../src/browser.ts';

const baseUrl = serverUrl();
// The API's calls answer in their own time on a busy machine.
const ANSWER_WAIT = { timeout: 10_000 };
const suite = browserSuite();
let context: BrowserContext;
let page: Page;
beforeEach(async () => {
  context = await newContext(suite.browser);
  page = await context.newPage();
  return () => context.close();
});

describe('sign-in and the protected routes', () => {
  it('R-19 P-01 P-03 R-16 R-08 signed out, /home demands sign-in at the provider and comes back to /home', async () => {
    const callbacks: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && new URL(frame.url()).pathname === '/login/callback')
        callbacks.push(frame.url());
    });
    await page.goto(`${baseUrl}/home`);
    await signInAtProvider(page, 'interviewer1');
    await page.waitForURL(`${baseUrl}/home`);
    expect(callbacks.length).toBeGreaterThan(0);
    expect(new URL(callbacks[0]!).searchParams.get('code')).toBeTruthy();
    await page.getByRole('heading', { name: 'Basic information' }).waitFor();
    expect(await page.getByTestId('callback-error').count()).toBe(0);
  });

  it('R-20 R-09 P-02 signed out, /questionnaire/ABC123 demands sign-in and comes back to it', async () => {
    await page.goto(`${baseUrl}/questionnaire/ABC123`);
    await signInAtProvider(page, 'interviewer1');
    await page.waitForURL(`${baseUrl}/questionnaire/ABC123`);
    // Signed in and back on the path; there is no request ABC123, and the screen says so.
    await page.getByRole('heading', { name: 'Disclosure request not found' }).waitFor();
  });

  it('R-07 R-10 signed in, / goes to /home and /questionnaire without an id shows the main screen', async () => {
    await signIn(page, baseUrl, 'interviewer1');
    await page.goto(`${baseUrl}/`);
    await page.waitForURL(`${baseUrl}/home`);
    await page.goto(`${baseUrl}/questionnaire`);
    await page.getByRole('heading', { name: 'Basic information' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/questionnaire');
  });

  it('L-06 L-07 E-06 the header shows the user name from user info, "--" until it has loaded', async () => {
    await enableStateGetter(context);
    await signIn(page, baseUrl, 'interviewer1');
    await expect
      .poll(() => page.getByTestId('user-name').textContent(), ANSWER_WAIT)
      .toBe('interviewer1');

    // Hold user info back on a reload: the name shows '--' meanwhile.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/user/info/get*', async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    await page.getByTestId('user-name').waitFor();
    expect(await page.getByTestId('user-name').textContent()).toBe('--');
    const state = await appState<{ userInfo: { userInfo: Record<string, unknown> } }>(page);
    expect(state.userInfo.userInfo).toMatchObject({
      userName: '--',
      role: '',
      insurerCode: '',
      language: 'en',
    });
    release();
    await expect
      .poll(() => page.getByTestId('user-name').textContent(), ANSWER_WAIT)
      .toBe('interviewer1');
  });
});

describe('what every API call carries', () => {
  it('A-01 A-02 A-03 A-04 A-05 A-06 P-11 P-12 P-14 calls go to /api/ with JSON, XMLHttpRequest, bearer token, Instance and datatimestamp', async () => {
    const calls: Request[] = [];
    page.on('request', (request) => {
      if (isApiRequest(request.url())) calls.push(request);
    });
    // Instances the server hands out: its cookie, and any an answer names (the disease list).
    const known = new Set<string>();
    const instanceCookie = async () =>
      (await context.cookies(baseUrl)).find((cookie) => cookie.name === 'instance')?.value;
    // Each answer's instance is read as its body arrives; the checks below wait for all of
    // them, or an instance the app took from an answer read last could be missing from `known`.
    const reading: Promise<void>[] = [];
    page.on('response', (response) => {
      if (!isApiRequest(response.url())) return;
      reading.push(
        response
          .json()
          .then((answer: { body?: { instance?: unknown } }) => {
            if (typeof answer.body?.instance === 'string') known.add(answer.body.instance);
          })
          .catch(() => undefined),
      );
    });
    await page.goto(`${baseUrl}/`);
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    known.add((await instanceCookie())!);
    await signIn(page, baseUrl, 'uw1');
    await expect.poll(() => page.getByTestId('user-name').textContent(), ANSWER_WAIT).toBe('uw1');
    await page.waitForLoadState('networkidle');
    await Promise.all(reading);
    const signedInCalls = calls.filter(
      (call) => new URL(call.url()).pathname !== '/api/auth/config',
    );
    const paths = signedInCalls.map((call) => new URL(call.url()).pathname);
    expect(paths).toContain('/api/user/info/get');
    expect(paths).toContain('/api/insurer/list');

    const stamps = new Set<string>();
    for (const call of calls) {
      const url = new URL(call.url());
      expect(url.origin).toBe(baseUrl);
      expect(url.pathname.startsWith('/api/')).toBe(true);
      const headers = await call.allHeaders();
      expect(headers['content-type']).toBe('application/json');
      expect(headers['x-requested-with']).toBe('XMLHttpRequest');
      expect(known).toContain(headers.instance);
      const stamp = url.searchParams.get('datatimestamp');
      expect(Math.abs(Number(stamp) - Date.now())).toBeLessThan(120_000);
      stamps.add(stamp!);
    }
    expect(stamps.size).toBe(calls.length);
    expect(known).toContain(await instanceCookie());
    for (const call of signedInCalls) {
      expect((await call.allHeaders()).authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    }
  });

  it('P-13 C-21 the instance identifier is kept in a cookie that expires after one day', async () => {
    await page.goto(`${baseUrl}/`);
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    const cookie = (await context.cookies(baseUrl)).find(
      (candidate) => candidate.name === 'instance',
    );
    expect(cookie).toBeDefined();
    const lifetime = cookie!.expires - Date.now() / 1000;
    expect(lifetime).toBeGreaterThan(86_400 - 120);
    expect(lifetime).toBeLessThanOrEqual(86_400 + 5);
  });
});

describe('inspecting the state', () => {
  it('E-08 E-09 E-53 with localStorage vmer.debug = 1 the state shows user info, the header selection and global feedback', async () => {
    await enableStateGetter(context);
    await signIn(page, baseUrl, 'uw1');
    await expect.poll(() => page.getByTestId('user-name').textContent(), ANSWER_WAIT).toBe('uw1');
    await expect
      .poll(
        async () =>
          (await appState<{ headerSelection: { status: string } }>(page)).headerSelection.status,
        ANSWER_WAIT,
      )
      .toBe('loaded');
    const state = await appState<{
      userInfo: Record<string, unknown> & { userInfo: Record<string, unknown> };
      headerSelection: Record<string, unknown>;
      globalFeedback: Record<string, unknown>;
    }>(page);
    expect(state.userInfo.userInfo).toMatchObject({
      userName: 'uw1',
      role: 'underwriter',
      insurerCode: 'phkl',
    });
    for (const key of [
      'ruleAgeList',
      'indicateList',
      'exWordingList',
      'smokingQuestion',
      'consolidateList',
    ]) {
      expect(state.userInfo).toHaveProperty(key);
    }
    expect(state.headerSelection).toMatchObject({
      insurerCode: 'phkl',
      insurerCodeList: ['phkl', 'slhk'],
    });
    expect((state.headerSelection.fullProductList as unknown[]).length).toBeGreaterThan(2);
    expect((state.headerSelection.smokingStatusList as unknown[]).length).toBe(5);
    expect(['Start', 'Finish']).toContain(state.globalFeedback.loadingStatus);
    expect(state.globalFeedback.apiError).toMatchObject({ open: false, message: null });
  });

  it('without the debug switch no state getter is exposed', async () => {
    await page.goto(`${baseUrl}/`);
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(
      await page.evaluate(
        () => typeof (window as unknown as { __vmerState?: unknown }).__vmerState,
      ),
    ).toBe('undefined');
  });
});

describe('roles stay out of sight', () => {
  const DEMO_USERS = [
    { userName: 'interviewer1', role: 'interviewer' },
    { userName: 'agent1', role: 'agent' },
    { userName: 'uw1', role: 'underwriter' },
    { userName: 'uw2', role: 'underwriter' },
    { userName: 'admin1', role: 'admin' },
  ];
  // Whole words only: the demo user names (interviewer1, agent1, admin1) are names, not roles.
  const ROLE_VALUE = /\b(interviewer|agent|underwriter|admin)\b/i;
  const visibleText = () => page.evaluate(() => document.body.innerText);

  it('P-08 no role value shows on the landing page, home or the questionnaire screen, for any demo user', async () => {
    await enableStateGetter(context);
    await page.goto(`${baseUrl}/`);
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await visibleText()).not.toMatch(ROLE_VALUE);
    for (const { userName, role } of DEMO_USERS) {
      // An administrator has no questionnaire (O-01): signing in lands on the dashboard, and a
      // disclosure's address says "not allowed".
      const admin = role === 'admin';
      const home = admin ? '/dashboard' : '/home';
      await signIn(page, baseUrl, userName, home);
      for (const path of [home, '/questionnaire/ABC123']) {
        if (new URL(page.url()).pathname !== path) await page.goto(`${baseUrl}${path}`);
        // ABC123 is no request: the screen says so (T-17) under the same header; the
        // dashboard's own heading is its screen's business.
        const heading = (
          (admin
            ? { '/questionnaire/ABC123': 'Not allowed' }
            : {
                '/home': 'Basic information',
                '/questionnaire/ABC123': 'Disclosure request not found',
              }) as Record<string, string | undefined>
        )[path];
        if (heading) await page.getByRole('heading', { name: heading }).waitFor();
        await expect
          .poll(() => page.getByTestId('user-name').textContent(), ANSWER_WAIT)
          .toBe(userName);
        await page.waitForLoadState('networkidle');
        // The app knows the role; it just never shows it.
        const state = await appState<{ userInfo: { userInfo: { role: string } } }>(page);
        expect(state.userInfo.userInfo.role).toBe(role);
        // The dashboard's explanations speak of underwriters as people; its header is the
        // app's, where a role would show.
        const shown =
          admin && path === home ? await page.getByRole('banner').innerText() : await visibleText();
        expect(shown, `${userName} at ${path}`).not.toMatch(ROLE_VALUE);
      }
      await page.evaluate(() => window.localStorage.clear());
      await context.clearCookies();
    }
  });
});
