import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import type { CatalogChange, CatalogDiff } from '@vmer/domain/api/catalog-diff-schema';
import { endpoints } from '@vmer/domain/api/endpoints';
import { Component as AdminCatalogueRoute } from '../../../app/routes/admin-catalogue.tsx';
import { inTraditionalChinese } from '../../../test/language.ts';
import { envelope, mockApi, onEndpoint, queriesTo } from '../../../test/mock-api.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { changeInWords, partInWords } from '../diff-words.ts';

const SURGERY = {
  uuid: 'gallstones-surgery',
  text: { en: 'Has the gallbladder been removed?', cn_traditional: '膽囊是否已經切除？' },
};
const PLANNED = {
  uuid: 'gallstones-surgery-planned',
  label: { en: 'No, surgery is planned', cn_traditional: '否，已安排手術' },
};

const DIFF: CatalogDiff = {
  from: '1',
  to: '2',
  parts: [{ part: 'exclusions', added: [], removed: [], changed: ['EX5'] }],
  impairments: {
    added: [{ uuid: 'gout', name: { en: 'Gout', cn_traditional: '痛風' } }],
    removed: [],
    changed: [
      {
        uuid: 'gallstones',
        name: { en: 'Gallstones', cn_traditional: '膽石' },
        changes: [
          {
            kind: 'optionDecision',
            question: SURGERY,
            option: PLANNED,
            indicator: 'LIFE',
            before: '25',
            after: 'D',
          },
          {
            kind: 'questionText',
            question: SURGERY,
            before: { en: 'Was the gallbladder <b>removed</b>?', cn_traditional: '膽囊有否切除？' },
            after: SURGERY.text,
          },
        ],
      },
    ],
  },
};

const VERSIONS = [
  {
    version: '2',
    contentHash: 'b',
    author: 'admin1',
    notes: 'Gallstones revised',
    createdAt: '2026-03-05T06:00:00.000Z',
    active: false,
    activatedAt: null,
    impairments: 46,
  },
  {
    version: '1',
    contentHash: 'a',
    author: 'system',
    notes: '',
    createdAt: '2026-01-02T06:00:00.000Z',
    active: true,
    activatedAt: '2026-01-02T06:00:01.000Z',
    impairments: 45,
  },
];

/** The words of one change in a language, through the app's own i18next and the screen's texts. */
async function inWords(change: CatalogChange, language: 'en' | 'cn_traditional' = 'en') {
  renderWithApp(<span />);
  await import('../../../app/routes/admin-catalogue.tsx');
  return changeInWords({ t: i18next.getFixedT(language), language }, change);
}

describe('the catalogue diff in words', () => {
  it('K-02 a changed decision reads as the option, the indicator and before → after, in English and Chinese', async () => {
    const change = DIFF.impairments.changed[0]!.changes[0]!;
    expect(await inWords(change)).toBe(
      'In the question “Has the gallbladder been removed?”, the option “No, surgery is planned” changes its decision for LIFE from 25 debit points to decline.',
    );
    expect(await inWords(change, 'cn_traditional')).toBe(
      '問題「膽囊是否已經切除？」的選項「否，已安排手術」就 LIFE 的決定由加 25 點改為拒保。',
    );
  });

  it('K-02 a reworded question quotes both texts without their markup', async () => {
    expect(await inWords(DIFF.impairments.changed[0]!.changes[1]!)).toBe(
      'The question “Was the gallbladder removed?” now reads “Has the gallbladder been removed?”.',
    );
  });

  it('K-02 bands, a move to the top, a type, exclusions and a standard decision read in words', async () => {
    expect(
      await inWords({
        kind: 'questionBands',
        question: SURGERY,
        before: [{ below: 4, decision: { LIFE: '0' } }, { decision: { LIFE: '25', MED: 'EX5' } }],
        after: [{ from: 4, to: 9, decision: { LIFE: 'P' } }],
      }),
    ).toBe(
      'The question “Has the gallbladder been removed?” changes its bands from below 4: LIFE standard (0); any other answer: LIFE 25 debit points, MED exclusion EX5 to from 4 and up to 9: LIFE postpone.',
    );
    expect(
      await inWords({
        kind: 'questionMoved',
        question: SURGERY,
        before: { question: SURGERY, option: PLANNED },
        after: { question: null, option: null },
      }),
    ).toBe(
      'The question “Has the gallbladder been removed?” moves from under option “No, surgery is planned” of “Has the gallbladder been removed?” to the top level.',
    );
    expect(
      await inWords(
        { kind: 'questionType', question: SURGERY, before: 'R', after: 'C' },
        'cn_traditional',
      ),
    ).toBe('問題「膽囊是否已經切除？」的類型由單選按鈕改為剔選方格。');
    expect(
      await inWords({ kind: 'synonyms', language: 'en', added: ['bile stones'], removed: ['x'] }),
    ).toBe('Search words added in English: bile stones. Search words removed in English: x.');
    expect(
      await inWords({
        kind: 'optionField',
        question: SURGERY,
        option: PLANNED,
        field: 'exclusive',
        before: null,
        after: 'true',
      }),
    ).toBe(
      'In the question “Has the gallbladder been removed?”, the option “No, surgery is planned” changes whether it stands alone from none to yes.',
    );
  });

  it('K-02 a catalogue-wide part names its entries', async () => {
    renderWithApp(<span />);
    await import('../../../app/routes/admin-catalogue.tsx');
    const words = { t: i18next.getFixedT('en'), language: 'en' as const };
    expect(
      partInWords(words, {
        part: 'insurers',
        added: ['abc'],
        removed: [],
        changed: ['phkl', 'slhk'],
      }),
    ).toBe('Insurers and products: added abc; changed phkl, slhk.');
  });
});

