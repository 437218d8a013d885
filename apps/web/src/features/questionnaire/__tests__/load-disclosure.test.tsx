import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ok, type MockApi } from '../../../test/mock-api.ts';
import { renderScreen, statusTexts, storedDisclosure } from './screen-fixtures.tsx';
import { selectQuestionnaire } from '../questionnaire-slice.ts';

let api: MockApi | undefined;
afterEach(() => {
  api = undefined;
});

const REQUEST = '00000000-0000-4000-8000-0000000000bb';

const view = (over: Record<string, unknown> = {}) =>
  storedDisclosure(
    {
      requestId: REQUEST,
      applicationNumber: 'APP77',
      catalogVersion: '7',
      profile: { height: '{"cm":170,"ft":5,"inch":6.93}' },
      moreImpairments: [
        { uuid: 'other-impairment-1700000000000', name: 'Gout', selfDefined: true, answers: [] },
      ],
    },
    over,
  );

describe('Opening /questionnaire/{requestId}', { timeout: 30_000 }, () => {
  it('S-66 E-10 the disclosure is fetched and fills the screen, answers and mode included', async () => {
    const screenView = await renderScreen({
      requestId: REQUEST,
      path: `/questionnaire/${REQUEST}`,
      overrides: (request) =>
        request.url.pathname === `/api/impairment/video_mer/disclosure/${REQUEST}`
          ? ok(view())
          : undefined,
    });
    api = screenView.api;
    await waitFor(
      () =>
        expect(
          (screen.getByRole('textbox', { name: /^Application number/ }) as HTMLInputElement).value,
        ).toBe('APP77'),
      { timeout: 10_000 },
    );
    expect((screen.getByRole('textbox', { name: /^Age/ }) as HTMLInputElement).value).toBe('52');
    expect((screen.getByRole('textbox', { name: /Height \(cm\)/ }) as HTMLInputElement).value).toBe(
      '170',
    );
    const chips = within(
      await screen.findByRole('list', { name: 'Chosen conditions' }),
    ).getAllByRole('listitem');
    expect(chips.map((c) => c.textContent)).toEqual(['Asthma', 'Gout']);
    const q1 = screen.getByRole('region', { name: /Question a1$/ });
    expect((within(q1).getByRole('radio', { name: 'Yes' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    // Asked once the disclosure has painted (F-01).
    await waitFor(() =>
      expect(api!.requests.some((r) => r.url.pathname === `/api/analytics/web/${REQUEST}`)).toBe(
        true,
      ),
    );
  });

  it('S-67 when the fetch fails nothing of an earlier disclosure shows', async () => {
    const screenView = await renderScreen({
      requestId: REQUEST,
      path: `/questionnaire/${REQUEST}`,
      session: { action: 'edit', id: REQUEST, status: 2 },
      overrides: (request) =>
        request.url.pathname === `/api/impairment/video_mer/disclosure/${REQUEST}`
          ? { status: 404, json: { code: 404, message: 'Not found' } }
          : undefined,
    });
    api = screenView.api;
    await waitFor(() =>
      expect(selectQuestionnaire(screenView.store.getState()).session.action).toBe('create'),
    );
    expect(selectQuestionnaire(screenView.store.getState()).session.id).toBeNull();
  });

  const open = (over: Record<string, unknown>, options: Parameters<typeof renderScreen>[0] = {}) =>
    renderScreen({
      ...options,
      requestId: REQUEST,
      path: `/questionnaire/${REQUEST}`,
      overrides: (request) => {
        if (request.url.pathname === `/api/impairment/video_mer/disclosure/${REQUEST}`)
          return ok(view(over));
        // An audit trail without its reject entry: the banner says what the view carries.
        if (request.url.pathname === `/api/impairment/video_mer/disclosure/${REQUEST}/audit`)
          return ok([]);
        return undefined;
      },
    });

  it("a disclosure returned for correction shows the underwriter's reason above it", async () => {
    const screenView = await open({ status: 5, rejectReason: 'Height missing.' });
    api = screenView.api;
    await waitFor(
      () => expect(statusTexts()).toEqual(['Returned for correction: Height missing.']),
      { timeout: 10_000 },
    );
  });

  it('a disclosure returned without a reason says so; a saved one shows no such alert', async () => {
    const returned = await open({ status: 5 });
    api = returned.api;
    await waitFor(() => expect(statusTexts()).toEqual(['Returned for correction.']), {
      timeout: 10_000,
    });
    returned.unmount();
    const saved = await open({ status: 2, rejectReason: 'Old reason' });
    api = saved.api;
    await waitFor(
      () => expect(selectQuestionnaire(saved.store.getState()).session.status).toBe(2),
      {
        timeout: 10_000,
      },
    );
    expect(statusTexts()).toEqual([]);
  });

  const bankProduct = (productCode: string) => ({
    insurerCode: 'slhk',
    channel: 'bank',
    productCode,
    insurerName: { en: 'slhk', cn_traditional: 'slhk' },
    productName: { en: productCode, cn_traditional: productCode },
    smokingList: 'A' as const,
    lastAgeOption: false,
    printCover: true,
  });

  it('the header follows the insurer, channel and product of the disclosure opened', async () => {
    const screenView = await open(
      { insurerCode: 'slhk', channel: 'bank', productCode: 'ul02' },
      {
        moreProducts: [bankProduct('ul01'), bankProduct('ul02')],
      },
    );
    api = screenView.api;
    expect(screenView.store.getState().headerSelection.insurerCode).toBe('phkl');
    await waitFor(
      () =>
        expect(screenView.store.getState().headerSelection).toMatchObject({
          insurerCode: 'slhk',
          channel: 'bank',
          productCode: 'ul02',
        }),
      { timeout: 10_000 },
    );
  });
});
