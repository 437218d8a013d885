import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { CatalogImpact } from '@vmer/domain/catalog/impact';
import { endpoints } from '@vmer/domain/api/endpoints';
import { addScreenTexts } from '../../../../lib/i18n.ts';
import { inTraditionalChinese } from '../../../../test/language.ts';
import { envelope, mockApi, onEndpoint } from '../../../../test/mock-api.ts';
import { renderWithApp } from '../../../../test/render.tsx';
import { adminCatalogueTexts } from '../../locales.ts';
import { catalogueImpactTexts } from '../locales.ts';
import { ImpactPanel } from '../impact-panel.tsx';

addScreenTexts(adminCatalogueTexts);
addScreenTexts(catalogueImpactTexts);

const GALLSTONES = { en: 'Gallstones', cn_traditional: '膽石' };
const IMPACT: CatalogImpact = {
  target: 'draft 4',
  days: 30,
  since: '2026-10-29T00:00:00.000Z',
  replayed: 1200,
  changed: 37,
  failed: 2,
  cells: [
    { uuid: 'gallstones', name: GALLSTONES, indicator: 'LIFE', replayed: 80, changed: 37 },
    {
      uuid: 'asthma',
      name: { en: 'Asthma', cn_traditional: '哮喘' },
      indicator: 'LIFE',
      replayed: 90,
      changed: 0,
    },
  ],
  examples: [
    {
      disclosureId: 'd1',
      applicationNumber: 'APP0001',
      insurerCode: 'phkl',
      uuid: 'gallstones',
      name: GALLSTONES,
      indicator: 'LIFE',
      before: '25',
      after: 'D',
      removed: false,
    },
  ],
};

describe('K-09 the impact panel', () => {
  it('K-09 asks for the days, shows progress, then the changes per condition and benefit and their examples, in both languages', async () => {
    let release: () => void = () => undefined;
    const api = mockApi(
      onEndpoint(endpoints.catalogDraftImpact, async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return envelope(IMPACT);
      }),
    );
    renderWithApp(<ImpactPanel target={{ draftId: '4' }} />);
    const user = userEvent.setup();
    const days = screen.getByRole('textbox', { name: 'Submitted in the last (days)' });
    expect((days as HTMLInputElement).value).toBe('90');
    await user.clear(days);
    await user.type(days, '30');
    await user.click(screen.getByRole('button', { name: 'Show the impact' }));
    expect(
      await screen.findByRole('progressbar', { name: 'Replaying the submitted disclosures…' }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show the impact' })).toHaveProperty(
      'disabled',
      true,
    );
    release();

    expect(
      await screen.findByText(
        /1,200 disclosure\(s\) submitted since .* replayed: 37 would get at least one other decision\./,
      ),
    ).toBeTruthy();
    expect(screen.getByText('2 disclosure(s) could not be replayed.')).toBeTruthy();
    const cells = screen.getByRole('table', {
      name: 'Decisions that would change, per condition and benefit',
    });
    // Only the pairs with a change are listed.
    expect(
      within(cells)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['ConditionBenefitWould changeReplayed', 'GallstonesLIFE3780']);
    const examples = screen.getByRole('table', { name: 'Examples of decisions that would change' });
    expect(within(examples).getByRole('row', { name: /APP0001/ }).textContent).toBe(
      'APP0001GallstonesLIFE25 debit pointsdecline',
    );
    const sent = api.requests.find((r) => r.url.pathname.endsWith('/catalog/drafts/4/impact'));
    expect(sent?.url.searchParams.get('days')).toBe('30');

    await inTraditionalChinese(async () => {
      expect(
        await screen.findByRole('table', { name: '會改變的決定（按病況及保障）' }),
      ).toBeTruthy();
      expect(screen.getByRole('row', { name: /APP0001/ }).textContent).toBe(
        'APP0001膽石LIFE加 25 點拒保',
      );
    });
  });

  it('K-09 refuses a number of days out of range on the screen, and shows each problem the server lists for a draft that cannot be replayed', async () => {
    const api = mockApi(
      onEndpoint(endpoints.catalogImpact, () =>
        HttpResponse.json(
          {
            code: 400,
            message: 'The draft has 1 problem(s).',
            errors: [{ path: 'impairments/gallstones.yaml:3', message: 'name is required' }],
          },
          { status: 400 },
        ),
      ),
    );
    renderWithApp(<ImpactPanel target={{ version: '3' }} />);
    const user = userEvent.setup();
    expect(screen.getByText(/against version 3/)).toBeTruthy();
    const days = screen.getByRole('textbox', { name: 'Submitted in the last (days)' });
    await user.clear(days);
    await user.type(days, '0');
    await user.click(screen.getByRole('button', { name: 'Show the impact' }));
    expect(screen.getByText('Enter a whole number of days from 1 to 3,660.')).toBeTruthy();
    expect(api.requests.some((r) => r.url.pathname.includes('/impact'))).toBe(false);

    await user.clear(days);
    await user.type(days, '90');
    await user.click(screen.getByRole('button', { name: 'Show the impact' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The draft has 1 problem(s).');
    expect(alert.textContent).toContain('impairments/gallstones.yaml:3: name is required');
  });
});
