import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { endpoints } from '@vmer/domain/api/endpoints';
import type { Dashboard } from '@vmer/domain/dashboard';
import { Component as DashboardRoute } from '../../../app/routes/dashboard.tsx';
import { expectDownloads } from '../../../test/downloads.ts';
import { inTraditionalChinese } from '../../../test/language.ts';
import { addressQuery, listedProduct, renderWithProducts } from '../../../test/insurer-list.tsx';
import { envelope, mockApi, onEndpoint, queriesTo, type MockApi } from '../../../test/mock-api.ts';

const counts = (values: Partial<Dashboard['decisionMix'][number]['counts']> = {}) => ({
  standard: 0,
  debits: 0,
  exclusion: 0,
  refer: 0,
  postpone: 0,
  decline: 0,
  ...values,
});

const FIGURES: Dashboard = {
  from: '2026-03-01',
  to: '2026-03-31',
  asOf: '2026-03-31T08:00:00.000Z',
  perDay: [
    { day: '2026-03-03', status: 5, count: 2 },
    { day: '2026-03-02', status: 2, count: 3 },
    { day: '2026-03-02', status: 4, count: 1 },
  ],
  straightThrough: [{ week: '2026-03-02', submitted: 4, straightThrough: 3 }],
  decisionMix: [{ indicator: 'LIFE', counts: counts({ standard: 2, debits: 1, refer: 1 }) }],
  topConditions: [
    { uuid: 'a', name: 'Asthma', disclosures: 3, counts: counts({ standard: 2, decline: 1 }) },
  ],
  searchMisses: [
    { term: '=HYPERLINK("http://x")', count: 2 },
    { term: 'gout pain', count: 1 },
  ],
  durations: {
    requestToSubmit: { count: 4, medianSeconds: 7500, p90Seconds: 93600 },
    submitToValidate: { count: 0, medianSeconds: null, p90Seconds: null },
  },
  rejections: { reviewed: 3, rejected: 1, reasons: [{ reason: '-Height missing', count: 1 }] },
  overrides: [{ catalogVersion: '3', conditionUuid: 'a', name: 'Asthma', count: 2 }],
};

const EMPTY: Dashboard = {
  ...FIGURES,
  perDay: [],
  straightThrough: [],
  decisionMix: [],
  topConditions: [],
  searchMisses: [],
  durations: {
    requestToSubmit: { count: 0, medianSeconds: null, p90Seconds: null },
    submitToValidate: { count: 0, medianSeconds: null, p90Seconds: null },
  },
  rejections: { reviewed: 0, rejected: 0, reasons: [] },
  overrides: [],
};

const PRODUCTS = [listedProduct(), listedProduct({ channel: 'bank', productCode: 'WL02' })];

function dashboardServer(figures: Dashboard = FIGURES): MockApi {
  return mockApi(onEndpoint(endpoints.dashboard, () => envelope(figures)));
}

const calls = (api: MockApi) => queriesTo(api, '/dashboard');

const renderDashboard = (path = '/dashboard') =>
  renderWithProducts(<DashboardRoute />, PRODUCTS, path);

/** The card titled `title`. */
const card = (title: string) => screen.getByRole('region', { name: title });

/** Switches a card to its table and answers the table's rows, header first, as text. */
async function tableOf(title: string): Promise<string[][]> {
  await userEvent.click(within(card(title)).getByRole('button', { name: /^(Table|表格)$/ }));
  const table = within(card(title)).getByRole('table');
  return within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
}

/** The text of a saved file, without its byte-order mark, and whether it had one. */
async function csvText(blob: Blob): Promise<{ bom: boolean; lines: string[] }> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const text = new TextDecoder().decode(bytes.slice(bom ? 3 : 0));
  return { bom, lines: text.split('\r\n').filter((line) => line !== '') };
}

