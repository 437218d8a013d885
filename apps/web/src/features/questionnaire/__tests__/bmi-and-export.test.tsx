import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectDownloads } from '../../../test/downloads.ts';
import { ok } from '../../../test/mock-api.ts';
import { BMI_RULES, renderScreen, sent } from './screen-fixtures.tsx';
import {
  addSelfDefined,
  answerAsthma,
  chips,
  chooseAsthma,
  enterAbnormalBmi,
  fillBasics,
  textbox,
} from './screen-steps.ts';
import { selectQuestionnaire } from '../questionnaire-slice.ts';

/** The screen with the BMI rule, after weights that make Abnormal BMI a condition by itself. */
async function withAbnormalBmi() {
  await renderScreen({ ruleAgeList: BMI_RULES });
  await enterAbnormalBmi();
  await waitFor(() => expect(chips()).toEqual(['Abnormal BMI']));
}

describe('BMI rule, export and conflicts', { timeout: 30_000 }, () => {
  it('S-53 S-55 S-57 an abnormal BMI adds Abnormal BMI by itself; a normal one removes it', async () => {
    await withAbnormalBmi();
    await userEvent.clear(textbox(/Weight \(kg\)/));
    await userEvent.type(textbox(/Weight \(kg\)/), '70');
    await waitFor(() => expect(chips()).toEqual([]));
  });

  it('S-56 M-16 when the deleted Abnormal BMI comes back the removed alert shows and can be dismissed', async () => {
    await withAbnormalBmi();
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
    await withAbnormalBmi();
    const chooser = screen.getByRole('combobox', { name: 'Medical condition' });
    for (const name of ['Gout', 'Flu', 'Cold', 'Rash']) {
      await addSelfDefined(name);
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
    const exportButton = () => screen.getByRole('button', { name: 'Export' }) as HTMLButtonElement;
    expect(exportButton().disabled).toBe(true);
    await fillBasics();
    await chooseAsthma();
    expect(exportButton().disabled).toBe(true);
    await answerAsthma();
    expect(exportButton().disabled).toBe(false);
    await expectDownloads(() => userEvent.click(exportButton()), ['questionnaire_APP1.xlsx']);
    expect(sent(view.api, 'impairment/video_mer/disclosure/export')).toHaveLength(1);
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
    await fillBasics();
    await chooseAsthma();
    await answerAsthma();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent(view.api, 'impairment/video_mer/disclosure/save')).toHaveLength(1),
    );
    expect(await screen.findByText('The disclosure was changed by someone else')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Video MER' })).toBeNull();
    expect(textbox(/^Application number/).value).toBe('APP1');
    expect(selectQuestionnaire(view.store.getState()).chosen[0]?.answers).toHaveProperty('a6');
  });
});
