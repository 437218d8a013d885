import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AdminAccountRequest, AdminUser } from '@vmer/domain/admin';
import { endpoints } from '@vmer/domain/api/endpoints';
import { Component as RequestsRoute } from '../../../app/routes/admin-account-requests.tsx';
import { Component as UsersRoute } from '../../../app/routes/admin-users.tsx';
import { inTraditionalChinese } from '../../../test/language.ts';
import { envelope, mockApi, onEndpoint } from '../../../test/mock-api.ts';
import { listedProduct, renderWithProducts } from '../../../test/insurer-list.tsx';

/** The administrator holds phkl and slhk. */
const PRODUCTS = [
  listedProduct(),
  listedProduct({
    insurerCode: 'slhk',
    insurerName: { en: 'Sun Life HK', cn_traditional: '永明香港' },
  }),
];

const person = (fields: Partial<AdminUser>): AdminUser => ({
  subject: 'ivy',
  userName: 'ivy',
  displayName: 'Ivy Interviewer',
  email: 'ivy@example.com',
  role: 'interviewer',
  insurers: ['phkl'],
  otherInsurers: 0,
  active: true,
  signIn: 'embedded',
  manageable: true,
  createdAt: '2026-03-01T09:00:00.000Z',
  updatedAt: '2026-03-02T09:00:00.000Z',
  ...fields,
});

const PEOPLE = [
  person({}),
  person({
    subject: 'shared',
    userName: 'shared',
    displayName: 'Sam Shared',
    role: 'underwriter',
    otherInsurers: 1,
    manageable: false,
  }),
  person({
    subject: 'me',
    userName: 'me',
    displayName: 'Ada Admin',
    role: 'admin',
    insurers: ['phkl', 'slhk'],
    manageable: false,
  }),
];

function render(
  route: 'users' | 'requests',
  path = route === 'users' ? '/admin/users' : '/admin/account-requests',
) {
  return renderWithProducts(route === 'users' ? <UsersRoute /> : <RequestsRoute />, PRODUCTS, path);
}

const peopleServer = (extra: Parameters<typeof mockApi> = []) =>
  mockApi(
    onEndpoint(endpoints.adminUsers, () => envelope({ items: PEOPLE, nextCursor: null })),
    onEndpoint(endpoints.adminAudit, () => envelope({ items: [], nextCursor: null })),
    ...extra,
  );

