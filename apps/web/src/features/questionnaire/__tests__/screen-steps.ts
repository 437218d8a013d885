import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';

/** A text field of the questionnaire screen, by its label. */
export const textbox = (name: RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;

/** The condition chooser, in either language. */
export const chooser = () => screen.getByRole('combobox', { name: /^(Medical condition|病症)/ });

/** The chosen conditions' chips, by their text; none while the list is not shown. */
export const chips = () =>
  screen.queryByRole('list', { name: /Chosen conditions|已選病症/ })
    ? within(screen.getByRole('list', { name: /Chosen conditions|已選病症/ }))
        .getAllByRole('listitem')
        .map((li) => li.textContent)
    : [];

/** Types into the condition chooser afresh and picks the option named. */
export async function choose(typed: string, optionName: string) {
  await userEvent.clear(chooser());
  await userEvent.type(chooser(), typed);
  await userEvent.click(await screen.findByRole('option', { name: optionName }));
}

/**
 * Types a condition that is not in the list, presses Enter and confirms it in the dialog
 * (I-04): it becomes a self-defined condition.
 */
export async function addSelfDefined(name: string) {
  await userEvent.type(chooser(), `${name}{Enter}`);
  const dialog = await screen.findByRole('dialog', { name: /self-defined condition|自訂病症/ });
  await userEvent.click(within(dialog).getByRole('button', { name: /^(Add|新增)$/ }));
  // While the dialog closes, the screen behind it is hidden from the accessibility tree.
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

/** The basic information filled: application number APP1, age 45, the gender, risk score A. */
export async function fillBasics(gender: 'Male' | 'Female' = 'Male') {
  await userEvent.type(textbox(/^Application number/), 'APP1');
  await userEvent.type(textbox(/^Age/), '45');
  await userEvent.click(screen.getByRole('radio', { name: gender }));
  await userEvent.click(screen.getByRole('combobox', { name: /Risk score/ }));
  await userEvent.click(screen.getByRole('option', { name: 'A' }));
}

/** Age 45, 170 cm and 95 kg: a BMI of 32.9, abnormal under the fixtures' BMI_RULES. */
export async function enterAbnormalBmi() {
  await userEvent.type(textbox(/^Age/), '45');
  await userEvent.type(textbox(/Height \(cm\)/), '170');
  await userEvent.type(textbox(/Weight \(kg\)/), '95');
}

/** Asthma chosen from the condition list, its first page shown. */
export async function chooseAsthma() {
  await userEvent.type(screen.getByRole('combobox', { name: 'Medical condition' }), 'asth');
  await userEvent.click(await screen.findByRole('option', { name: 'Asthma' }));
  await screen.findByRole('heading', { name: 'Asthma - Page 1 - History' });
}

/** Answers No to each question named. */
export async function answerNo(...uuids: string[]) {
  for (const uuid of uuids) {
    const section = screen.getByRole('region', { name: new RegExp(`Question ${uuid}$`) });
    await userEvent.click(within(section).getByRole('radio', { name: 'No' }));
  }
}

/** Asthma answered whole: six questions over two pages, each No. */
export async function answerAsthma() {
  await screen.findByRole('heading', { name: 'Asthma - Page 1 - History' });
  await answerNo('a1', 'a2', 'a3', 'a4', 'a5');
  await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
  await answerNo('a6');
}
