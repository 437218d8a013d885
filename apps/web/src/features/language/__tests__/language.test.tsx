import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { NotificationProvider } from '../../global-feedback/components/notification-provider.tsx';
import { answerEveryCall, ok, type MockApi } from '../../../test/mock-api.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { LanguageButton } from '../components/language-button.tsx';
import { LanguageSync } from '../components/language-sync.tsx';
import { LANGUAGE_STORAGE_KEY } from '../language-slice.ts';

let server: MockApi | null = null;
afterEach(() => {
  server = null;
});

function renderButton() {
  return renderWithApp(
    <NotificationProvider>
      <LanguageSync />
      <LanguageButton />
    </NotificationProvider>,
  );
}

/**
 * From English, chooses `choice` in the language dialog and expects what follows: the language
 * in the store, the interface and the page in it, the choice kept, saved once with PUT
 * /api/user/language, and the notice saying so. Gives the user, to go on from there.
 */
async function chooseFromEnglish(
  choice: string,
  expected: { language: string; settings: string; lang: string; notice: string },
) {
  const api = answerEveryCall(() => ok(null));
  const user = userEvent.setup();
  const { store } = renderButton();
  await user.click(screen.getByRole('button', { name: 'Language settings' }));
  await user.click(await screen.findByRole('button', { name: choice }));

  expect(store.getState().language.language).toBe(expected.language);
  expect(await screen.findByRole('button', { name: expected.settings })).toBeTruthy();
  expect(document.documentElement.lang).toBe(expected.lang);
  expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe(expected.language);
  await waitFor(() => expect(api.requests).toHaveLength(1));
  const saved = api.requests[0]!;
  expect(saved.method).toBe('PUT');
  expect(saved.url.pathname).toBe('/api/user/language');
  expect(JSON.parse(saved.body)).toEqual({ language: expected.language });
  expect(await screen.findByText(expected.notice)).toBeTruthy();
  return user;
}

describe('language dialog', () => {
  it('L-08 L-18 L-29 the language icon opens a dialog with exactly English, Traditional Chinese and Simplified Chinese', async () => {
    const user = userEvent.setup();
    renderButton();
    await user.click(screen.getByRole('button', { name: 'Language settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Language' });
    const choices = within(dialog)
      .getAllByRole('button')
      .filter((button) => button.textContent !== 'Cancel');
    expect(choices.map((choice) => choice.textContent)).toEqual([
      'English',
      'Traditional Chinese',
      'Simplified Chinese',
    ]);
  });

  it('L-29 choosing Simplified Chinese sets cn_simplified, saves it and shows the interface in Simplified Chinese', async () => {
    const user = await chooseFromEnglish('Simplified Chinese', {
      language: 'cn_simplified',
      settings: '语言设定',
      lang: 'zh-Hans',
      notice: '界面已转为简体中文。下次登录时会沿用此选择。',
    });
    await user.click(screen.getByRole('button', { name: '语言设定' }));
    const dialog = await screen.findByRole('dialog', { name: '语言' });
    const choices = within(dialog)
      .getAllByRole('button')
      .filter((button) => button.textContent !== '取消');
    expect(choices.map((choice) => choice.textContent)).toEqual(['英文', '繁体中文', '简体中文']);
  });

  it('choosing the second choice sets cn_traditional, saves it and shows the interface in Traditional Chinese', async () => {
    await chooseFromEnglish('Traditional Chinese', {
      language: 'cn_traditional',
      settings: '語言設定',
      lang: 'zh-Hant-HK',
      notice: '介面已轉為繁體中文。下次登入時會沿用此選擇。',
    });
  });

  it('L-19 choosing the first choice sets en and shows the interface in English again', async () => {
    server = answerEveryCall(() => ok(null));
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'cn_traditional');
    const user = userEvent.setup();
    const { store } = renderButton();
    await user.click(screen.getByRole('button', { name: '語言設定' }));
    const dialog = await screen.findByRole('dialog', { name: '語言' });
    await user.click(within(dialog).getByRole('button', { name: '英文' }));
    expect(store.getState().language.language).toBe('en');
    expect(await screen.findByRole('button', { name: 'Language settings' })).toBeTruthy();
    await waitFor(() => expect(server!.requests).toHaveLength(1));
    expect(JSON.parse(server.requests[0]!.body)).toEqual({ language: 'en' });
  });
});
