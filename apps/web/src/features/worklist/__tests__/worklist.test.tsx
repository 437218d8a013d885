import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { endpoints } from '@vmer/domain/api/endpoints';
import type { WorklistCounts, WorklistEntry, WorklistPage } from '@vmer/domain/workbench';
import { Component as WorklistRoute } from '../../../app/routes/worklist.tsx';
import { expectDownloads } from '../../../test/downloads.ts';
import { addressQuery, listedProduct, renderWithProducts } from '../../../test/insurer-list.tsx';
import { envelope, mockApi, onEndpoint, queriesTo, type MockApi } from '../../../test/mock-api.ts';
import { HttpResponse } from 'msw';
import { inTraditionalChinese } from '../../../test/language.ts';

const entry = (n: number, fields: Partial<WorklistEntry> = {}): WorklistEntry => ({
  id: `d${n}`,
  requestId: `r${n}`,
  applicationNumber: `APP${n}`,
  insurerCode: 'phkl',
  channel: 'agency',
  productCode: 'WL01',
  status: 3,
  version: 2,
  catalogVersion: '1',
  decisions: { LIFE: '25', CI: 'EX1' },
  needsReview: true,
  conditions: ['Asthma'],
  createdBy: 'interviewer1',
  createdAt: '2026-03-01T09:00:00.000Z',
  updatedAt: '2026-03-05T09:00:00.000Z',
  submittedAt: '2026-03-05T09:00:00.000Z',
  reviewer: null,
  claim: null,
  rejectReason: null,
  ...fields,
});

const COUNTS: WorklistCounts = {
  byStatus: { 2: 1, 3: 2, 5: 1 },
  mine: 3,
  awaitingMyReview: 2,
  returnedToMe: 1,
};

const PRODUCTS = [listedProduct()];

/** A page answer per cursor: no cursor gives the first page. */
type Pages = Record<string, WorklistPage>;

function worklistServer(pages: Pages, counts: WorklistCounts = COUNTS): MockApi {
  return mockApi(
    onEndpoint(endpoints.worklistCounts, () => envelope(counts)),
    onEndpoint(endpoints.worklist, ({ request }) => {
      const cursor = new URL(request.url).searchParams.get('cursor') ?? '';
      return envelope(pages[cursor] ?? { items: [], nextCursor: null });
    }),
  );
}

const pageCalls = (api: MockApi) => queriesTo(api, '/disclosures');

const renderWorklist = (path = '/worklist') =>
  renderWithProducts(<WorklistRoute />, PRODUCTS, path);

