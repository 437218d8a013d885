import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { endpoints } from '@vmer/domain/api/endpoints';
import type { Role } from '@vmer/domain/model';
import { INITIAL_USER_INFO } from '@vmer/domain/model';
import type { ReactNode } from 'react';
import { AppNav } from '../layout/app-nav.tsx';
import { RequireScreen } from '../require-screen.tsx';
import { useGetUserInfoQuery } from '../../features/user-info/api/user-info-api.ts';
import { envelope, mockApi, onEndpoint, type MockApi } from '../../test/mock-api.ts';
import { inTraditionalChinese } from '../../test/language.ts';
import { renderWithApp } from '../../test/render.tsx';

/** Loads user info as the app layout does, then shows the children. */
function SignedIn({ children }: { children: ReactNode }) {
  useGetUserInfoQuery();
  return children;
}

/** The API of a person of this role: user info, and the worklist's counts for the badge. */
function apiOf(role: Role, returnedToMe = () => 0): MockApi {
  return mockApi(
    onEndpoint(endpoints.userInfo, () =>
      envelope({ ...INITIAL_USER_INFO, userName: `a ${role}`, role, insurerCode: 'phkl' }),
    ),
    onEndpoint(endpoints.worklistCounts, () =>
      envelope({ byStatus: {}, mine: 0, awaitingMyReview: 0, returnedToMe: returnedToMe() }),
    ),
  );
}

/** The menu, in whichever language it reads. */
const menu = () => screen.getByRole('navigation');
/**
 * The menu's entries as [name, address], in order, when they are exactly those given (the
 * accessible name leaves out the badge's bare number).
 */
const menuEntries = (expected: [string, string][]) => {
  const links = within(menu()).getAllByRole('link');
  expect(links).toHaveLength(expected.length);
  return expected.map(([name]) => {
    const link = within(menu()).getByRole('link', { name });
    return [links.indexOf(link), name, link.getAttribute('href')];
  });
};
const inOrder = (expected: [string, string][]) =>
  expected.map(([name, href], index) => [index, name, href]);

describe('the header menu', () => {
  const MENUS: Record<Role, [string, string][]> = {
    agent: [
      ['Questionnaire', '/home'],
      ['Worklist', '/worklist'],
    ],
    interviewer: [
      ['Questionnaire', '/home'],
      ['Worklist', '/worklist'],
    ],
    underwriter: [
      ['Questionnaire', '/home'],
      ['Worklist', '/worklist'],
      ['Dashboard', '/dashboard'],
    ],
    admin: [
      ['Dashboard', '/dashboard'],
      ['Users', '/admin/users'],
      ['Account requests', '/admin/account-requests'],
      ['Insurers', '/admin/insurers'],
      ['Catalogue', '/admin/catalogue'],
    ],
  };

  for (const [role, entries] of Object.entries(MENUS) as [Role, [string, string][]][]) {
    it(`O-01 offers a person of role ${role} exactly the screens the role may use`, async () => {
      const api = apiOf(role);
      renderWithApp(
        <SignedIn>
          <AppNav />
        </SignedIn>,
        { path: '/home' },
      );
      // The badge is asked for only where the worklist is offered. Where it is, the test waits
      // for that call: answered after the test, it would count in the next one's requests.
      const counted = () =>
        api.requests.some((r) => r.url.pathname.endsWith('/disclosures/counts'));
      await waitFor(() => {
        expect(menuEntries(entries)).toEqual(inOrder(entries));
        expect(counted()).toBe(role !== 'admin');
      });
      expect(counted()).toBe(role !== 'admin');
    });
  }

  it('O-01 shows no screen before user info says who the person is', () => {
    mockApi();
    renderWithApp(<AppNav />, { path: '/home' });
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeTruthy();
    expect(within(menu()).queryAllByRole('link')).toEqual([]);
  });

  it('O-01 names the administration screens in Traditional Chinese', async () => {
    apiOf('admin');
    renderWithApp(
      <SignedIn>
        <AppNav />
      </SignedIn>,
      { path: '/admin/insurers' },
    );
    const english = MENUS.admin;
    await waitFor(() => expect(menuEntries(english)).toEqual(inOrder(english)));
    expect(
      within(menu()).getByRole('link', { name: 'Insurers' }).getAttribute('aria-current'),
    ).toBe('page');
    await inTraditionalChinese(() => {
      const chinese = english.map(([, href], index): [string, string] => [
        ['儀表板', '用戶', '帳戶申請', '保險公司', '問卷目錄'][index]!,
        href,
      ]);
      expect(menuEntries(chinese)).toEqual(inOrder(chinese));
    });
  });

  it('W-01 W-20 O-01 marks the current page and counts what was returned to the caller', async () => {
    let returned = 2;
    apiOf('interviewer', () => returned);
    const view = renderWithApp(
      <SignedIn>
        <AppNav />
      </SignedIn>,
      { path: '/worklist' },
    );
    const worklist = await within(menu()).findByRole('link', {
      name: 'Worklist 2 returned to you',
    });
    expect(worklist.getAttribute('href')).toBe('/worklist');
    expect(worklist.getAttribute('aria-current')).toBe('page');
    const questionnaire = within(menu()).getByRole('link', { name: 'Questionnaire' });
    expect(questionnaire.getAttribute('href')).toBe('/home');
    expect(questionnaire.getAttribute('aria-current')).toBeNull();
    // A resubmitted disclosure leaves the count when the caller moves on.
    returned = 1;
    await act(() => view.router.navigate('/questionnaire/R1'));
    expect(
      (
        await within(menu()).findByRole('link', { name: 'Worklist 1 returned to you' })
      ).getAttribute('aria-current'),
    ).toBeNull();
    expect(questionnaire.getAttribute('aria-current')).toBe('page');
    await inTraditionalChinese(async () => {
      expect(within(menu()).getByRole('link', { name: '工作清單 1 份退回給您' })).toBeTruthy();
      expect(within(menu()).getByRole('link', { name: '問卷' })).toBeTruthy();
    });
  });
});

