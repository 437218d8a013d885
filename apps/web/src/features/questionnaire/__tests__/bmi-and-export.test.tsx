import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ok, type MockApi } from '../../../test/mock-api.ts';
import { BMI_RULES, renderScreen, sent } from './screen-fixtures.tsx';
import {
  answerAsthma,
  chips,
  chooseAsthma,
  enterAbnormalBmi,
  fillBasics,
  textbox,
} from './screen-steps.ts';

let api: MockApi | undefined;
afterEach(() => {
  api = undefined;
});

describe('BMI rule, export and conflicts', { timeout: 30_000 }, () => {
  it('S-53 S-55 S-57 an abnormal BMI adds Abnormal BMI by itself; a normal one removes it', async () => {
    const view = await renderScreen({ ruleAgeList: BMI_RULES });
    api = view.api;
    await enterAbnormalBmi();
    await waitFor(() => expect(chips()).toEqual(['Abnormal BMI']));
    await userEvent.clear(textbox(/Weight \(kg\)/));
    await userEvent.type(textbox(/Weight \(kg\)/), '70');
    await waitFor(() => expect(chips()).toEqual([]));
  });

  it('S-56 M-16 when the deleted Abnormal BMI comes back the removed alert shows and can be dismissed', async () => {
    const view = await renderScreen({ ruleAgeList: BMI_RULES });
    api = view.api;
    await enterAbnormalBmi();
    await waitFor(() => expect(chips()).toEqual(['Abnormal BMI']));
    await userEvent.click(
      within(screen.getByRole('button', { name: 'Abnormal BMI' })).getByTestId('CancelIcon'),
    );
    expect(chips()).toEqual([]);
    await userEvent.clear(textbox(/Weight \(kg\)/));
    await userEvent.type(textbox(/Weight \(kg\)/), '96');
    await waitFor(() => expect(chips()).toEqual(['Abnormal BMI']));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Abnormal BMI was added again');
    await userEvent.click(within(alert).getByRole('button', { name: /close/i }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('S-58 S-59 C-08 with an abnormal BMI a 4th further condition is not kept', async () => {
    const view = await renderScreen({ ruleAgeList: BMI_RULES });
    api = view.api;
    await enterAbnormalBmi();
    await waitFor(() => expect(chips()).toEqual(['Abnormal BMI']));
    const chooser = screen.getByRole('combobox', { name: 'Medical condition' });
    for (const name of ['Gout', 'Flu', 'Cold', 'Rash']) {
      await userEvent.type(chooser, `${name}{Enter}`);
      await waitFor(() => expect((chooser as HTMLInputElement).disabled).toBe(false));
    }
    await waitFor(() => expect(chips()).toEqual(['Abnormal BMI', 'Gout', 'Flu', 'Cold']));
    expect(await screen.findByText(/at most 3/i)).toBeTruthy();
  });

  it('V-58 V-59 Export waits for basic data and answers, then saves questionnaire_{application number}.xlsx', async () => {
    const view = await renderScreen({
      overrides: (request) =>
        request.url.pathname.endsWith('/disclosure/export')
          ? ok({ fileName: 'questionnaire_APP1.xlsx', content: btoa('PK-xlsx') })
          : undefined,
    });
    api = view.api;
    const exportButton = () => screen.getByRole('button', { name: 'Export' }) as HTMLButtonElement;
    expect(exportButton().disabled).toBe(true);
    await fillBasics();
    await chooseAsthma();
    expect(exportButton().disabled).toBe(true);
    await answerAsthma();
    expect(exportButton().disabled).toBe(false);
    const downloads: string[] = [];
    const click = HTMLAnchorElement.prototype.click;
    URL.createObjectURL = () => 'blob:export';
    URL.revokeObjectURL = () => undefined;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    };
    try {
      await userEvent.click(exportButton());
      await waitFor(() => expect(downloads).toEqual(['questionnaire_APP1.xlsx']));
    } finally {
      HTMLAnchorElement.prototype.click = click;
    }
    expect(sent(api, 'impairment/video_mer/disclosure/export')).toHaveLength(1);
  });

  it('a 409 on save is explained and nothing typed is lost', async () => {
    const view = await renderScreen({
      overrides: (request) =>
        request.url.pathname.endsWith('/disclosure/save')
          ? {
              status: 409,
              json: { code: 409, message: 'The disclosure was changed by someone else' },
            }
          : undefined,
    });
    api = view.api;
    await fillBasics();
    await chooseAsthma();
    await answerAsthma();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(api!, 'impairment/video_mer/disclosure/save')).toHaveLength(1));
    expect(await screen.findByText('The disclosure was changed by someone else')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Video MER' })).toBeNull();
    expect(textbox(/^Application number/).value).toBe('APP1');
    expect(view.store.getState().questionnaire.chosen[0]?.answers).toHaveProperty('a6');
  });
});