describe('the dashboard', () => {
  it('O-12 asks for the filters the address holds; a filter chosen goes into the address and Back restores it', async () => {
    const api = dashboardServer();
    const view = renderDashboard('/dashboard?insurer=phkl&from=2026-03-01&to=2026-03-31');
    expect(
      await screen.findByText(/Figures as of .*, from 1 March 2026 to 31 March 2026\./),
    ).toBeTruthy();
    expect(calls(api)[0]).toEqual({ insurer: 'phkl', from: '2026-03-01', to: '2026-03-31' });

    await userEvent.click(screen.getByRole('combobox', { name: 'Channel' }));
    await userEvent.click(await screen.findByRole('option', { name: 'bank' }));
    await waitFor(() =>
      expect(addressQuery(view)).toEqual({
        insurer: 'phkl',
        channel: 'bank',
        from: '2026-03-01',
        to: '2026-03-31',
      }),
    );
    await waitFor(() => expect(calls(api).at(-1)).toMatchObject({ channel: 'bank' }));

    await act(() => view.router.navigate(-1));
    expect(addressQuery(view)).toEqual({ insurer: 'phkl', from: '2026-03-01', to: '2026-03-31' });
    expect(screen.getByRole('combobox', { name: 'Channel' }).textContent).not.toContain('bank');

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(addressQuery(view)).toEqual({}));
  });

  it('O-12 O-13 each figure has a table view with its caption and figures, in both languages', async () => {
    dashboardServer();
    renderDashboard();
    await screen.findByText(/Figures as of/);
    expect(await tableOf('Disclosures per day by status')).toEqual([
      ['Day', 'New', 'Saved', 'Submitted', 'Validated', 'Rejected', 'Total'],
      ['2026-03-02', '0', '3', '0', '1', '0', '4'],
      ['2026-03-03', '0', '0', '0', '0', '2', '2'],
    ]);
    expect(
      within(card('Disclosures per day by status')).getByRole('table').querySelector('caption')
        ?.textContent,
    ).toBe('Disclosures per day by status');
    expect(await tableOf('Straight-through rate per week')).toEqual([
      ['Week of', 'Submitted', 'Straight through', 'Rate (%)'],
      ['2026-03-02', '4', '3', '75'],
    ]);
    expect(await tableOf('Decision mix per benefit')).toEqual([
      ['Benefit', 'Standard', 'Debit points', 'Exclusion', 'Refer', 'Postpone', 'Decline', 'Total'],
      ['LIFE', '2', '1', '0', '1', '0', '0', '4'],
    ]);
    expect((await tableOf('Top 20 conditions'))[1]).toEqual([
      'Asthma',
      '3',
      '2',
      '0',
      '0',
      '0',
      '0',
      '1',
    ]);
    expect(await tableOf('Time to submit and to validate')).toEqual([
      ['Interval', 'Disclosures', 'Median', '90th percentile'],
      ['Request → submit', '4', '2 h 5 min', '1 d 2 h'],
    ]);
    expect(screen.getByText('1 of 3 reviewed disclosures were rejected (33.3%).')).toBeTruthy();
    expect(await tableOf('Overrides per condition and catalogue version')).toEqual([
      ['Condition', 'Catalogue version', 'Overrides'],
      ['Asthma', '3', '2'],
    ]);
    expect(
      screen.getByText('These terms can be added as synonyms once the catalogue studio exists.'),
    ).toBeTruthy();

    await inTraditionalChinese(async () => {
      expect((await tableOf('每日申報（按狀態）'))[0]).toEqual([
        '日期',
        '新建',
        '已儲存',
        '已提交',
        '已確認',
        '已退回',
        '總數',
      ]);
      expect(screen.getByRole('heading', { level: 1, name: '營運儀表板' })).toBeTruthy();
    });
  });

  it('O-13 Download CSV saves the table with translated headers, a byte-order mark and formulas neutralised', async () => {
    dashboardServer();
    renderDashboard();
    await screen.findByText(/Figures as of/);
    const [misses] = await expectDownloads(
      () =>
        userEvent.click(
          screen.getByRole('button', { name: 'Download CSV: Searched terms with no match' }),
        ),
      ['dashboard-search-misses-2026-03-01-2026-03-31.csv'],
    );
    expect(await csvText(misses!)).toEqual({
      bom: true,
      lines: ['Searched term,Searches', `"'=HYPERLINK(""http://x"")",2`, 'gout pain,1'],
    });

    await inTraditionalChinese(async () => {
      const [reasons] = await expectDownloads(
        () => userEvent.click(screen.getByRole('button', { name: '下載 CSV：退回率及原因' })),
        ['dashboard-rejections-2026-03-01-2026-03-31.csv'],
      );
      expect(await csvText(reasons!)).toEqual({
        bom: true,
        lines: ['原因,退回次數', "'-Height missing,1"],
      });
    });
  });

  it('O-12 shows a progress bar and a skeleton per card while the figures load; the view toggles work from the keyboard', async () => {
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    mockApi(
      onEndpoint(endpoints.dashboard, async () => {
        await held;
        return envelope(FIGURES);
      }),
    );
    renderDashboard();
    expect(screen.getByRole('progressbar', { name: 'Loading the figures' })).toBeTruthy();
    const perDay = card('Disclosures per day by status');
    expect(perDay.getAttribute('aria-busy')).toBe('true');
    expect(
      within(perDay)
        .getByRole('button', { name: 'Download CSV: Disclosures per day by status' })
        .hasAttribute('disabled'),
    ).toBe(true);
    act(() => release());
    await screen.findByText(/Figures as of/);
    expect(perDay.getAttribute('aria-busy')).toBe('false');
    expect(within(perDay).getByRole('img', { name: 'Disclosures per day by status' })).toBeTruthy();

    within(perDay).getByRole('button', { name: 'Table' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(
      within(perDay).getByRole('table', { name: 'Disclosures per day by status' }),
    ).toBeTruthy();
    expect(document.activeElement?.textContent).toBe('Table');
    // One stop in the tab order for the pair; the arrow keys move between them.
    await userEvent.keyboard('{ArrowLeft}');
    expect(document.activeElement?.textContent).toBe('Chart');
    await userEvent.keyboard(' ');
    expect(within(perDay).queryByRole('table')).toBeNull();
    expect(within(perDay).getByRole('img')).toBeTruthy();
  });

  it('O-12 says so in each card when there is nothing to show, and offers no download', async () => {
    dashboardServer(EMPTY);
    renderDashboard();
    await screen.findByText(/Figures as of/);
    const title = 'Disclosures per day by status';
    expect(within(card(title)).getByText('Nothing to show for these filters.')).toBeTruthy();
    expect(screen.getAllByText('Nothing to show for these filters.')).toHaveLength(8);
    expect(
      within(card(title))
        .getByRole('button', { name: `Download CSV: ${title}` })
        .hasAttribute('disabled'),
    ).toBe(true);
  });

  it('O-12 a failed load offers a retry; a refused filter explains itself and offers to clear', async () => {
    let fail = true;
    mockApi(
      onEndpoint(endpoints.dashboard, ({ request }) => {
        if (new URL(request.url).searchParams.get('from') === 'yesterday') {
          return HttpResponse.json(
            { code: 400, message: 'from: not a date', errors: [] },
            { status: 400 },
          );
        }
        return fail ? HttpResponse.error() : envelope(FIGURES);
      }),
    );
    const view = renderDashboard();
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.getByText('The dashboard could not be loaded.')).toBeTruthy();
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByText(/Figures as of/)).toBeTruthy();

    await act(() => view.router.navigate('/dashboard?from=yesterday'));
    expect(
      await screen.findByText('The dashboard refused these filters: from: not a date'),
    ).toBeTruthy();
  });
});