describe('the screen guard', () => {
  const guarded = (path: string, preload = () => undefined) =>
    renderWithApp(
      <RequireScreen screen="insurers" preload={preload}>
        <p>The insurers screen</p>
      </RequireScreen>,
      { path },
    );

  it('O-01 shows "not allowed" instead of a screen the role may not use, with a link to the first one it may', async () => {
    apiOf('underwriter');
    guarded('/admin/insurers');
    await screen.findByRole('heading', { name: 'Not allowed', level: 1 });
    expect(screen.getByText('Your account may not use this page.')).toBeTruthy();
    expect(screen.queryByText('The insurers screen')).toBeNull();
    const link = screen.getByRole('link', { name: 'Go to Questionnaire' });
    expect(link.getAttribute('href')).toBe('/home');
    expect(document.title).toBe('Not allowed – Video MER');
    await inTraditionalChinese(() => {
      expect(screen.getByRole('heading', { name: '不允許使用' })).toBeTruthy();
      expect(screen.getByText('您的帳戶不可使用此頁面。')).toBeTruthy();
      expect(screen.getByRole('link', { name: '前往問卷' })).toBeTruthy();
    });
  });

  it('O-01 shows the screen to a role that may use it, after a progress bar while user info loads', async () => {
    apiOf('admin');
    const preload = vi.fn();
    guarded('/admin/insurers', preload);
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeTruthy();
    // The screen's code starts loading while user info is read, not after it.
    expect(preload).toHaveBeenCalledTimes(1);
    await screen.findByText('The insurers screen');
    expect(screen.queryByRole('heading', { name: 'Not allowed' })).toBeNull();
  });

  it('O-01 moves a person without the questionnaire from /home, where signing in lands, to their first screen', async () => {
    apiOf('admin');
    const view = renderWithApp(
      <SignedIn>
        <RequireScreen screen="questionnaire" preload={() => undefined}>
          <p>The questionnaire</p>
        </RequireScreen>
      </SignedIn>,
      { path: '/home' },
    );
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/dashboard'));
    expect(screen.queryByText('The questionnaire')).toBeNull();
  });

  it('O-01 a disclosure address still says "not allowed" to an administrator, linking the dashboard', async () => {
    apiOf('admin');
    renderWithApp(
      <RequireScreen screen="questionnaire" preload={() => undefined}>
        <p>The questionnaire</p>
      </RequireScreen>,
      { path: '/questionnaire/R1' },
    );
    await screen.findByRole('heading', { name: 'Not allowed' });
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
  });
});
