import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { question, renderQuestion } from './fixtures.tsx';

// The calendar's code cannot be fetched (the connection is gone, say).
vi.mock('../components/questions/date-calendar.tsx', () => {
  throw new Error('Failed to fetch dynamically imported module: date-calendar.tsx');
});

afterEach(cleanup);

describe('a D question whose calendar cannot be loaded', () => {
  it('says so under the field, keeps the screen, and the date is still typed and recorded', async () => {
    const { last } = renderQuestion({ q: question('D') });
    await userEvent.click(screen.getByRole('button', { name: 'Choose date' }));
    expect(
      await screen.findByText('The calendar could not be loaded: type the date.'),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('textbox', { name: 'Date' }));
    await userEvent.keyboard('15032020');
    expect(last()).toMatchObject({ value: '2020-03-15', exact: true });
    expect(
      (screen.getByRole('button', { name: 'Choose date' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });
});
