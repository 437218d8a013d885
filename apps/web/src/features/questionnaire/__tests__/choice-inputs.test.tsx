import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { option, question, renderQuestion } from './fixtures.tsx';

afterEach(cleanup);

const none = option('none', 'None of these', { unique: 'Y' });
const cough = option('cough', 'Cough', { unique: 'N' });
const wheeze = option('wheeze', 'Wheeze', { unique: 'N' });
const checkboxQ = question('C', { answerList: [cough, wheeze, none] });

const checkbox = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

describe('C questions', () => {
  it('E-24 a C question is a group of checkboxes allowing several choices', async () => {
    const { last } = renderQuestion({ q: checkboxQ });
    expect(within(screen.getByRole('group')).getAllByRole('checkbox')).toHaveLength(3);
    await userEvent.click(checkbox('Cough'));
    await userEvent.click(checkbox('Wheeze'));
    expect(last()).toEqual(['cough', 'wheeze']);
  });

  it('S-39 choosing a unique option clears every other choice', async () => {
    const { last } = renderQuestion({ q: checkboxQ, initial: ['cough', 'wheeze'] });
    await userEvent.click(checkbox('None of these'));
    expect(last()).toEqual(['none']);
    expect(checkbox('Cough').checked).toBe(false);
    expect(checkbox('None of these').checked).toBe(true);
  });

  it('S-40 choosing a non-unique option clears a chosen unique option', async () => {
    const { last } = renderQuestion({ q: checkboxQ, initial: ['none'] });
    await userEvent.click(checkbox('Wheeze'));
    expect(last()).toEqual(['wheeze']);
  });

  it('T-27 an option marked exclusive clears the other choices, and choosing another clears it', async () => {
    const alone = option('alone', 'No symptoms', { exclusive: true });
    const q = question('C', { answerList: [cough, wheeze, alone] });
    const { last } = renderQuestion({ q, initial: ['cough', 'wheeze'] });
    await userEvent.click(checkbox('No symptoms'));
    expect(last()).toEqual(['alone']);
    expect(checkbox('Cough').checked).toBe(false);
    expect(checkbox('Wheeze').checked).toBe(false);
    await userEvent.click(checkbox('Cough'));
    expect(last()).toEqual(['cough']);
    expect(checkbox('No symptoms').checked).toBe(false);
  });

  it('S-41 unchecking an option removes just that one', async () => {
    const { last } = renderQuestion({ q: checkboxQ, initial: ['cough', 'wheeze'] });
    await userEvent.click(checkbox('Cough'));
    expect(last()).toEqual(['wheeze']);
    await userEvent.click(checkbox('Wheeze'));
    expect(last()).toBeUndefined();
  });

  it('V-23 V-17 a mandatory C question with no choice shows the highlight and its prompt', () => {
    renderQuestion({ q: checkboxQ, checked: true });
    expect(screen.getByRole('alert').textContent).toBe(
      'please answer the question — Please choose a answer and decision',
    );
  });

  it('S-18 in view mode the checkboxes are disabled', () => {
    renderQuestion({ q: checkboxQ, initial: ['cough'], readOnly: true });
    expect(checkbox('Cough').disabled).toBe(true);
    expect(checkbox('Cough').checked).toBe(true);
  });
});

describe('R questions', () => {
  const radioQ = question('R', { answerList: [option('yes', 'Yes'), option('no', 'No')] });

  it('E-27 an R question is a radio group; the answer is the chosen option in a list', async () => {
    const { last } = renderQuestion({ q: radioQ });
    const group = screen.getByRole('radiogroup', { name: /Question of type R/ });
    expect(within(group).getAllByRole('radio')).toHaveLength(2);
    await userEvent.click(screen.getByRole('radio', { name: 'No' }));
    expect(last()).toEqual(['no']);
    await userEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(last()).toEqual(['yes']);
  });

  it('V-23 V-20 an R question counts as answered only with a choice; optional ones need none', () => {
    renderQuestion({ q: radioQ, checked: true });
    expect(screen.getByRole('alert')).toBeTruthy();
    cleanup();
    renderQuestion({ q: { ...radioQ, mandatory: 'N' }, checked: true });
    expect(screen.queryByRole('alert')).toBeNull();
    cleanup();
    renderQuestion({ q: radioQ, initial: ['yes'], checked: true });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('S-18 in view mode the radios are disabled', () => {
    renderQuestion({ q: radioQ, readOnly: true });
    for (const r of screen.getAllByRole('radio'))
      expect((r as HTMLInputElement).disabled).toBe(true);
  });
});

describe('S and M questions', () => {
  const selectQ = question('S', {
    answerList: [option('daily', 'Daily'), option('weekly', 'Weekly')],
  });
  const multiQ = question('M', { answerList: [cough, wheeze, none] });

  it('E-26 an S question is a single-select dropdown', async () => {
    const { last } = renderQuestion({ q: selectQ });
    await userEvent.click(screen.getByRole('combobox', { name: 'Choose' }));
    // Each option is followed by the digit that chooses it (I-07).
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Daily1', 'Weekly2']);
    await userEvent.click(screen.getByRole('option', { name: 'Weekly' }));
    expect(last()).toEqual(['weekly']);
    expect(screen.getByRole('combobox', { name: 'Choose' }).textContent).toBe('Weekly');
  });

  it('E-25 an M question is a multi-select dropdown keeping several choices', async () => {
    const { last } = renderQuestion({ q: multiQ });
    await userEvent.click(screen.getByRole('combobox', { name: 'Choose' }));
    const listbox = screen.getByRole('listbox');
    expect(listbox.getAttribute('aria-multiselectable')).toBe('true');
    await userEvent.click(within(listbox).getByRole('option', { name: 'Cough' }));
    await userEvent.click(within(listbox).getByRole('option', { name: 'Wheeze' }));
    expect(last()).toEqual(['cough', 'wheeze']);
    await userEvent.click(within(listbox).getByRole('option', { name: 'None of these' }));
    expect(last()).toEqual(['none']);
  });

  it('V-23 a mandatory S question with no choice is highlighted', () => {
    renderQuestion({ q: selectQ, checked: true });
    expect(screen.getByRole('region').getAttribute('data-status')).toBe('empty');
  });

  it('S-18 in view mode the dropdown is disabled', () => {
    renderQuestion({ q: selectQ, initial: ['daily'], readOnly: true });
    expect(screen.getByRole('combobox', { name: 'Choose' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
  });
});
