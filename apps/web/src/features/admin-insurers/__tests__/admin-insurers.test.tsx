import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { AdminInsurer } from '@vmer/domain/admin';
import { endpoints } from '@vmer/domain/api/endpoints';
import { Component as AdminInsurersRoute } from '../../../app/routes/admin-insurers.tsx';
import { InsurersScreen } from '../components/insurers-screen.tsx';
import { envelope, mockApi, onEndpoint } from '../../../test/mock-api.ts';
import { inTraditionalChinese } from '../../../test/language.ts';
import { renderWithApp } from '../../../test/render.tsx';

const PHKL: AdminInsurer = {
  code: 'phkl',
  name: { en: 'Pine Harbour Kowloon Life', cn_traditional: '松港九龍人壽' },
  smokingList: 'B',
  lastAgeOption: true,
  printCover: false,
  channels: [
    {
      code: 'agency',
      products: [
        {
          code: 'WL01',
          name: { en: 'Whole Life Protector', cn_traditional: '終身人壽保障計劃' },
          impairments: 'all',
        },
      ],
    },
  ],
};

const CONDITIONS = [
  { uuid: 'asthma', name: { en: 'Asthma', cn_traditional: '哮喘' } },
  { uuid: 'gout', name: { en: 'Gout', cn_traditional: '痛風' } },
];

/** The insurers API: the list at version 7, and a save answered as `answer` says. */
function insurersApi(answer: (body: unknown) => Response = () => envelope(null)) {
  return mockApi(
    onEndpoint(endpoints.adminInsurers, () =>
      envelope({ catalogVersion: '7', insurers: [PHKL], conditions: CONDITIONS }),
    ),
    onEndpoint(endpoints.adminInsurerUpdate, async ({ request }) => answer(await request.json())),
    onEndpoint(endpoints.adminInsurerCreate, async ({ request }) => answer(await request.json())),
    onEndpoint(endpoints.insurerList, () => envelope([])),
  );
}

const saves = (api: ReturnType<typeof mockApi>) =>
  api.requests.filter(
    (r) => r.method !== 'GET' && r.url.pathname.startsWith('/api/admin/insurers'),
  );

async function openPhkl() {
  await userEvent.click(
    await screen.findByRole('button', { name: /PHKL · Pine Harbour Kowloon Life/ }),
  );
  return screen.findByRole('group', { name: 'Product WL01' });
}

