import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { endpoints } from '@vmer/domain/api/endpoints';
import type { WebhookDelivery, WebhookEndpoint } from '@vmer/domain/webhooks';
import { Component as AdminWebhooksRoute } from '../../../app/routes/admin-webhooks.tsx';
import { inTraditionalChinese } from '../../../test/language.ts';
import { envelope, mockApi, onEndpoint } from '../../../test/mock-api.ts';
import { renderWithApp } from '../../../test/render.tsx';

const ENDPOINT: WebhookEndpoint = {
  id: '0b9d3c52-52f4-4c1e-9d0e-5d1f1c3a7e01',
  insurer: 'phkl',
  url: 'https://hooks.example.com/vmer',
  description: 'Policy admin system',
  events: ['disclosure.submitted', 'disclosure.validated'],
  enabled: true,
  createdAt: '2026-03-05T06:00:00.000Z',
  updatedAt: '2026-03-05T06:00:00.000Z',
};

const delivery = (id: string, state: WebhookDelivery['state']): WebhookDelivery => ({
  id,
  messageId: `msg_${id}`,
  event: 'disclosure.submitted',
  disclosureId: `APP-00${id}`,
  state,
  attempts: state === 'pending' ? 2 : 1,
  createdAt: '2026-03-06T06:00:00.000Z',
  lastAttemptAt: '2026-03-06T06:00:01.000Z',
  lastStatus: state === 'delivered' ? 204 : 503,
  lastError: null,
  nextAttemptAt: state === 'pending' ? '2026-03-06T06:05:00.000Z' : null,
  deliveredAt: state === 'delivered' ? '2026-03-06T06:00:01.000Z' : null,
  tries: [],
});

const SECRET = 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LTEyMzQ=';

function webhooksApi(items: WebhookEndpoint[] = [ENDPOINT]) {
  return mockApi(
    onEndpoint(endpoints.adminWebhooks, () => envelope({ items })),
    onEndpoint(endpoints.adminInsurers, () =>
      envelope({
        catalogVersion: '1',
        insurers: [{ code: 'phkl' }],
        conditions: [],
      }),
    ),
  );
}

const bodiesTo = (api: ReturnType<typeof mockApi>, method: string, pathEnd: string) =>
  api.requests
    .filter((r) => r.method === method && r.url.pathname.endsWith(pathEnd))
    .map((r) => JSON.parse(r.body) as unknown);

