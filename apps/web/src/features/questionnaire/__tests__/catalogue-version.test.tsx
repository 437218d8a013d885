import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CatalogueUpdateSummary } from '@vmer/domain/lifecycle';
import { LANGUAGE_STORAGE_KEY } from '../../language/language-slice.ts';
import { ok, type MockApi, type ReceivedRequest } from '../../../test/mock-api.ts';
import { renderScreen, storedDisclosure } from './screen-fixtures.tsx';

afterEach(() => {
  window.localStorage.removeItem(LANGUAGE_STORAGE_KEY);
});

const REQUEST = '00000000-0000-4000-8000-0000000000cc';
const DISCLOSURE = `/api/impairment/video_mer/disclosure/${REQUEST}`;
const UPDATE = `${DISCLOSURE}/update-catalogue`;

/** A disclosure with Asthma answered on catalogue version 6, while version 7 is active. */
const view = (over: Record<string, unknown> = {}) =>
  storedDisclosure({ requestId: REQUEST, applicationNumber: 'APP66', catalogVersion: '6' }, over);

const SUMMARY: CatalogueUpdateSummary = {
  fromVersion: '6',
  toVersion: '7',
  conditions: [
    {
      uuid: 'asthma',
      name: { en: 'Asthma', cn_traditional: '哮喘' },
      removed: false,
      questionsAdded: [{ en: 'How often do you use an inhaler?', cn_traditional: '吸入器？' }],
      questionsRemoved: [],
      answersKept: 1,
      answersDropped: 0,
      before: { LIFE: '25' },
      after: { LIFE: '50' },
    },
  ],
};

const NOTICE =
  'This disclosure was answered on catalogue version 6; version 7 is now current. It shows and decides what version 6 says.';

function open(
  over: Record<string, unknown> = {},
  answered: (r: ReceivedRequest) => void = () => {},
) {
  return renderScreen({
    requestId: REQUEST,
    path: `/questionnaire/${REQUEST}`,
    overrides: (request) => {
      answered(request);
      if (request.url.pathname === DISCLOSURE) return ok(view(over));
      if (request.url.pathname === UPDATE && request.method === 'GET') return ok(SUMMARY);
      if (request.url.pathname === UPDATE) {
        return ok({
          id: REQUEST,
          requestId: REQUEST,
          status: 2,
          version: 4,
          disclosureJson: '{}',
          summary: SUMMARY,
        });
      }
      if (request.url.pathname === '/api/questionnaire/get') {
        return ok({ version: request.url.searchParams.get('catalogVersion') ?? '7' });
      }
      return undefined;
    },
  });
}

const calls = (server: MockApi, path: string) =>
  server.requests.filter((r) => r.url.pathname === path);

describe('A disclosure answered on an older catalogue version', { timeout: 30_000 }, () => {
  it('T-01 loads its questions, lists and rules from its own version and says so above the screen', async () => {
    const view = await open();
    await screen.findByText(NOTICE, {}, { timeout: 10_000 });
    await waitFor(() => expect(calls(view.api, '/api/question/asthma')).not.toHaveLength(0));
    // Questions are asked for once loaded; the lists also once before, for the empty screen.
    expect(
      calls(view.api, '/api/question/asthma').every(
        (r) => r.url.searchParams.get('catalogVersion') === '6',
      ),
    ).toBe(true);
    for (const path of ['/api/disease/list', '/api/disease/special/list']) {
      await waitFor(() =>
        expect(calls(view.api, path).at(-1)?.url.searchParams.get('catalogVersion'), path).toBe(
          '6',
        ),
      );
    }
    expect(
      calls(view.api, '/api/questionnaire/get').some(
        (r) => r.url.searchParams.get('catalogVersion') === '6',
      ),
    ).toBe(true);
    expect(screen.getByRole('button', { name: 'Update to the current catalogue' })).toBeTruthy();
  });

  it('T-01 submitted, it shows the notice without the update action', async () => {
    await open({ action: 'view', status: 3 });
    await screen.findByText(NOTICE, {}, { timeout: 10_000 });
    expect(screen.queryByRole('button', { name: 'Update to the current catalogue' })).toBeNull();
  });

  it('T-03 update to the current catalogue shows the summary first, then moves it and reloads the disclosure', async () => {
    const view = await open();
    fireEvent.click(
      await screen.findByRole(
        'button',
        { name: 'Update to the current catalogue' },
        { timeout: 10_000 },
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Update to catalogue version 7?' });
    const asthma = await within(dialog).findByRole('region', { name: 'Asthma' });
    expect(
      within(asthma).getByText('New questions: How often do you use an inhaler?'),
    ).toBeTruthy();
    expect(within(asthma).getByText('Answers kept: 1. Answers dropped: 0.')).toBeTruthy();
    expect(within(asthma).getByText('Decision: Life 25 → Life 50')).toBeTruthy();
    expect(calls(view.api, UPDATE).filter((r) => r.method === 'POST')).toHaveLength(0);
    const fetched = calls(view.api, DISCLOSURE).length;

    fireEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() =>
      expect(calls(view.api, UPDATE).filter((r) => r.method === 'POST')).toHaveLength(1),
    );
    const posted = calls(view.api, UPDATE).find((r) => r.method === 'POST')!;
    expect(JSON.parse(posted.body)).toEqual({ version: 3 });
    await waitFor(() => expect(calls(view.api, DISCLOSURE).length).toBeGreaterThan(fetched));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('T-01 T-03 the notice and the update dialog read in Chinese', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'cn_traditional');
    await open();
    await screen.findByText(
      '此披露按第 6 版目錄作答，現行目錄為第 7 版。畫面所示及決定均按第 6 版。',
      {},
      { timeout: 10_000 },
    );
    fireEvent.click(screen.getByRole('button', { name: '更新至現行目錄' }));
    const dialog = await screen.findByRole('dialog', { name: '更新至第 7 版目錄？' });
    const asthma = await within(dialog).findByRole('region', { name: '哮喘' });
    expect(within(asthma).getByText('新增問題：吸入器？')).toBeTruthy();
    expect(within(asthma).getByText('保留的答案：1。刪除的答案：0。')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: '更新' })).toBeTruthy();
  });
});