describe('the insurers screen', () => {
  it('O-11 renames a product and adds one: saving confirms the new version, sends the insurer and says which version is active', async () => {
    let sent: unknown;
    const api = insurersApi((body) => {
      sent = body;
      return envelope({
        catalogVersion: '8',
        insurer: (body as { insurer: AdminInsurer }).insurer,
      });
    });
    renderWithApp(<AdminInsurersRoute />, { path: '/admin/insurers' });
    expect(
      await screen.findByRole('heading', { name: 'Insurers and products', level: 1 }),
    ).toBeTruthy();
    const product = await openPhkl();
    const productName = within(product).getByRole('textbox', { name: 'Name (English)' });
    await userEvent.clear(productName);
    await userEvent.type(productName, 'Whole Life Plus');

    await userEvent.click(screen.getByRole('button', { name: 'Add a product' }));
    const added = screen.getByRole('group', { name: 'Product …' });
    await userEvent.type(within(added).getByRole('textbox', { name: 'Product code' }), 'HC03');
    const named = screen.getByRole('group', { name: 'Product HC03' });
    await userEvent.type(
      within(named).getByRole('textbox', { name: 'Name (English)' }),
      'Hospital',
    );
    await userEvent.type(within(named).getByRole('textbox', { name: 'Name (中文)' }), '住院');
    await userEvent.click(within(named).getByRole('radio', { name: 'Chosen conditions' }));
    await userEvent.click(within(named).getByRole('combobox', { name: 'Conditions' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Gout' }));

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Save and activate a new catalogue version?',
    });
    expect(dialog.textContent).toContain(
      'Saving makes catalogue version 8 from version 7 with PHKL as edited',
    );
    expect(saves(api)).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save and activate' }));
    expect(await screen.findByText('Saved PHKL: catalogue version 8 is active.')).toBeTruthy();
    expect(sent).toEqual({
      catalogVersion: '7',
      insurer: {
        ...PHKL,
        channels: [
          {
            code: 'agency',
            products: [
              {
                ...PHKL.channels[0]!.products[0],
                name: { en: 'Whole Life Plus', cn_traditional: '終身人壽保障計劃' },
              },
              {
                code: 'HC03',
                name: { en: 'Hospital', cn_traditional: '住院' },
                impairments: ['gout'],
              },
            ],
          },
        ],
      },
    });
    expect(saves(api)[0]!.url.pathname).toBe('/api/admin/insurers/phkl');
    // The header's selectors are asked for again.
    await waitFor(() =>
      expect(api.requests.some((r) => r.url.pathname === '/api/insurer/list')).toBe(true),
    );
  });

  it('O-11 adds an insurer with a channel and a product: POST with the code typed', async () => {
    let sent: unknown;
    const api = insurersApi((body) => {
      sent = body;
      return HttpResponse.json(
        {
          code: 201,
          message: 'added',
          body: { catalogVersion: '8', insurer: (body as { insurer: AdminInsurer }).insurer },
        },
        { status: 201 },
      );
    });
    renderWithApp(<InsurersScreen onSaved={vi.fn()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add an insurer' }));
    // An existing code is refused before anything is sent.
    const code = await screen.findByRole('textbox', { name: 'Insurer code' });
    await userEvent.type(code, 'phkl');
    await userEvent.type(screen.getAllByRole('textbox', { name: 'Name (English)' })[0]!, 'Acme');
    await userEvent.type(screen.getAllByRole('textbox', { name: 'Name (中文)' })[0]!, '極致');
    await userEvent.type(screen.getByRole('textbox', { name: 'Channel code' }), 'direct');
    const product = screen.getByRole('group', { name: 'Product …' });
    await userEvent.type(within(product).getByRole('textbox', { name: 'Product code' }), 'TL01');
    await userEvent.type(within(product).getByRole('textbox', { name: 'Name (English)' }), 'Term');
    await userEvent.type(within(product).getByRole('textbox', { name: 'Name (中文)' }), '定期');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('An insurer with this code already exists.')).toBeTruthy();
    await userEvent.clear(code);
    await userEvent.type(code, 'acme');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Save and activate' }));
    expect(await screen.findByText('Saved ACME: catalogue version 8 is active.')).toBeTruthy();
    expect(saves(api)[0]!.url.pathname).toBe('/api/admin/insurers');
    expect(sent).toEqual({
      catalogVersion: '7',
      insurer: {
        code: 'acme',
        name: { en: 'Acme', cn_traditional: '極致' },
        smokingList: 'A',
        lastAgeOption: false,
        printCover: false,
        channels: [
          {
            code: 'direct',
            products: [
              { code: 'TL01', name: { en: 'Term', cn_traditional: '定期' }, impairments: 'all' },
            ],
          },
        ],
      },
    });
  });

  it('O-11 shows the checks beside the fields before anything is sent, in both languages', async () => {
    const api = insurersApi();
    renderWithApp(<InsurersScreen onSaved={vi.fn()} />);
    await openPhkl();
    await userEvent.click(screen.getByRole('button', { name: 'Add a product' }));
    const added = screen.getByRole('group', { name: 'Product …' });
    await userEvent.type(within(added).getByRole('textbox', { name: 'Product code' }), 'WL01');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Another product of this channel has this code.')).toBeTruthy();
    expect(screen.getAllByText('Enter the name.')).toHaveLength(2);
    expect(screen.getByText('Correct the fields marked before saving.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    // The first field to correct has the focus.
    expect(document.activeElement?.getAttribute('aria-invalid')).toBe('true');
    await inTraditionalChinese(() => {
      expect(screen.getByText('此銷售渠道的另一個產品已使用此代碼。')).toBeTruthy();
      expect(screen.getAllByText('請輸入名稱。')).toHaveLength(2);
    });
    expect(saves(api)).toEqual([]);
  });

  it("O-11 shows the server's refusal: its fields' messages beside them, the catalogue's problems listed", async () => {
    insurersApi(() =>
      HttpResponse.json(
        {
          code: 400,
          message: 'The insurer has 2 problem(s); nothing was saved.',
          errors: [
            { path: 'insurer.name.en', message: 'Not this name.' },
            { path: 'insurers.yaml:4', message: 'something the catalogue refuses' },
          ],
        },
        { status: 400 },
      ),
    );
    renderWithApp(<InsurersScreen onSaved={vi.fn()} />);
    await openPhkl();
    await userEvent.click(screen.getByRole('switch', { name: 'Print a cover page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Save and activate' }));
    expect(await screen.findByText('Not this name.')).toBeTruthy();
    expect(screen.getByText('insurers.yaml:4: something the catalogue refuses')).toBeTruthy();
  });

  it('O-11 a change made on a version no longer active says so and offers to reload', async () => {
    const api = insurersApi(() =>
      HttpResponse.json(
        { code: 409, message: 'The catalogue was changed meanwhile.' },
        { status: 409 },
      ),
    );
    renderWithApp(<InsurersScreen onSaved={vi.fn()} />);
    await openPhkl();
    await userEvent.click(screen.getByRole('radio', { name: 'List A' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Save and activate' }));
    expect(await screen.findByText('The catalogue was changed meanwhile.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const lists = () =>
      api.requests.filter((r) => r.url.pathname === '/api/admin/insurers' && r.method === 'GET');
    const before = lists().length;
    await userEvent.click(screen.getByRole('button', { name: 'Reload the insurers' }));
    await waitFor(() => expect(lists().length).toBe(before + 1));
  });
});
