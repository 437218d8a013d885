import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { answerEveryCall, ok } from '../../test/mock-api.ts';
import { renderWithApp } from '../../test/render.tsx';
import { NotFound } from '../route-error.tsx';
import { Component as Privacy } from '../routes/privacy.tsx';
import { inTraditionalChinese } from '../../test/language.ts';

afterEach(() => {
  document.title = '';
});

describe('the tab title', () => {
  it("T-25 names the page shown, in the user's language", async () => {
    answerEveryCall(() =>
      ok({
        authority: 'x',
        clientId: 'y',
        scope: 'openid',
        companyName: null,
        helpDeskEmail: 'h@x',
        deviceCopyMaxAgeHours: 72,
      }),
    );
    const privacy = renderWithApp(<Privacy />);
    await screen.findByRole('heading', { name: 'Privacy Policy' });
    await waitFor(() => expect(document.title).toBe('Privacy Policy – Video MER'));
    privacy.unmount();
    renderWithApp(<NotFound />);
    await waitFor(() => expect(document.title).toBe('Page not found – Video MER'));
    await inTraditionalChinese(async () => {
      await waitFor(() => expect(document.title).toBe('找不到頁面 – Video MER'));
    });
  });
});