describe('the webhooks screen', () => {
  it('N-02 lists the endpoints, says the server refused URL beside its field, and shows a new secret once with its warning', async () => {
    const api = webhooksApi();
    let refuse = true;
    api.use(
      onEndpoint(endpoints.adminWebhookCreate, () =>
        refuse
          ? HttpResponse.json(
              {
                code: 400,
                message: 'Bad request',
                errors: [{ path: 'url', message: 'Enter a full http or https address.' }],
              },
              { status: 400 },
            )
          : HttpResponse.json(
              {
                code: 201,
                message: 'Created',
                body: {
                  endpoint: { ...ENDPOINT, id: 'a', url: 'https://new.example.com/h' },
                  secret: SECRET,
                },
              },
              { status: 201 },
            ),
      ),
    );
    renderWithApp(<AdminWebhooksRoute />, { path: '/admin/webhooks' });
    const table = await screen.findByRole('table', { name: 'Webhook endpoints' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByRole('rowheader').textContent).toBe(ENDPOINT.url);
    expect(row.textContent).toContain('Disclosure submitted');
    expect(row.textContent).toContain('Policy admin system');

    const add = screen.getByRole('button', { name: 'Add endpoint' });
    await waitFor(() => expect(add.hasAttribute('disabled')).toBe(false));
    await userEvent.click(add);
    const dialog = await screen.findByRole('dialog', { name: 'Add a webhook endpoint' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter the URL.')).toBeTruthy();
    const url = within(dialog).getByRole('textbox', { name: /URL/ });
    await userEvent.type(url, 'ftp://x');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Disclosure rejected' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a full http or https address.')).toBeTruthy();
    await waitFor(() => expect(url.getAttribute('aria-invalid')).toBe('true'));

    refuse = false;
    await userEvent.clear(url);
    await userEvent.type(url, 'https://new.example.com/h');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const secret = await screen.findByRole('dialog', { name: 'The signing secret' });
    expect(within(secret).getByText(/shown only once/)).toBeTruthy();
    expect(within(secret).getByDisplayValue(SECRET)).toBeTruthy();
    expect(within(secret).getByRole('button', { name: 'Copy the secret' })).toBeTruthy();
    expect(bodiesTo(api, 'POST', '/admin/webhooks').at(-1)).toEqual({
      insurer: 'phkl',
      url: 'https://new.example.com/h',
      events: ['disclosure.submitted', 'disclosure.validated'],
      description: '',
    });
    await userEvent.click(within(secret).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByDisplayValue(SECRET)).toBeNull());

    await inTraditionalChinese(async () => {
      expect(await screen.findByRole('table', { name: 'Webhook 端點' })).toBeTruthy();
      expect(screen.getByRole('button', { name: '新增端點' })).toBeTruthy();
    });
  });

  it('N-02 a new secret and a deletion each ask first', async () => {
    const api = webhooksApi();
    api.use(
      onEndpoint(endpoints.adminWebhookRotate, () =>
        envelope({ endpoint: ENDPOINT, secret: SECRET }),
      ),
      onEndpoint(endpoints.adminWebhookDelete, () => envelope(null)),
    );
    renderWithApp(<AdminWebhooksRoute />, { path: '/admin/webhooks' });
    await userEvent.click(
      await screen.findByRole('button', { name: `Give the endpoint ${ENDPOINT.url} a new secret` }),
    );
    const confirm = await screen.findByRole('alertdialog', {
      name: 'Give the endpoint a new secret?',
    });
    await userEvent.click(within(confirm).getByRole('button', { name: 'New secret' }));
    expect(await screen.findByDisplayValue(SECRET)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'I have copied it' }));

    await userEvent.click(
      screen.getByRole('button', { name: `Delete the endpoint ${ENDPOINT.url}` }),
    );
    const remove = await screen.findByRole('alertdialog', { name: 'Delete the endpoint?' });
    await userEvent.click(within(remove).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(`The endpoint ${ENDPOINT.url} is deleted.`)).toBeTruthy();
    expect(api.requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
  });

  it('N-04 the delivery log shows each delivery and resends a delivered one; a pending one is refused in words', async () => {
    const api = webhooksApi();
    let resendStatus = 200;
    api.use(
      onEndpoint(endpoints.adminWebhookDeliveries, () =>
        envelope({ items: [delivery('2', 'dead'), delivery('1', 'delivered')], nextCursor: null }),
      ),
      onEndpoint(endpoints.adminWebhookResend, () =>
        resendStatus === 200
          ? envelope(delivery('1', 'pending'))
          : HttpResponse.json({ code: 409, message: 'Pending' }, { status: 409 }),
      ),
    );
    renderWithApp(<AdminWebhooksRoute />, { path: '/admin/webhooks' });
    await userEvent.click(
      await screen.findByRole('button', { name: `Deliveries to ${ENDPOINT.url}` }),
    );
    const log = await screen.findByRole('dialog', { name: `Deliveries to ${ENDPOINT.url}` });
    const table = await within(log).findByRole('table', { name: 'Deliveries, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]!.textContent).toContain('APP-002');
    expect(rows[0]!.textContent).toContain('Dead: no more retries');
    expect(rows[1]!.textContent).toContain('Delivered');
    expect(rows[1]!.textContent).toContain('204');

    await userEvent.click(within(log).getByRole('button', { name: 'Resend delivery 1' }));
    expect(await within(log).findByText('The delivery is queued to be sent again.')).toBeTruthy();
    resendStatus = 409;
    await userEvent.click(within(log).getByRole('button', { name: 'Resend delivery 2' }));
    expect(await within(log).findByText(/still pending/)).toBeTruthy();
    await inTraditionalChinese(async () => {
      expect(await screen.findByText(/此傳送仍在等待中/)).toBeTruthy();
    });
  });

  it('N-02 with no endpoint yet the screen says so', async () => {
    webhooksApi([]);
    renderWithApp(<AdminWebhooksRoute />, { path: '/admin/webhooks' });
    expect(await screen.findByText('No webhook endpoint is registered yet.')).toBeTruthy();
  });
});