/** A window of `width` px for Material UI's media queries (jsdom has none). */
function atWidth(width: number) {
  window.matchMedia = (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const matches = (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
    return {
      matches,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    } as MediaQueryList;
  };
}

afterEach(() => {
  delete (window as { matchMedia?: unknown }).matchMedia;
});

describe('the worklist', () => {
  it('W-02 W-05 lists the server page for the filters the address holds, with links, status chips, decisions and conditions', async () => {
    const api = worklistServer({
      '': {
        items: [
          entry(1, { conditions: ['Asthma', 'Gout', 'Migraine', 'Fractures', 'Hepatitis B'] }),
          entry(2, {
            status: 5,
            decisions: { LIFE: 'D' },
            reviewer: 'uw1',
            rejectReason: 'Height missing',
          }),
        ],
        nextCursor: null,
      },
    });
    renderWorklist('/worklist?status=3,5&q=APP&sort=createdAt&order=asc&needsReview=true');
    const link = await screen.findByRole('link', { name: 'APP1' });
    expect(link.getAttribute('href')).toBe('/questionnaire/r1');
    expect(pageCalls(api)[0]).toEqual({
      status: '3,5',
      q: 'APP',
      needsReview: 'true',
      view: 'all',
      sort: 'createdAt',
      order: 'asc',
      limit: '50',
    });
    const grid = screen.getByRole('grid', { name: 'Disclosures' });
    const row = (name: string) =>
      within(grid).getByRole('link', { name }).closest('[role="row"]') as HTMLElement;
    expect(within(row('APP1')).getByText('Submitted')).toBeTruthy();
    expect(within(row('APP1')).getByText('LIFE 25').dataset.tone).toBe('debit');
    expect(within(row('APP1')).getByText('CI EX1').dataset.tone).toBe('exclusion');
    expect(within(row('APP1')).getByText(/Asthma, Gout, Migraine/)).toBeTruthy();
    expect(
      within(row('APP1')).getByRole('button', { name: '2 more: Fractures, Hepatitis B' }),
    ).toBeTruthy();
    expect(within(row('APP2')).getByText('Rejected')).toBeTruthy();
    expect(within(row('APP2')).getByText('LIFE D').dataset.tone).toBe('decline');
    expect(within(row('APP2')).getByText('uw1')).toBeTruthy();
    expect(within(row('APP2')).getByText('Returned: Height missing')).toBeTruthy();
  });

  it('W-03 W-05 a filter chosen goes into the address and the query; Back restores the list before it', async () => {
    const api = worklistServer({ '': { items: [entry(1)], nextCursor: null } });
    const view = renderWorklist();
    await screen.findByRole('link', { name: 'APP1' });
    await userEvent.click(screen.getByRole('button', { name: 'Submitted: 2' }));
    await waitFor(() => expect(addressQuery(view)).toEqual({ status: '3' }));
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Application number starts with' }),
      'APP9{Enter}',
    );
    await waitFor(() => expect(addressQuery(view)).toEqual({ status: '3', q: 'APP9' }));
    await waitFor(() =>
      expect(pageCalls(api).at(-1)).toMatchObject({ status: '3', q: 'APP9', view: 'all' }),
    );
    await userEvent.click(screen.getByRole('switch', { name: 'Decision needs review' }));
    await waitFor(() => expect(addressQuery(view)).toMatchObject({ needsReview: 'true' }));
    expect(pageCalls(api).at(-1)).toMatchObject({ needsReview: 'true' });

    await act(() => view.router.navigate(-1));
    expect(addressQuery(view)).toEqual({ status: '3', q: 'APP9' });
    expect(
      (screen.getByRole('switch', { name: 'Decision needs review' }) as HTMLInputElement).checked,
    ).toBe(false);
    await act(() => view.router.navigate(-1));
    expect(addressQuery(view)).toEqual({ status: '3' });
    expect(
      (
        screen.getByRole('textbox', {
          name: 'Application number starts with',
        }) as HTMLInputElement
      ).value,
    ).toBe('');
    expect(screen.getByRole('button', { name: 'Submitted: 2' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('W-06 W-20 the view tabs and the status buttons show their counts for the filters; a tab chooses its view', async () => {
    const api = worklistServer({ '': { items: [entry(1)], nextCursor: null } });
    const view = renderWorklist('/worklist?insurer=phkl&status=3');
    const tabs = await screen.findByRole('tablist', { name: 'Views' });
    await waitFor(() =>
      expect(
        within(tabs)
          .getAllByRole('tab')
          .map((tab) => tab.textContent),
      ).toEqual(['All (4)', 'Created by me (3)', 'Awaiting my review (2)', 'Returned to me (1)']),
    );
    expect(screen.getByRole('button', { name: 'Saved: 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Validated: 0' })).toBeTruthy();
    // Counts are per status and per view, so their call names neither.
    const countsCall = api.requests.find((r) => r.url.pathname.endsWith('/disclosures/counts'))!;
    expect(countsCall.url.searchParams.get('insurer')).toBe('phkl');
    expect(countsCall.url.searchParams.get('status')).toBeNull();
    await userEvent.click(within(tabs).getByRole('tab', { name: 'Returned to me (1)' }));
    await waitFor(() =>
      expect(addressQuery(view)).toEqual({ insurer: 'phkl', status: '3', view: 'returnedToMe' }),
    );
    await waitFor(() => expect(pageCalls(api).at(-1)).toMatchObject({ view: 'returnedToMe' }));
  });

  it('W-03 the condition filter offers the catalogue conditions by name and filters by uuid; dates filter by range', async () => {
    const api = worklistServer({ '': { items: [entry(1)], nextCursor: null } });
    api.use(
      onEndpoint(endpoints.diseaseList, () =>
        envelope({
          instance: '00000000-0000-4000-8000-000000000001',
          diseaseList: [
            {
              uuid: 'asthma',
              name: { en: 'Asthma', cn_traditional: '哮喘' },
              gender: 'All',
              decision: ['LIFE'],
              exNoList: [],
              selfDefined: false,
            },
            {
              uuid: 'gout',
              name: { en: 'Gout', cn_traditional: '痛風' },
              gender: 'All',
              decision: ['LIFE'],
              exNoList: [],
              selfDefined: false,
            },
          ],
        }),
      ),
    );
    const view = renderWorklist();
    await screen.findByRole('link', { name: 'APP1' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Condition' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Gout' }));
    await waitFor(() => expect(addressQuery(view)).toEqual({ condition: 'gout' }));
    await waitFor(() => expect(pageCalls(api).at(-1)).toMatchObject({ condition: 'gout' }));
    const asked = api.requests.find((r) => r.url.pathname.endsWith('/disease/list'))!;
    expect(JSON.parse(asked.body)).toMatchObject({
      insurerCode: 'phkl',
      channel: 'agency',
      productCode: 'WL01',
    });
    expect((screen.getByRole('combobox', { name: 'Condition' }) as HTMLInputElement).value).toBe(
      'Gout',
    );

    const createdFrom = screen.getByRole('group', { name: 'Created from' });
    await userEvent.click(within(createdFrom).getAllByRole('spinbutton')[0]!);
    await userEvent.keyboard('01032026');
    await waitFor(() =>
      expect(addressQuery(view)).toEqual({ condition: 'gout', createdFrom: '2026-03-01' }),
    );
  });

  it('W-04 W-05 the next page is asked with the cursor the last page gave, kept in the address; previous returns to it', async () => {
    const api = worklistServer({
      '': { items: [entry(1)], nextCursor: 'cursor-2' },
      'cursor-2': { items: [entry(2)], nextCursor: null },
    });
    const view = renderWorklist('/worklist?sort=submittedAt');
    await screen.findByRole('link', { name: 'APP1' });
    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    await screen.findByRole('link', { name: 'APP2' });
    expect(addressQuery(view)).toEqual({ sort: 'submittedAt', page: '2', cursor: 'cursor-2' });
    expect(pageCalls(api).at(-1)).toMatchObject({ cursor: 'cursor-2', sort: 'submittedAt' });
    await userEvent.click(screen.getByRole('button', { name: /previous page/i }));
    await screen.findByRole('link', { name: 'APP1' });
    expect(addressQuery(view)).toEqual({ sort: 'submittedAt' });
  });

  it('W-04 sorting by a date column asks the server, from the first page', async () => {
    const api = worklistServer({ '': { items: [entry(1)], nextCursor: null } });
    const view = renderWorklist();
    await screen.findByRole('link', { name: 'APP1' });
    await userEvent.click(screen.getByRole('columnheader', { name: 'Created' }));
    await waitFor(() => expect(addressQuery(view)).toEqual({ sort: 'createdAt' }));
    await waitFor(() =>
      expect(pageCalls(api).at(-1)).toMatchObject({ sort: 'createdAt', order: 'desc' }),
    );
  });

  it('W-08 at phone width the rows are cards with the same links, and the filters fold away', async () => {
    atWidth(390);
    worklistServer({
      '': { items: [entry(1), entry(2, { status: 4 })], nextCursor: 'cursor-2' },
      'cursor-2': { items: [entry(3)], nextCursor: null },
    });
    const view = renderWorklist();
    const cards = await screen.findByRole('list', { name: 'Disclosures' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
    expect(within(cards).getByRole('link', { name: 'APP1' }).getAttribute('href')).toBe(
      '/questionnaire/r1',
    );
    expect(within(cards).getByText('Validated')).toBeTruthy();
    expect(screen.queryByRole('grid')).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Show filters' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide filters' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByRole('link', { name: 'APP3' });
    expect(addressQuery(view)).toEqual({ page: '2', cursor: 'cursor-2' });
  });

  it('W-09 a refused filter shows the server’s message in the interface language, once', async () => {
    mockApi(
      onEndpoint(endpoints.worklistCounts, () =>
        HttpResponse.json({ code: 400, message: '日期範圍不能倒轉' }, { status: 400 }),
      ),
      onEndpoint(endpoints.worklist, () =>
        HttpResponse.json({ code: 400, message: '日期範圍不能倒轉' }, { status: 400 }),
      ),
    );
    renderWorklist('/worklist?createdFrom=2026-03-02&createdTo=2026-03-01');
    await inTraditionalChinese(async () => {
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('工作清單不接受這些篩選條件：日期範圍不能倒轉');
      expect(screen.queryByTestId('api-error-snackbar')).toBeNull();
      expect(within(alert).getByRole('button', { name: '清除篩選' })).toBeTruthy();
    });
  });

  it('W-02 an empty list says so, and a failed call offers a retry', async () => {
    let fail = true;
    mockApi(
      onEndpoint(endpoints.worklistCounts, () => envelope(COUNTS)),
      onEndpoint(endpoints.worklist, () =>
        fail
          ? HttpResponse.json({ code: 500, message: 'Internal error' }, { status: 500 })
          : envelope({ items: [], nextCursor: null }),
      ),
    );
    renderWorklist();
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.getByText('The worklist could not be loaded.')).toBeTruthy();
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByText('No disclosure matches these filters.')).toBeTruthy();
  });

  it('W-07 Download xlsx sends the filters, saves the workbook and says when rows were left out', async () => {
    const api = worklistServer({ '': { items: [entry(1)], nextCursor: null } });
    api.use(
      onEndpoint(endpoints.worklistExport, () =>
        envelope({ fileName: 'worklist.xlsx', content: btoa('PK'), rows: 10000, truncated: true }),
      ),
    );
    renderWorklist('/worklist?status=3&view=awaitingMyReview');
    await screen.findByRole('link', { name: 'APP1' });
    await expectDownloads(
      () => userEvent.click(screen.getByRole('button', { name: 'Download xlsx' })),
      ['worklist.xlsx'],
    );
    expect(
      await screen.findByText(
        'Only the first 10,000 rows were downloaded: narrow the filters to get the rest.',
      ),
    ).toBeTruthy();
    const exported = api.requests.find((r) => r.url.pathname.endsWith('/disclosures/export'))!;
    expect(exported.url.searchParams.get('status')).toBe('3');
    expect(exported.url.searchParams.get('view')).toBe('awaitingMyReview');
    expect(exported.url.searchParams.has('cursor')).toBe(false);
  });
});
