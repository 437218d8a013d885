import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MockApi } from '../../../test/mock-api.ts';
import { renderScreen, sent } from './screen-fixtures.tsx';
import { addSelfDefined, chips, choose, chooser } from './screen-steps.ts';
import { selectQuestionnaire } from '../questionnaire-slice.ts';

async function openWithApplicant(gender: 'Male' | 'Female' = 'Female') {
  const view = await renderScreen();
  await userEvent.type(screen.getByRole('textbox', { name: /^Age/ }), '45');
  await userEvent.click(screen.getByRole('radio', { name: gender }));
  return view;
}

/** Waits for the screen to log a search: the typed keyword, the condition it became, its type. */
const searchLogged = (api: MockApi, search: { keyword: string; disease: string; type: number }) =>
  waitFor(() => expect(sent(api, 'search/disease/create')).toContainEqual(search));

describe('Questionnaire card', { timeout: 20_000 }, () => {
  it('M-11 M-12 S-14 S-37 choosing a listed condition loads its questions and adds its chip and pages', async () => {
    const { api } = await openWithApplicant();
    await choose('asth', 'Asthma');
    await waitFor(() => expect(chips()).toEqual(['Asthma']));
    expect(api.requests.some((r) => r.url.pathname === '/api/question/asthma')).toBe(true);
    const listRequest = sent(api, 'disease/list').at(-1) as Record<string, unknown>;
    expect(listRequest).toMatchObject({
      insurerCode: 'phkl',
      channel: 'agency',
      productCode: 'wl01',
      gender: 'Female',
      age: 45,
    });
    expect(screen.getByRole('heading', { name: 'Asthma - Page 1 - History' })).toBeTruthy();
    await searchLogged(api, { keyword: 'asth', disease: 'Asthma', type: 1 });
  });

  it('V-62 fewer than 3 typed characters do not search: every condition stays offered', async () => {
    await openWithApplicant();
    await userEvent.type(chooser(), 'as');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Asthma',
      'Ovarian cyst',
    ]);
    await userEvent.type(chooser(), 't');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Asthma']);
  });

  it('M-14 E-12 E-45 I-04 a typed name not in the list, once confirmed, becomes a self-defined condition with the Others questions', async () => {
    const { api, store } = await openWithApplicant();
    await addSelfDefined('Gout');
    await waitFor(() => expect(chips()).toEqual(['Gout']));
    const [chosen] = selectQuestionnaire(store.getState()).chosen;
    expect(chosen?.impairment.selfDefined).toBe(true);
    expect(chosen?.impairment.uuid).toMatch(/^other-impairment-\d+$/);
    expect(chosen?.impairment.questionList.map((q) => q.uuid)).toEqual(['oth1']);
    await searchLogged(api, { keyword: 'Gout', disease: 'Gout', type: 2 });
  });

  it('M-13 S-38 deleting a chip removes the condition, its questions and pages', async () => {
    await openWithApplicant();
    await choose('asth', 'Asthma');
    await waitFor(() => expect(chips()).toEqual(['Asthma']));
    const chip = screen.getByRole('button', { name: 'Asthma' });
    await userEvent.click(within(chip).getByTestId('CancelIcon'));
    await waitFor(() =>
      expect(screen.queryByRole('list', { name: 'Chosen conditions' })).toBeNull(),
    );
    expect(screen.queryByRole('heading', { name: /Asthma - Page/ })).toBeNull();
  });

  it('S-60 S-61 M-15 a gender change removes the other gender’s conditions, names them in a dismissible alert', async () => {
    await openWithApplicant('Female');
    await choose('ovar', 'Ovarian cyst');
    await choose('asth', 'Asthma');
    await waitFor(() => expect(chips()).toEqual(['Ovarian cyst', 'Asthma']));
    await userEvent.click(screen.getByRole('radio', { name: 'Male' }));
    expect(chips()).toEqual(['Asthma']);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Ovarian cyst');
    await userEvent.click(within(alert).getByRole('button', { name: /close/i }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('S-62 the gender-change alert shows when the change removes chosen conditions; a self-defined one stays and alone raises none', async () => {
    await openWithApplicant('Female');
    await choose('ovar', 'Ovarian cyst');
    await addSelfDefined('Gout');
    await waitFor(() => expect(chips()).toEqual(['Ovarian cyst', 'Gout']));
    await userEvent.click(screen.getByRole('radio', { name: 'Male' }));
    expect(chips()).toEqual(['Gout']);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Ovarian cyst');
    expect(alert.textContent).not.toContain('Gout');
    await userEvent.click(within(alert).getByRole('button', { name: /close/i }));
    await userEvent.click(screen.getByRole('radio', { name: 'Female' }));
    expect(chips()).toEqual(['Gout']);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