/** Types into a field at once (a paste), as the slow key-by-key typing adds nothing here. */
async function typeIn(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

async function openEdit(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Edit ${name}` }));
  return screen.findByRole('dialog', { name: `Edit ${name}` });
}

describe('people and access', () => {
  it('O-03 the create form refuses missing fields before sending, then shows the first password once with a copy button', async () => {
    const api = peopleServer([
      onEndpoint(endpoints.adminUserCreate, async ({ request }) =>
        HttpResponse.json(
          {
            code: 201,
            message: 'The person was created.',
            body: {
              user: person({ subject: 'nina1', userName: 'nina1', displayName: 'Nina New' }),
              initialPassword: 'Xy7-secret_Pass1',
              echo: await request.json(),
            },
          },
          { status: 201 },
        ),
      ),
    ]);
    render('users');
    await userEvent.click(await screen.findByRole('button', { name: 'Add a person' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a person' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getAllByText('This field is required')).toHaveLength(3);
    expect(within(dialog).getByText('Choose at least one insurer')).toBeTruthy();
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    // Only the administrator's own insurers are offered.
    expect(
      within(dialog)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['Pacific HK Life (phkl)', 'Sun Life HK (slhk)']);
    await typeIn(within(dialog).getByRole('textbox', { name: /User name/ }), 'nina1');
    await typeIn(within(dialog).getByRole('textbox', { name: /Full name/ }), 'Nina New');
    await typeIn(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'not-an-address');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Role/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Interviewer' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Pacific HK Life (phkl)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Enter a valid e-mail address')).toBeTruthy();
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'E-mail' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    const shown = await screen.findByRole('dialog', { name: 'First password of Nina New' });
    expect(within(shown).getByText(/shown only once/)).toBeTruthy();
    expect(within(shown).getByDisplayValue('Xy7-secret_Pass1')).toBeTruthy();
    expect(within(shown).getByRole('button', { name: 'Copy password' })).toBeTruthy();
    const sent = api.requests.filter((r) => r.method === 'POST');
    expect(JSON.parse(sent[0]!.body)).toEqual({
      signIn: 'embedded',
      userName: 'nina1',
      displayName: 'Nina New',
      role: 'interviewer',
      insurers: ['phkl'],
    });
    await userEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByDisplayValue('Xy7-secret_Pass1')).toBeNull());
  });

  it("O-14 the create form's problems read in Traditional Chinese, and the server's refusal shows by its field", async () => {
    peopleServer([
      onEndpoint(endpoints.adminUserCreate, () =>
        HttpResponse.json(
          {
            code: 400,
            message: '請求無效。',
            errors: [{ path: 'userName', message: '此使用者名稱已被使用。' }],
          },
          { status: 400 },
        ),
      ),
    ]);
    render('users');
    await inTraditionalChinese(async () => {
      await userEvent.click(await screen.findByRole('button', { name: '新增人員' }));
      const dialog = await screen.findByRole('dialog', { name: '新增人員' });
      await typeIn(within(dialog).getByRole('textbox', { name: /使用者名稱/ }), 'x');
      await userEvent.click(within(dialog).getByRole('button', { name: '建立' }));
      expect(
        within(dialog).getByText('使用者名稱須為 3 至 50 個英文字母、數字、句點、連字號或底線。'),
      ).toBeTruthy();
      expect(within(dialog).getByText('請選擇最少一間保險公司')).toBeTruthy();
      await typeIn(within(dialog).getByRole('textbox', { name: /使用者名稱/ }), 'taken');
      await typeIn(within(dialog).getByRole('textbox', { name: /全名/ }), '陳大文');
      await userEvent.click(within(dialog).getByRole('combobox', { name: /角色/ }));
      await userEvent.click(await screen.findByRole('option', { name: '代理人' }));
      await userEvent.click(within(dialog).getByRole('checkbox', { name: '永明香港 (slhk)' }));
      await userEvent.click(within(dialog).getByRole('button', { name: '建立' }));
      expect(await within(dialog).findByText('此使用者名稱已被使用。')).toBeTruthy();
    });
  });

  it('O-07 the edit form disables what the rights rules forbid and says why', async () => {
    peopleServer();
    render('users');
    // A person holding an insurer the administrator does not hold.
    let dialog = await openEdit('Sam Shared');
    expect(
      within(dialog).getByRole('combobox', { name: /Role/ }).getAttribute('aria-disabled'),
    ).toBe('true');
    expect(within(dialog).getByRole('switch', { name: 'Active' })).toHaveProperty('disabled', true);
    expect(
      within(dialog).getAllByText(/only an administrator holding all of them/).length,
    ).toBeGreaterThan(0);
    expect(within(dialog).getByText('Their 1 other insurer(s) stay as they are.')).toBeTruthy();
    expect(within(dialog).getByRole('checkbox', { name: 'Pacific HK Life (phkl)' })).toHaveProperty(
      'disabled',
      false,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    // Their own account.
    dialog = await openEdit('Ada Admin');
    expect(within(dialog).getByRole('checkbox', { name: 'Sun Life HK (slhk)' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(within(dialog).getByRole('switch', { name: 'Active' })).toHaveProperty('disabled', true);
    expect(
      within(dialog).getAllByText('You cannot change your own role, insurers or activation.')
        .length,
    ).toBeGreaterThan(0);
    expect(within(dialog).getByRole('textbox', { name: /Full name/ })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('O-06 O-05 deactivating asks first; a change made meanwhile is explained (409)', async () => {
    const api = peopleServer([
      onEndpoint(endpoints.adminUserUpdate, () =>
        HttpResponse.json(
          { code: 409, message: 'The record was changed by someone else. Reload and try again.' },
          { status: 409 },
        ),
      ),
    ]);
    render('users');
    const dialog = await openEdit('Ivy Interviewer');
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Active' }));
    const confirm = await screen.findByRole('dialog', { name: 'Deactivate Ivy Interviewer?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    expect(await within(dialog).findByRole('switch', { name: 'Active' })).toHaveProperty(
      'checked',
      false,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(/Someone else changed this person meanwhile/),
    ).toBeTruthy();
    const put = api.requests.find((r) => r.method === 'PUT');
    expect(JSON.parse(put!.body)).toEqual({ active: false, updatedAt: '2026-03-02T09:00:00.000Z' });
  });
});

const REQUEST: AdminAccountRequest = {
  id: '7d0a1d5e-8d55-4c61-9a55-0d7c3f1e2b10',
  name: 'Rita Request',
  email: 'rita.request@example.com',
  insurerCode: 'phkl',
  role: 'underwriter',
  message: 'New in the Kowloon team',
  createdAt: '2026-03-03T09:00:00.000Z',
  routed: true,
  state: 'pending',
  decidedBy: null,
  decidedAt: null,
  declineReason: null,
  userSubject: null,
};

describe('account requests', () => {
  const requestsServer = (extra: Parameters<typeof mockApi> = []) =>
    mockApi(
      onEndpoint(endpoints.accountRequests, () =>
        envelope({ page: 1, pageSize: 20, hasMore: false, items: [REQUEST] }),
      ),
      ...extra,
    );

  it('O-09 approve opens the create form pre-filled from the request; a request decided meanwhile is explained', async () => {
    const api = requestsServer([
      onEndpoint(endpoints.accountRequestApprove, () =>
        HttpResponse.json(
          { code: 409, message: 'This request has already been decided.' },
          { status: 409 },
        ),
      ),
    ]);
    render('requests');
    expect(await screen.findByText('New in the Kowloon team')).toBeTruthy();
    await userEvent.click(
      screen.getByRole('button', { name: 'Approve the request of Rita Request' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Approve the request of Rita Request',
    });
    expect(within(dialog).getByRole('textbox', { name: /User name/ })).toHaveProperty(
      'value',
      'rita.request',
    );
    expect(within(dialog).getByRole('textbox', { name: /Full name/ })).toHaveProperty(
      'value',
      'Rita Request',
    );
    expect(within(dialog).getByRole('combobox', { name: /Role/ }).textContent).toBe('Underwriter');
    expect(within(dialog).getByRole('checkbox', { name: 'Pacific HK Life (phkl)' })).toHaveProperty(
      'checked',
      true,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve and create' }));
    expect(await within(dialog).findByText(/already been decided/)).toBeTruthy();
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('O-09 decline asks a reason of at most 500 characters, counted as typed', async () => {
    const api = requestsServer([
      onEndpoint(endpoints.accountRequestDecline, () =>
        envelope({ ...REQUEST, state: 'declined', declineReason: 'Unknown' }),
      ),
    ]);
    render('requests');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Decline the request of Rita Request' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Decline the request of Rita Request',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(within(dialog).getByText('Give a reason')).toBeTruthy();
    const reason = within(dialog).getByRole('textbox', { name: /Reason/ });
    await userEvent.click(reason);
    await userEvent.paste('r'.repeat(501));
    expect(within(dialog).getByText('501 / 500')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(within(dialog).getByText('At most 500 characters')).toBeTruthy();
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    await userEvent.clear(reason);
    await userEvent.type(reason, 'Unknown');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(JSON.parse(api.requests.find((r) => r.method === 'POST')!.body)).toEqual({
      reason: 'Unknown',
    });
  });
});
