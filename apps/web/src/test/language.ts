import { act } from '@testing-library/react';
import i18next from 'i18next';

/** Runs `check` with the interface in Traditional Chinese, then switches back to English. */
export async function inTraditionalChinese(check: () => Promise<void> | void): Promise<void> {
  await act(() => i18next.changeLanguage('cn_traditional'));
  try {
    await check();
  } finally {
    await act(() => i18next.changeLanguage('en'));
  }
}
