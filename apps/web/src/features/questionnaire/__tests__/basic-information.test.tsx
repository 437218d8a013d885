import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from './screen-fixtures.tsx';

async function open(options: Parameters<typeof renderScreen>[0] = {}) {
  const view = await renderScreen(options);
  return view;
}

const textbox = (name: string) =>
  screen.getByRole('textbox', { name: new RegExp(`^${name}`) }) as HTMLInputElement;

describe('Basic information card', { timeout: 20_000 }, () => {
  it('M-01 the screen shows basic information, questionnaire and disclosure sections in order', async () => {
    await open();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual([
      'Customer profile / Basic information',
      'Questionnaire',
      'Video MER disclosure',
    ]);
  });

  it('C-24 the basic information is laid out on a grid of 12 columns: a half-width field takes 6', async () => {
    await open();
    const card = screen.getByRole('region', { name: 'Customer profile / Basic information' });
    const grid = card.querySelector<HTMLElement>('.MuiGrid-container')!;
    expect(getComputedStyle(grid).getPropertyValue('--Grid-columns')).toBe('12');
    const applicationNumber = textbox('Application number').closest<HTMLElement>('.MuiGrid-root')!;
    expect(applicationNumber.className).toContain('MuiGrid-grid-md-6');
    expect(getComputedStyle(applicationNumber).width).toBe('calc(50% - 8px)');
  });

  it("V-03 V-04 V-05 C-01 the application number keeps only allowed characters, at most 30, with the requirements' helper text", async () => {
    await open();
    const input = textbox('Application number');
    await userEvent.type(input, 'AB-12 @3');
    expect(input.value).toBe('AB123');
    await userEvent.clear(input);
    // user-event writes { and [ doubled.
    await userEvent.type(input, `#*(){{}[[]'",./`);
    expect(input.value).toBe(`#*(){}[]'",./`);
    await userEvent.clear(input);
    await userEvent.click(input);
    await userEvent.paste('A'.repeat(31));
    expect(input.value).toBe('A'.repeat(30));
    expect(
      screen.getByText(
        `Limit to only 30 characters. Only Alphanumeric characters and # * ( ) { } [ ] ' " , . / allowed`,
      ),
    ).toBeTruthy();
  }, 15_000);

  it('M-06 V-07 V-08 V-09 C-02 age takes digits only; 17 is refused with its message, 18 is accepted', async () => {
    await open();
    const age = textbox('Age');
    await userEvent.type(age, '1a7');
    expect(age.value).toBe('17');
    expect(age.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(age.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Age must be 18 or higher',
    );
    await userEvent.clear(age);
    await userEvent.type(age, '18');
    expect(age.getAttribute('aria-invalid')).toBe('false');
    expect(screen.queryByText('Age must be 18 or higher')).toBeNull();
  });

  it('V-10 under 18 the condition chooser is disabled', async () => {
    await open();
    await userEvent.type(textbox('Age'), '17');
    expect(
      (screen.getByRole('combobox', { name: 'Medical condition' }) as HTMLInputElement).disabled,
    ).toBe(true);
  });

  it('M-07 M-08 C-10 gender offers exactly Male and Female; risk score exactly A B C D N H', async () => {
    await open();
    const gender = screen.getByRole('radiogroup', { name: 'Gender' });
    expect(
      within(gender)
        .getAllByRole('radio')
        .map((r) => r.parentElement?.parentElement?.textContent),
    ).toEqual(['Male', 'Female']);
    await userEvent.click(screen.getByRole('combobox', { name: /Risk score/ }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'A',
      'B',
      'C',
      'D',
      'N',
      'H',
    ]);
  });

  it('V-11 V-12 C-03 birth date: empty and non-DDMMYYYY are refused with their messages; a valid one gives the age', async () => {
    await open();
    const birth = textbox('Birth date');
    await userEvent.click(birth);
    await userEvent.tab();
    expect(screen.getByText('Birth Date cannot be empty')).toBeTruthy();
    await userEvent.type(birth, '3113');
    expect(screen.getByText('Valid date format is DDMMYYYY')).toBeTruthy();
    await userEvent.clear(birth);
    await userEvent.type(birth, '31011990');
    expect(screen.queryByText(/Valid date format/)).toBeNull();
    const now = new Date();
    const expected =
      now.getFullYear() - 1990 - (now.getMonth() === 0 && now.getDate() < 31 ? 1 : 0);
    expect(textbox('Age').value).toBe(String(expected));
  });

  it('M-10 with phkl the last-age option shows and choosing next birthday adds one year', async () => {
    await open({ insurerCode: 'phkl' });
    await userEvent.type(textbox('Birth date'), '31011990');
    const last = Number(textbox('Age').value);
    await userEvent.click(screen.getByRole('radio', { name: 'Age at next birthday' }));
    expect(Number(textbox('Age').value)).toBe(last + 1);
  });

  it('M-10 with any other insurer the last-age option does not show', async () => {
    await open({ insurerCode: 'slhk' });
    expect(screen.queryByRole('radiogroup', { name: 'Age from birth date' })).toBeNull();
  });

  it('M-09 V-49 V-53 height and weight convert live and the BMI shows', async () => {
    await open();
    await userEvent.type(textbox('Height \\(cm\\)'), '170');
    expect(textbox('Height \\(inch\\)').value).toBe('6.93');
    await userEvent.type(textbox('Weight \\(kg\\)'), '70');
    expect(textbox('Weight \\(lb\\)').value).toBe('154.32');
    expect(screen.getByText('24.2')).toBeTruthy();
  });

  it('S-15 the smoking status offers the insurer list: phkl list B', async () => {
    await open({ insurerCode: 'phkl' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Smoking status' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toContain('never (B)');
  });

  it('M-02 M-04 Reset asks first when something was entered, then clears the form', async () => {
    await open();
    await userEvent.type(textbox('Application number'), 'APP1');
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    const dialog = screen.getByRole('dialog', { name: 'Reset the form?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(textbox('Application number').value).toBe(''));
  });

  it('M-03 S-18 in view mode Reset and every input are disabled', async () => {
    await open({
      session: { action: 'view', status: 4, id: '00000000-0000-4000-8000-000000000009' },
    });
    expect((screen.getByRole('button', { name: 'Reset' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(textbox('Application number').disabled).toBe(true);
    expect(textbox('Age').disabled).toBe(true);
    for (const radio of screen.getAllByRole('radio'))
      expect((radio as HTMLInputElement).disabled).toBe(true);
    expect(
      (screen.getByRole('combobox', { name: 'Medical condition' }) as HTMLInputElement).disabled,
    ).toBe(true);
  });
});
