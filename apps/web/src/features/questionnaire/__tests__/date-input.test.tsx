import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { question, renderQuestion } from './fixtures.tsx';

afterEach(cleanup);

// The picker is loaded on demand, the first time slowly on a busy machine; its hidden input
// carries the formatted value.
async function pickerInput(): Promise<HTMLInputElement> {
  return waitFor(
    () => {
      const input = document.querySelector<HTMLInputElement>(
        'input.MuiPickersInputBase-input, .MuiPickersTextField-root input',
      );
      if (!input) throw new Error('date picker not loaded');
      return input;
    },
    { timeout: 10_000 },
  );
}

describe('D questions', () => {
  it('E-23 V-43 a D question is a date input reading DD/MM/YYYY when exact', async () => {
    renderQuestion({
      q: question('D'),
      initial: { value: '2020-03-15', exact: true, zoneId: 'Asia/Hong_Kong' },
    });
    expect((await pickerInput()).value).toBe('15/03/2020');
  });

  it('V-44 in month-and-year mode the date reads MMM YYYY', async () => {
    renderQuestion({
      q: question('D'),
      initial: { value: '2020-03-01', exact: false, zoneId: 'Asia/Hong_Kong' },
    });
    expect((await pickerInput()).value).toBe('Mar 2020');
  });

  it("V-45 V-24 E-31 the 'Exact Date?' switch sets the exact flag; flipping it alone answers nothing", async () => {
    const { last } = renderQuestion({ q: question('D'), checked: true });
    await pickerInput();
    const exact = screen.getByRole('switch', { name: 'Exact Date?' }) as HTMLInputElement;
    expect(exact.checked).toBe(true);
    await userEvent.click(exact);
    expect(last()).toMatchObject({ value: '', exact: false });
    expect(typeof (last() as { zoneId: string }).zoneId).toBe('string');
    expect(screen.getByRole('alert').textContent).toMatch(/please answer the question/);
  });

  it('V-46 a mandatory D question is answered only by a date: without one it is highlighted', async () => {
    const unanswered = renderQuestion({ q: question('D'), checked: true });
    await pickerInput();
    expect(document.querySelector('[data-status="empty"]')).not.toBeNull();
    unanswered.unmount();
    renderQuestion({
      q: question('D'),
      checked: true,
      initial: { value: '2020-03-15', exact: true, zoneId: 'Asia/Hong_Kong' },
    });
    await pickerInput();
    expect(document.querySelector('[data-status="empty"]')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('C-17 the calendar slides from month to month in 350 ms', async () => {
    renderQuestion({
      q: question('D'),
      initial: { value: '2020-03-15', exact: true, zoneId: 'Asia/Hong_Kong' },
    });
    await userEvent.click(await screen.findByRole('button', { name: /choose date/i }));
    await userEvent.click(await screen.findByRole('radio', { name: '2020' }));
    await userEvent.click(await screen.findByRole('radio', { name: 'March' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Next month' }));
    const sliding = document.querySelector('.MuiPickersSlideTransition-slideEnterActive');
    expect(sliding).not.toBeNull();
    expect(getComputedStyle(sliding!).transition).toMatch(/^transform 0\.35s /);
  });

  it('V-45 switching an exact date to month and year keeps its month, on day 01', async () => {
    const { last } = renderQuestion({
      q: question('D'),
      initial: { value: '2020-03-15', exact: true, zoneId: 'Asia/Hong_Kong' },
    });
    await pickerInput();
    await userEvent.click(screen.getByRole('switch', { name: 'Exact Date?' }));
    expect(last()).toEqual({ value: '2020-03-01', exact: false, zoneId: 'Asia/Hong_Kong' });
    expect((await pickerInput()).value).toBe('Mar 2020');
  });

  it('V-47 an incompletely typed date is cleared when the field is left', async () => {
    const { answers } = renderQuestion({ q: question('D') });
    await pickerInput();
    const day = screen.getByRole('spinbutton', { name: 'Day' });
    await userEvent.click(day);
    await userEvent.keyboard('15');
    const month = screen.getByRole('spinbutton', { name: 'Month' });
    expect(month.textContent).toBe('MM');
    const field = day.closest('.MuiPickersTextField-root')!;
    while (field.contains(document.activeElement)) await userEvent.tab();
    await waitFor(() =>
      expect(screen.getByRole('spinbutton', { name: 'Day' }).textContent).toBe('DD'),
    );
    expect(
      answers.every((a) => (a as { value: string } | undefined)?.value === '' || a === undefined),
    ).toBe(true);
  });

  it('V-48 C-16 a date typed outside 1900-2099 is never recorded and is cleared on leaving', async () => {
    const { answers } = renderQuestion({ q: question('D') });
    await pickerInput();
    await userEvent.click(screen.getByRole('spinbutton', { name: 'Day' }));
    await userEvent.keyboard('15031899');
    expect(screen.getByRole('spinbutton', { name: 'Year' }).textContent).toBe('1899');
    expect(answers.filter((a) => (a as { value: string } | undefined)?.value)).toEqual([]);
    await userEvent.tab();
    await waitFor(() =>
      expect(screen.getByRole('spinbutton', { name: 'Year' }).textContent).toBe('YYYY'),
    );
  });

  it('V-43 a complete date typed DDMMYYYY is recorded as its ISO date', async () => {
    const { last } = renderQuestion({ q: question('D') });
    await pickerInput();
    await userEvent.click(screen.getByRole('spinbutton', { name: 'Day' }));
    await userEvent.keyboard('15032020');
    expect(last()).toMatchObject({ value: '2020-03-15', exact: true });
  });

  it('S-18 in view mode the switch and the date are disabled', async () => {
    renderQuestion({ q: question('D'), readOnly: true });
    expect((await pickerInput()).disabled).toBe(true);
    expect((screen.getByRole('switch', { name: 'Exact Date?' }) as HTMLInputElement).disabled).toBe(
      true,
    );
  });
});