describe('the catalogue versions screen', () => {
  const catalogueApi = (diff: () => Response = () => envelope(DIFF)) =>
    mockApi(
      onEndpoint(endpoints.catalogVersions, () => envelope(VERSIONS)),
      onEndpoint(endpoints.catalogDiff, diff),
      onEndpoint(endpoints.catalogDrafts, () => envelope([])),
      onEndpoint(endpoints.catalogReleases, () => envelope([])),
    );

  it('K-01 K-02 lists the versions newest first and compares the active one with the newest other, in words and in Chinese', async () => {
    const api = catalogueApi();
    renderWithApp(<AdminCatalogueRoute />, { path: '/admin/catalogue' });
    const table = await screen.findByRole('table', { name: 'Catalogue versions, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['2', '1']);
    expect(rows[0]!.textContent).toContain('Not active');
    expect(rows[0]!.textContent).toContain('Gallstones revised');
    expect(rows[1]!.textContent).toContain('Active');
    expect(rows[1]!.textContent).toContain('system');

    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      'From version 1 to version 2: 1 condition(s) changed, 1 added, 0 removed; 1 catalogue-wide part(s) changed.',
    );
    expect(queriesTo(api, '/catalog/diff')).toEqual([{ from: '1', to: '2' }]);
    const gallstones = screen.getByRole('button', { name: /Gallstones.*2 change\(s\)/ });
    expect(gallstones.getAttribute('aria-expanded')).toBe('true');
    expect(
      screen.getByText(/changes its decision for LIFE from 25 debit points to decline/),
    ).toBeTruthy();
    expect(screen.getByText('Exclusion wordings: changed EX5.')).toBeTruthy();
    await userEvent.click(gallstones);
    await waitFor(() => expect(gallstones.getAttribute('aria-expanded')).toBe('false'));

    await inTraditionalChinese(async () => {
      expect(
        await screen.findByRole('table', { name: '問卷目錄版本（最新的排在最前）' }),
      ).toBeTruthy();
      expect(screen.getByRole('button', { name: /膽石.*2 項改動/ })).toBeTruthy();
      expect(screen.getByRole('combobox', { name: '由版本' })).toBeTruthy();
    });
  });

  it('K-02 choosing the same version twice asks for two; a failed comparison says so and retries', async () => {
    let fail = true;
    catalogueApi(() =>
      fail ? HttpResponse.json({ code: 500, message: 'x' }, { status: 500 }) : envelope(DIFF),
    );
    renderWithApp(<AdminCatalogueRoute />, { path: '/admin/catalogue' });
    expect(await screen.findByText('The two versions could not be compared.')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/From version 1 to version 2/)).toBeTruthy();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'To version' }), '1');
    expect(await screen.findByText('Choose two different versions to compare.')).toBeTruthy();
  });

  it('K-01 versions that cannot be loaded say so in English and Chinese, and Retry asks again', async () => {
    let fail = true;
    mockApi(
      onEndpoint(endpoints.catalogVersions, () =>
        fail ? HttpResponse.json({ code: 500, message: 'x' }, { status: 500 }) : envelope(VERSIONS),
      ),
      onEndpoint(endpoints.catalogDiff, () => envelope(DIFF)),
      onEndpoint(endpoints.catalogDrafts, () => envelope([])),
      onEndpoint(endpoints.catalogReleases, () => envelope([])),
    );
    renderWithApp(<AdminCatalogueRoute />, { path: '/admin/catalogue' });
    expect(await screen.findByText('The catalogue versions could not be loaded.')).toBeTruthy();
    await inTraditionalChinese(async () => {
      expect(await screen.findByText('未能載入問卷目錄版本。')).toBeTruthy();
      expect(screen.getByRole('button', { name: '重試' })).toBeTruthy();
    });
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('table', { name: 'Catalogue versions, newest first' }),
    ).toBeTruthy();
  });
});
