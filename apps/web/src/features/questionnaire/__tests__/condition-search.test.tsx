import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok } from '../../../test/mock-api.ts';
import { LANGUAGE_STORAGE_KEY } from '../../language/language-slice.ts';
import { ASTHMA, OVARIAN_CYST, renderScreen, sent } from './screen-fixtures.tsx';
import { chips, choose, chooser } from './screen-steps.ts';
import { selectQuestionnaire } from '../questionnaire-slice.ts';

/** The fixtures' list, Asthma carrying synonyms in both languages. */
const LIST = [
  {
    ...ASTHMA,
    synonyms: { en: ['wheezing', 'bronchial asthma'], cn_traditional: ['扯氣', '哮喘病'] },
  },
  OVARIAN_CYST,
].map(({ questionList: _questions, ...entry }) => entry);

async function open(language?: 'cn_traditional') {
  if (language) window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  const view = await renderScreen({
    overrides: (request) =>
      request.url.pathname === '/api/disease/list'
        ? ok({ instance: '00000000-0000-4000-8000-000000000001', diseaseList: LIST })
        : undefined,
  });
  await userEvent.type(screen.getByRole('textbox', { name: /^(Age|年齡)/ }), '45');
  await userEvent.click(screen.getByRole('radio', { name: /^(Female|女)$/ }));
  return view;
}

/** The suggestions listed: each one's accessible name and what it says it matched. */
const suggestions = () =>
  screen.getAllByRole('option').map((option) => {
    const description = option.getAttribute('aria-describedby');
    return [
      option.getAttribute('aria-labelledby') &&
        document.getElementById(option.getAttribute('aria-labelledby') ?? '')?.textContent,
      description ? document.getElementById(description)?.textContent : null,
    ];
  });

const confirmDialog = () =>
  screen.findByRole('dialog', { name: /self-defined condition|自訂病症/ });

describe('the condition search', { timeout: 20_000 }, () => {
  it('I-02 I-03 a lay term finds its condition and says which synonym matched', async () => {
    await open();
    await userEvent.type(chooser(), 'wheezing');
    expect(suggestions()).toEqual([['Asthma', 'matched “wheezing”']]);
    expect(screen.getByRole('option', { name: 'Asthma' })).toBeTruthy();
  });

  it('I-02 a typo still finds the condition, by its name', async () => {
    await open();
    await userEvent.type(chooser(), 'astma');
    expect(suggestions()).toEqual([['Asthma', null]]);
  });

  it('I-02 I-03 a Chinese term finds its condition while the interface is English', async () => {
    await open();
    await userEvent.type(chooser(), '哮喘病');
    expect(suggestions()).toEqual([['Asthma', 'matched “哮喘病”']]);
  });

  it('I-02 I-03 an English term finds its condition while the interface is Chinese, translated', async () => {
    await open('cn_traditional');
    await userEvent.type(chooser(), 'bronchial');
    expect(suggestions()).toEqual([['Asthma（中）', '符合「bronchial asthma」']]);
  });

  it('I-04 Enter on a synonym in either language chooses its condition, even under 3 characters', async () => {
    const { store, api } = await open();
    await userEvent.type(chooser(), '扯氣{Enter}');
    await waitFor(() => expect(chips()).toEqual(['Asthma']));
    expect(selectQuestionnaire(store.getState()).chosen[0]?.impairment.selfDefined).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() =>
      expect(sent(api, 'search/disease/create')).toContainEqual({
        keyword: '扯氣',
        disease: 'Asthma',
        type: 1,
      }),
    );
  });

  it('I-04 Enter on text matching nothing asks first; Cancel adds nothing and returns to the search', async () => {
    const { api } = await open();
    await userEvent.type(chooser(), 'Bunion');
    // The search that found nothing is logged once the typing pauses (type 3).
    await waitFor(
      () =>
        expect(sent(api, 'search/disease/create')).toContainEqual({
          keyword: 'Bunion',
          disease: null,
          type: 3,
        }),
      { timeout: 3000 },
    );
    await userEvent.keyboard('{Enter}');
    const dialog = await confirmDialog();
    expect(within(dialog).getByRole('heading').textContent).toBe(
      'Add “Bunion” as a self-defined condition?',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(chips()).toEqual([]);
    await waitFor(() => expect(document.activeElement).toBe(chooser()));
    expect((chooser() as HTMLInputElement).value).toBe('Bunion');
  });

  it('I-04 confirming makes the text a self-defined condition, in Chinese too', async () => {
    const { api, store } = await open('cn_traditional');
    await userEvent.type(chooser(), 'Bunion{Enter}');
    const dialog = await confirmDialog();
    expect(within(dialog).getByRole('heading').textContent).toBe('將「Bunion」新增為自訂病症？');
    // A second Enter confirms.
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(chips()).toEqual(['Bunion']));
    expect(selectQuestionnaire(store.getState()).chosen[0]?.impairment.selfDefined).toBe(true);
    await waitFor(() =>
      expect(sent(api, 'search/disease/create')).toContainEqual({
        keyword: 'Bunion',
        disease: 'Bunion',
        type: 2,
      }),
    );
  });

  it('I-09 a removed chip hands the focus to the next chip, then the search', async () => {
    await open();
    await choose('asth', 'Asthma');
    await choose('ovar', 'Ovarian cyst');
    await waitFor(() => expect(chips()).toEqual(['Asthma', 'Ovarian cyst']));
    screen.getByRole('button', { name: 'Asthma' }).focus();
    await userEvent.keyboard('{Delete}');
    await waitFor(() => expect(chips()).toEqual(['Ovarian cyst']));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Ovarian cyst' })),
    );
    await userEvent.keyboard('{Backspace}');
    await waitFor(() => expect(chips()).toEqual([]));
    await waitFor(() => expect(document.activeElement).toBe(chooser()));
  });

  it('I-09 removing the last chip hands the focus to the one before it', async () => {
    await open();
    await choose('asth', 'Asthma');
    await choose('ovar', 'Ovarian cyst');
    await waitFor(() => expect(chips()).toEqual(['Asthma', 'Ovarian cyst']));
    screen.getByRole('button', { name: 'Ovarian cyst' }).focus();
    await userEvent.keyboard('{Delete}');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Asthma' })),
    );
  });
});
