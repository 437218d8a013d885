import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadLanguage } from '../../../lib/i18n.ts';
import { LANGUAGE_STORAGE_KEY } from '../../language/language-slice.ts';
import { renderScreen } from './screen-fixtures.tsx';

beforeAll(async () => {
  await loadLanguage('cn_simplified');
});
afterEach(() => window.localStorage.removeItem(LANGUAGE_STORAGE_KEY));

describe('the questionnaire screen in Simplified Chinese', { timeout: 20_000 }, () => {
  it('L-29 L-30 labels, messages and catalogue texts show converted from Traditional Chinese', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'cn_simplified');
    await renderScreen();
    expect(await screen.findByText('客户资料 / 基本资料')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: /^年龄/ }), '45');
    await userEvent.click(screen.getByRole('radio', { name: '女' }));

    const chooser = screen.getByRole('combobox', { name: '病症' });
    await userEvent.type(chooser, 'asth');
    await userEvent.click(await screen.findByRole('option', { name: 'Asthma（中）' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: '已选病症' }))
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['Asthma（中）']),
    );
    expect(screen.getByRole('heading', { name: 'Asthma（中） - 第 1 页 - History' })).toBeTruthy();
    expect(screen.getAllByText('问题 a1').length).toBeGreaterThan(0);
    expect(screen.queryByText('問題 a1')).toBeNull();
  });
});
