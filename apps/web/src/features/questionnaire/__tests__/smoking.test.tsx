import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HYPERTENSION, offeringOnly, renderScreen } from './screen-fixtures.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

async function openWithHypertension() {
  const view = await renderScreen({
    overrides: offeringOnly(HYPERTENSION),
  });
  await userEvent.type(screen.getByRole('textbox', { name: /^Age/ }), '45');
  await userEvent.type(screen.getByRole('combobox', { name: 'Medical condition' }), 'hyper');
  await userEvent.click(await screen.findByRole('option', { name: 'Hypertension' }));
  await screen.findByRole('region', { name: /Smoking habit$/ });
  return view;
}

async function chooseSmoking(label: string) {
  await userEvent.click(screen.getByRole('combobox', { name: /Smoking status/ }));
  await userEvent.click(screen.getByRole('option', { name: label }));
}

describe('Smoking status', { timeout: 30_000 }, () => {
  it('V-15 a condition that needs a smoking status asks for one', async () => {
    await openWithHypertension();
    expect(screen.getByText('Smoking status is required for selected impairment(s)')).toBeTruthy();
    await chooseSmoking('never (B)');
    expect(screen.queryByText('Smoking status is required for selected impairment(s)')).toBeNull();
  });

  it('S-64 the smoking question is preset to the option matching the status', async () => {
    await openWithHypertension();
    await chooseSmoking('heavy (B)');
    const section = screen.getByRole('region', { name: /Smoking habit$/ });
    await waitFor(() =>
      expect(
        (within(section).getByRole('radio', { name: 'More than 1 pack a day' }) as HTMLInputElement)
          .checked,
      ).toBe(true),
    );
  });

  it('S-65 with no option for the status only a console error is logged and nothing is preset', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await openWithHypertension();
    await chooseSmoking('light (B)');
    expect(errors).toHaveBeenCalledWith(
      'No smoking option for the status',
      expect.objectContaining({ smokingStatus: 'light' }),
    );
    const section = screen.getByRole('region', { name: /Smoking habit$/ });
    for (const radio of within(section).getAllByRole('radio'))
      expect((radio as HTMLInputElement).checked).toBe(false);
  });
});
