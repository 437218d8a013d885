import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { question, renderQuestion } from './fixtures.tsx';

afterEach(cleanup);

/** The unit shown at the end of a measure field. */
const unitOf = (name: string) =>
  screen
    .getByRole('textbox', { name })
    .closest('.MuiInputBase-root')
    ?.querySelector('.MuiInputAdornment-root')?.textContent;

describe('unit labels on screen', () => {
  it('T-13 height and weight fields show their units in Chinese', () => {
    renderQuestion({ q: question('H'), language: 'cn_traditional' });
    expect(unitOf('身高（厘米）')).toBe('厘米');
    expect(unitOf('身高（呎）')).toBe('呎');
    expect(unitOf('身高（吋）')).toBe('吋');
    cleanup();
    renderQuestion({ q: question('W', { units: ['KG', 'LB'] }), language: 'cn_traditional' });
    expect(unitOf('體重（公斤）')).toBe('公斤');
    expect(unitOf('體重（磅）')).toBe('磅');
  });

  it('T-13 and in English the short symbols', () => {
    renderQuestion({ q: question('H') });
    expect(unitOf('Height (cm)')).toBe('cm');
    expect(unitOf('Height (inch)')).toBe('in');
  });

  it('T-13 a number question offers its units in Chinese and records the unit key', async () => {
    const { last } = renderQuestion({
      q: question('N', { units: ['mmHg', 'times'] }),
      language: 'cn_traditional',
    });
    await userEvent.type(screen.getByRole('textbox', { name: '答案' }), '140');
    await userEvent.click(screen.getByRole('combobox', { name: '單位' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['毫米汞柱', '次']);
    await userEvent.click(screen.getByRole('option', { name: '毫米汞柱' }));
    expect(last()).toEqual([{ value: '140', unit: 'mmHg' }]);
    expect(screen.getByRole('combobox', { name: '單位' }).textContent).toBe('毫米汞柱');
  });
});
