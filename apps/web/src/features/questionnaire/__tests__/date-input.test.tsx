import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { question, renderQuestion } from './fixtures.tsx';

afterEach(cleanup);

const dateField = () => screen.getByRole('textbox', { name: 'Date' }) as HTMLInputElement;
const exactSwitch = () => screen.getByRole('switch', { name: 'Exact Date?' }) as HTMLInputElement;

// The calendar is loaded when it is first opened, the first time slowly on a busy machine.
async function openCalendar(): Promise<void> {
  await userEvent.click(screen.getByRole('button', { name: 'Choose date' }));
  await screen.findByRole('dialog', { name: 'Choose date' }, { timeout: 10_000 });
}

describe('D questions', () => {
  it('E-23 V-43 a D question is a date input reading DD/MM/YYYY when exact', () => {
    renderQuestion({
      q: question('D'),
      initial: { value: '2020-03-15', exact: true, zoneId: 'Asia/Hong_Kong' },
    });
    expect(dateField().value).toBe('15/03/2020');
  });

  it('V-44 in month-and-year mode the date reads MMM YYYY', () => {
    renderQuestion({
      q: question('D'),
      initial: { value: '2020-03-01', exact: false, zoneId: 'Asia/Hong_Kong' },
    });
    expect(dateField().value).toBe('Mar 2020');
  });

  it('V-44 in Chinese a month and year reads as the printout writes it', () => {
    renderQuestion({
      q: question('D'),
      language: 'cn_traditional',
      initial: { value: '2020-03-01', exact: false, zoneId: 'Asia/Hong_Kong' },
    });
    expect((screen.getByRole('textbox', { name: '日期' }) as HTMLInputElement).value).toBe(
      '2020年3月',
    );
  });

  it("V-45 V-24 E-31 the 'Exact Date?' switch sets the exact flag; flipping it alone answers nothing", async () => {
    const { last } = renderQuestion({ q: question('D'), checked: true });
    expect(exactSwitch().checked).toBe(true);
    await userEvent.click(exactSwitch());
    expect(last()).toMatchObject({ value: '', exact: false });
    expect(typeof (last() as { zoneId: string }).zoneId).toBe('string');
    expect(screen.getByRole('alert').textContent).toMatch(/please answer the question/);
  });

  it('V-46 a mandatory D question is answered only by a date: without one it is highlighted', () => {
    const unanswered = renderQuestion({ q: question('D'), checked: true });
    expect(document.querySelector('[data-status="empty"]')).not.toBeNull();
    unanswered.unmount();
    renderQuestion({
      q: question('D'),
      checked: true,
      initial: { value: '2020-03-15', exact: true, zoneId: 'Asia/Hong_Kong' },
    });
    expect(document.querySelector('[data-status="empty"]')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('C-17 the calendar slides from month to month in 350 ms', async () => {
    renderQuestion({
      q: question('D'),
      initial: { value: '2020-03-15', exact: true, zoneId: 'Asia/Hong_Kong' },
    });
    await openCalendar();
    await userEvent.click(await screen.findByRole('radio', { name: '2020' }));
    await userEvent.click(await screen.findByRole('radio', { name: 'March' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Next month' }));
    const sliding = document.querySelector('.MuiPickersSlideTransition-slideEnterActive');
    expect(sliding).not.toBeNull();
    expect(getComputedStyle(sliding!).transition).toMatch(/^transform 0\.35s /);
  });

  it('V-43 the calendar offers year, month and day; the day chosen is recorded and shown, and the focus goes back to its button', async () => {
    const { last } = renderQuestion({ q: question('D') });
    await openCalendar();
    await userEvent.click(await screen.findByRole('radio', { name: '2019' }));
    await userEvent.click(await screen.findByRole('radio', { name: 'June' }));
    await userEvent.click(await screen.findByRole('gridcell', { name: '15' }));
    expect(last()).toMatchObject({ value: '2019-06-15', exact: true });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(dateField().value).toBe('15/06/2019');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Choose date' })),
    );
  });

  it('I-07 Alt+Down in the date field opens its calendar', async () => {
    renderQuestion({ q: question('D') });
    await userEvent.click(dateField());
    await userEvent.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await screen.findByRole('dialog', { name: 'Choose date' }, { timeout: 10_000 });
  });

  it('V-44 a month-and-year calendar ends at the month, recorded as its first day', async () => {
    const { last } = renderQuestion({
      q: question('D'),
      initial: { value: '', exact: false, zoneId: 'Asia/Hong_Kong' },
    });
    await openCalendar();
    await userEvent.click(await screen.findByRole('radio', { name: '2018' }));
    await userEvent.click(await screen.findByRole('radio', { name: 'November' }));
    expect(last()).toMatchObject({ value: '2018-11-01', exact: false });
    expect(dateField().value).toBe('Nov 2018');
  });

  it('V-45 switching an exact date to month and year keeps its month, on day 01', async () => {
    const { last } = renderQuestion({
      q: question('D'),
      initial: { value: '2020-03-15', exact: true, zoneId: 'Asia/Hong_Kong' },
    });
    await userEvent.click(exactSwitch());
    expect(last()).toEqual({ value: '2020-03-01', exact: false, zoneId: 'Asia/Hong_Kong' });
    expect(dateField().value).toBe('Mar 2020');
  });

  it('V-47 an incompletely typed date is cleared when the field is left', async () => {
    const { answers } = renderQuestion({ q: question('D') });
    await userEvent.click(dateField());
    await userEvent.keyboard('1503');
    expect(dateField().value).toBe('15/03');
    await userEvent.tab();
    expect(dateField().value).toBe('');
    expect(
      answers.every((a) => (a as { value: string } | undefined)?.value === '' || a === undefined),
    ).toBe(true);
  });

  it('V-47 a recorded date typed over with no date is cleared when the field is left', async () => {
    const { last } = renderQuestion({
      q: question('D'),
      initial: { value: '2020-03-15', exact: true, zoneId: 'Asia/Hong_Kong' },
    });
    await userEvent.click(dateField());
    await userEvent.keyboard('{Backspace}{Backspace}{Backspace}');
    expect(dateField().value).toBe('15/03/2');
    await userEvent.tab();
    expect(last()).toMatchObject({ value: '', exact: true });
    expect(dateField().value).toBe('');
  });

  it('V-48 C-16 a date typed outside 1900-2099 is never recorded and is cleared on leaving', async () => {
    const { answers } = renderQuestion({ q: question('D') });
    await userEvent.click(dateField());
    await userEvent.keyboard('15031899');
    expect(dateField().value).toBe('15/03/1899');
    expect(answers.filter((a) => (a as { value: string } | undefined)?.value)).toEqual([]);
    await userEvent.tab();
    expect(dateField().value).toBe('');
  });

  it('V-43 a complete date typed DDMMYYYY is recorded as its ISO date', async () => {
    const { last } = renderQuestion({ q: question('D') });
    await userEvent.click(dateField());
    await userEvent.keyboard('15032020');
    expect(dateField().value).toBe('15/03/2020');
    expect(last()).toMatchObject({ value: '2020-03-15', exact: true });
  });

  it('V-44 a month and year typed MMYYYY is recorded as its first day and reads MMM YYYY once left', async () => {
    const { last } = renderQuestion({
      q: question('D'),
      initial: { value: '', exact: false, zoneId: 'Asia/Hong_Kong' },
    });
    await userEvent.click(dateField());
    await userEvent.keyboard('062019');
    expect(dateField().value).toBe('06/2019');
    expect(last()).toMatchObject({ value: '2019-06-01', exact: false });
    await userEvent.tab();
    expect(dateField().value).toBe('Jun 2019');
  });

  it('S-18 in view mode the switch, the date and its calendar are disabled', () => {
    renderQuestion({ q: question('D'), readOnly: true });
    expect(dateField().disabled).toBe(true);
    expect(exactSwitch().disabled).toBe(true);
    expect(
      (screen.getByRole('button', { name: 'Choose date' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});
