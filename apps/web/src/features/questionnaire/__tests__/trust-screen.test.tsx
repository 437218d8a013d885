import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ok, type MockApi, type Answer, type ReceivedRequest } from '../../../test/mock-api.ts';
import { listedProduct } from '../../../test/insurer-list.tsx';
import { productChosen } from '../../header-selection/header-selection-slice.ts';
import { LANGUAGE_STORAGE_KEY } from '../../language/language-slice.ts';
import {
  ASTHMA,
  BMI_RULES,
  HYPERTENSION,
  offeringOnly,
  renderScreen,
  sent,
} from './screen-fixtures.tsx';
import {
  addSelfDefined,
  answerAsthma,
  answerNo,
  chips,
  choose,
  chooser,
  enterAbnormalBmi,
  fillBasics,
  textbox,
} from './screen-steps.ts';
import { selectQuestionnaire } from '../questionnaire-slice.ts';

let api: MockApi | undefined;
afterEach(() => {
  api = undefined;
  window.localStorage.removeItem(LANGUAGE_STORAGE_KEY);
});

type Options = NonNullable<Parameters<typeof renderScreen>[0]>;

async function open(options: Options = {}) {
  const view = await renderScreen(options);
  api = view.api;
  return view;
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
describe('the questionnaire screen, tried as a new user would', { timeout: 30_000 }, () => {
  it('T-04 Enter on text naming a catalogue condition, any case and spaces around, chooses that condition', async () => {
    const { store } = await open();
    await userEvent.type(textbox(/^Age/), '45');
    await userEvent.type(chooser(), '  aSTHMA {Enter}');
    await waitFor(() => expect(chips()).toEqual(['Asthma']));
    const [chosen] = selectQuestionnaire(store.getState()).chosen;
    expect(chosen?.impairment.selfDefined).toBe(false);
    expect(chosen?.impairment.uuid).toBe('asthma');
    expect(await screen.findByRole('heading', { name: 'Asthma - Page 1 - History' })).toBeTruthy();
  });

  it('T-04 in Chinese, Enter on the condition’s Chinese name chooses it', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'cn_traditional');
    const { store } = await open();
    await userEvent.type(screen.getByRole('textbox', { name: /^年齡/ }), '45');
    await userEvent.type(chooser(), 'Asthma（中）{Enter}');
    await waitFor(() => expect(chips()).toEqual(['Asthma（中）']));
    expect(selectQuestionnaire(store.getState()).chosen[0]?.impairment.uuid).toBe('asthma');
  });

  it('T-06 choosing a product that does not offer a chosen condition removes it and names it in an alert', async () => {
    const { store } = await open({
      moreProducts: [
        listedProduct({
          productCode: 'ci01',
          insurerName: { en: 'phkl', cn_traditional: 'phkl' },
          productName: { en: 'Critical illness', cn_traditional: '危疾' },
        }),
      ],
      overrides: (request) => {
        if (request.url.pathname !== '/api/disease/list') return undefined;
        const body = JSON.parse(request.body) as { productCode: string };
        if (body.productCode !== 'ci01') return undefined;
        const { questionList: _q, ...entry } = ASTHMA;
        return ok({ instance: '00000000-0000-4000-8000-000000000002', diseaseList: [entry] });
      },
    });
    await userEvent.type(textbox(/^Age/), '45');
    await userEvent.click(screen.getByRole('radio', { name: 'Female' }));
    await choose('ovar', 'Ovarian cyst');
    await waitFor(() => expect(chips()).toEqual(['Ovarian cyst']));
    await choose('asth', 'Asthma');
    await waitFor(() => expect(chips()).toEqual(['Ovarian cyst', 'Asthma']));
    await addSelfDefined('Bunion');
    await waitFor(() => expect(chips()).toEqual(['Ovarian cyst', 'Asthma', 'Bunion']));
    store.dispatch(productChosen('ci01'));
    await waitFor(() => expect(chips()).toEqual(['Asthma', 'Bunion']));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(
      'The product was changed, so these conditions it does not offer were removed: Ovarian cyst',
    );
    await userEvent.click(within(alert).getByRole('button', { name: /close/i }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('T-07 a refused save shows the server’s reasons on the screen', async () => {
    await open({
      overrides: (request: ReceivedRequest): Answer | undefined =>
        request.url.pathname.endsWith('/disclosure/save')
          ? {
              status: 400,
              json: {
                code: 400,
                message: 'The disclosure document is not valid.',
                errors: [
                  {
                    path: 'disclosureJson.impairments.0.uuid',
                    message: 'Asthma is not offered for the product.',
                  },
                  { path: 'disclosureJson.profile.birthDate', message: 'Birth date is wrong' },
                ],
              },
            }
          : undefined,
    });
    await fillBasics();
    await choose('asth', 'Asthma');
    await answerAsthma();
    await waitFor(() => expect(button('Save').disabled).toBe(false));
    await userEvent.click(button('Save'));
    const reasons = await screen.findByRole(
      'list',
      { name: 'Why it was refused' },
      { timeout: 5000 },
    );
    expect(
      within(reasons)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Asthma is not offered for the product.', 'Birth date is wrong']);
  });

  it('T-08 Submit with the smoking status missing names it in the incomplete dialog and sends nothing', async () => {
    await open({ overrides: offeringOnly(HYPERTENSION) });
    await fillBasics();
    await choose('hyper', 'Hypertension');
    const section = await screen.findByRole('region', { name: /Smoking habit$/ });
    await userEvent.click(within(section).getByRole('radio', { name: 'Never smoked' }));
    await userEvent.click(button('Submit'));
    const dialog = await screen.findByRole('dialog', { name: 'Incomplete questionnaire' });
    expect(dialog.textContent).toContain('Smoking status is required for selected impairment(s)');
    expect(dialog.textContent).not.toContain('Questions:');
    expect(sent(api!, 'impairment/video_mer/disclosure/submit')).toEqual([]);
  });

  it('T-09 a birth date in the future is refused and gives no age; clearing the birth date clears the age it gave', async () => {
    await open({ insurerCode: 'slhk' });
    const birth = textbox(/^Birth date/);
    await userEvent.type(birth, '01012099');
    expect(screen.getByText('Birth date cannot be in the future')).toBeTruthy();
    expect(textbox(/^Age/).value).toBe('');
    await userEvent.clear(birth);
    await userEvent.type(birth, '31011990');
    expect(screen.queryByText('Birth date cannot be in the future')).toBeNull();
    expect(Number(textbox(/^Age/).value)).toBeGreaterThan(30);
    await userEvent.clear(birth);
    expect(textbox(/^Age/).value).toBe('');
  });

  it('T-09 an age typed by hand stays when a birth date that did not give it is edited', async () => {
    await open({ insurerCode: 'slhk' });
    await userEvent.type(textbox(/^Age/), '45');
    await userEvent.type(textbox(/^Birth date/), '3101');
    expect(textbox(/^Age/).value).toBe('45');
  });

  it('T-09 an age derived from the birth date is saved marked so, which makes the server hold the birth date to it', async () => {
    await open({
      insurerCode: 'slhk',
      overrides: (request) =>
        request.url.pathname.endsWith('/disclosure/save')
          ? ok({ id: 'x', requestId: 'x', status: 2, version: 1 })
          : undefined,
    });
    await userEvent.type(textbox(/^Application number/), 'APP1');
    await userEvent.type(textbox(/^Birth date/), '31011980');
    await userEvent.click(screen.getByRole('radio', { name: 'Male' }));
    await userEvent.click(screen.getByRole('combobox', { name: /Risk score/ }));
    await userEvent.click(screen.getByRole('option', { name: 'A' }));
    await choose('asth', 'Asthma');
    await answerAsthma();
    await waitFor(() => expect(button('Save').disabled).toBe(false));
    await userEvent.click(button('Save'));
    await waitFor(() => expect(sent(api!, 'impairment/video_mer/disclosure/save')).toHaveLength(1));
    const [payload] = sent(api!, 'impairment/video_mer/disclosure/save') as {
      disclosureJson: string;
    }[];
    const { profile } = JSON.parse(payload!.disclosureJson) as { profile: Record<string, unknown> };
    expect(profile).toMatchObject({ birthDate: '31011980', ageBasis: 'last' });
  });

  it('T-10 the Abnormal-BMI alert goes once the weight is corrected into the normal band', async () => {
    await open({ ruleAgeList: BMI_RULES });
    await enterAbnormalBmi();
    await waitFor(() => expect(chips()).toEqual(['Abnormal BMI']));
    await userEvent.click(
      within(screen.getByRole('button', { name: 'Abnormal BMI' })).getByTestId('CancelIcon'),
    );
    await userEvent.clear(textbox(/Weight \(kg\)/));
    await userEvent.type(textbox(/Weight \(kg\)/), '96');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('added again'));
    await userEvent.clear(textbox(/Weight \(kg\)/));
    await userEvent.type(textbox(/Weight \(kg\)/), '70');
    await waitFor(() => expect(chips()).toEqual([]));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('T-11 after a failed check, a page the user has not reached shows no highlight', async () => {
    await open();
    await userEvent.type(textbox(/^Age/), '45');
    await choose('asth', 'Asthma');
    await screen.findByRole('heading', { name: 'Asthma - Page 1 - History' });
    await userEvent.click(button('Next page'));
    const dialog = await screen.findByRole('dialog', { name: 'Incomplete questionnaire' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('region', { name: /Question a1$/ }).getAttribute('data-status')).toBe(
      'empty',
    );
    await answerNo('a1', 'a2', 'a3', 'a4', 'a5');
    await userEvent.click(button('Next page'));
    const a6 = await screen.findByRole('region', { name: /Question a6$/ });
    expect(a6.getAttribute('data-status')).toBeNull();
    expect(within(a6).queryByRole('alert')).toBeNull();
  });

  it('T-15 Reset clears the condition search text', async () => {
    await open();
    await userEvent.type(textbox(/^Age/), '45');
    await userEvent.type(chooser(), 'ast');
    await userEvent.click(button('Reset'));
    const dialog = screen.getByRole('dialog', { name: 'Reset the form?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(textbox(/^Age/).value).toBe(''));
    expect((chooser() as HTMLInputElement).value).toBe('');
  });
});
