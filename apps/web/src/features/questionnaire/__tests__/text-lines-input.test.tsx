import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { question, renderQuestion } from './fixtures.tsx';

afterEach(cleanup);

describe('T and N questions', () => {
  it('E-21 V-42 a T question is a free-text input with no units dropdown when it has no units', () => {
    renderQuestion({ q: question('T') });
    expect(screen.getByRole('textbox', { name: 'Answer' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Unit' })).toBeNull();
  });

  it('E-21 E-30 V-26 typing records the answer as a list of value and unit lines', async () => {
    const { last } = renderQuestion({ q: question('T', { units: ['years', 'months'] }) });
    await userEvent.type(screen.getByRole('textbox', { name: 'Answer' }), 'ab');
    expect(last()).toEqual([{ value: 'ab', unit: '' }]);
    await userEvent.click(screen.getByRole('combobox', { name: 'Unit' }));
    await userEvent.click(screen.getByRole('option', { name: 'months' }));
    expect(last()).toEqual([{ value: 'ab', unit: 'months' }]);
  });

  it('E-22 V-42 an N question with units shows a units dropdown offering them', async () => {
    renderQuestion({ q: question('N', { units: ['mmHg'] }) });
    await userEvent.click(screen.getByRole('combobox', { name: 'Unit' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['mmHg']);
  });

  it('V-39 V-40 V-41 C-04 lines are added up to 5, removable while more than one remains', async () => {
    const { last } = renderQuestion({ q: question('T') });
    expect(screen.queryByRole('button', { name: /Remove line/ })).toBeNull();
    for (let n = 2; n <= 5; n++) {
      await userEvent.click(screen.getByRole('button', { name: 'Add a line' }));
      expect(screen.getAllByRole('textbox')).toHaveLength(n);
    }
    expect(screen.queryByRole('button', { name: 'Add a line' })).toBeNull();
    expect(screen.getAllByRole('button', { name: /Remove line/ })).toHaveLength(5);
    await userEvent.type(screen.getByRole('textbox', { name: 'Answer 2' }), 'second');
    await userEvent.click(screen.getByRole('button', { name: 'Remove line 1' }));
    expect(last()).toHaveLength(4);
    expect((last() as { value: string }[])[0]!.value).toBe('second');
    expect(screen.getByRole('button', { name: 'Add a line' })).toBeTruthy();
  });

  it('V-37 a number input keeps only a leading minus, digits and one decimal point', async () => {
    renderQuestion({ q: question('N') });
    const input = screen.getByRole('textbox', { name: 'Answer' }) as HTMLInputElement;
    await userEvent.type(input, '-1a2.3.4e');
    expect(input.value).toBe('-12.34');
  });

  it('V-38 leaving a number input clears a value failing the numeric check, keeps a valid one', async () => {
    const { last } = renderQuestion({ q: question('N') });
    const input = screen.getByRole('textbox', { name: 'Answer' }) as HTMLInputElement;
    await userEvent.type(input, '-5');
    fireEvent.blur(input);
    expect(input.value).toBe('');
    expect(last()).toBeUndefined();
    await userEvent.type(input, '12.5');
    fireEvent.blur(input);
    expect(input.value).toBe('12.5');
    expect(last()).toEqual([{ value: '12.5', unit: '' }]);
  });

  it('V-19 V-21 V-22 V-29 a line with a value and no unit shows the highlight and "Please select a unit"', () => {
    renderQuestion({
      q: question('N', { units: ['kg'] }),
      initial: [{ value: '3', unit: '' }],
      checked: true,
    });
    const section = screen.getByRole('region', { name: /Question of type N/ });
    expect(section.getAttribute('data-status')).toBe('empty');
    expect(within(section).getByText('Please select a unit')).toBeTruthy();
    expect(within(section).getByRole('alert').textContent).toContain('please answer the question');
  });

  it('V-27 V-18 a mandatory T question with no lines shows the highlight and "please answer the question" once', () => {
    renderQuestion({ q: question('T'), checked: true });
    expect(screen.getByRole('alert').textContent).toBe('please answer the question');
  });

  it('V-20 V-31 an optional T question may stay unanswered without a highlight', () => {
    renderQuestion({ q: question('T', { mandatory: 'N' }), checked: true });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('region').getAttribute('data-status')).toBeNull();
  });

  it('S-18 in view mode the lines are disabled and cannot be added or removed', () => {
    renderQuestion({
      q: question('T', { units: ['years'] }),
      initial: [
        { value: 'a', unit: 'years' },
        { value: 'b', unit: 'years' },
      ],
      readOnly: true,
    });
    for (const box of screen.getAllByRole('textbox'))
      expect((box as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Add a line' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove line/ })).toBeNull();
  });
});

describe('F-05 a free-text line sizes itself where the browser can', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('F-05 where CSS sizes a text area to its content, a line is one plain text area, with no hidden twin measuring it from script', async () => {
    vi.stubGlobal('CSS', { supports: (property: string) => property === 'field-sizing' });
    const { last } = renderQuestion({ q: question('T') });
    const answer = screen.getByRole('textbox', { name: 'Answer' });
    expect(answer.tagName).toBe('TEXTAREA');
    expect(answer.getAttribute('rows')).toBe('1');
    expect(document.querySelectorAll('textarea')).toHaveLength(1);
    await userEvent.type(answer, 'two{Enter}lines');
    expect(last()).toEqual([{ value: 'two\nlines', unit: '' }]);
  });

  it('F-05 elsewhere it is the auto-sizing text area, as before', () => {
    vi.stubGlobal('CSS', { supports: () => false });
    renderQuestion({ q: question('T') });
    expect(screen.getByRole('textbox', { name: 'Answer' }).tagName).toBe('TEXTAREA');
    expect(document.querySelectorAll('textarea')).toHaveLength(2);
  });
});
