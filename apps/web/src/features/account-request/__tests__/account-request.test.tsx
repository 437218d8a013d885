import { act, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { answerEveryCall, type MockApi } from '../../../test/mock-api.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { accountRequestBody, fieldOfPath, validateAccountRequest } from '../account-request.ts';
import { AccountRequestForm } from '../components/account-request-form.tsx';

const COMPLETE = {
  name: 'Chan Tai Man',
  email: 'tm.chan@insurer.example',
  insurerCode: 'phkl',
  role: 'underwriter' as const,
  message: '',
};

let server: MockApi | null = null;
afterEach(() => {
  server = null;
});

/** Fills every field of the form as a person would. */
async function fillIn(user: UserEvent, message = '') {
  await user.type(screen.getByRole('textbox', { name: 'Full name' }), COMPLETE.name);
  await user.type(screen.getByRole('textbox', { name: 'Work e-mail' }), COMPLETE.email);
  await user.type(screen.getByRole('textbox', { name: 'Insurer code' }), COMPLETE.insurerCode);
  await user.click(screen.getByRole('combobox', { name: 'Role wanted' }));
  await user.click(
    within(screen.getByRole('listbox')).getByRole('option', { name: 'Underwriter' }),
  );
  if (message) {
    await user.type(screen.getByRole('textbox', { name: 'Message to the administrator' }), message);
  }
}

/** The text an element's aria-describedby points at. */
function description(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
}

describe('account request', { timeout: 20_000 }, () => {
  it('checks the server limits: required fields, a valid e-mail, bounded lengths', () => {
    expect(validateAccountRequest(COMPLETE)).toEqual({});
    expect(
      validateAccountRequest({ name: ' ', email: '', insurerCode: '', role: '', message: '' }),
    ).toEqual({
      name: { key: 'required' },
      email: { key: 'required' },
      insurerCode: { key: 'required' },
      role: { key: 'required' },
    });
    expect(validateAccountRequest({ ...COMPLETE, email: 'not-an-address' }).email).toEqual({
      key: 'invalidEmail',
    });
    expect(validateAccountRequest({ ...COMPLETE, name: 'x'.repeat(101) }).name).toEqual({
      key: 'tooLong',
      params: { max: 100 },
    });
    expect(
      validateAccountRequest({ ...COMPLETE, insurerCode: 'x'.repeat(21) }).insurerCode,
    ).toEqual({ key: 'tooLong', params: { max: 20 } });
    expect(validateAccountRequest({ ...COMPLETE, message: 'x'.repeat(1001) }).message).toEqual({
      key: 'tooLong',
      params: { max: 1000 },
    });
    expect(validateAccountRequest({ ...COMPLETE, message: 'x'.repeat(1000) })).toEqual({});
    expect(accountRequestBody({ ...COMPLETE, name: ' Chan Tai Man ' })).toEqual({
      name: 'Chan Tai Man',
      email: COMPLETE.email,
      insurerCode: 'phkl',
      role: 'underwriter',
    });
    expect(fieldOfPath('body.insurerCode')).toBe('insurerCode');
    expect(fieldOfPath('/email')).toBe('email');
    expect(fieldOfPath('unknown')).toBeNull();
  });

  it('sent empty, every required field says what is missing, tied to it, and the first gets focus; nothing is sent', async () => {
    server = answerEveryCall(() => ({ status: 500 }));
    const user = userEvent.setup();
    renderWithApp(<AccountRequestForm />);
    expect(screen.getByRole('heading', { name: 'Request access' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    const name = screen.getByRole('textbox', { name: 'Full name' });
    expect(document.activeElement).toBe(name);
    for (const field of [
      name,
      screen.getByRole('textbox', { name: 'Work e-mail' }),
      screen.getByRole('textbox', { name: 'Insurer code' }),
      screen.getByRole('combobox', { name: 'Role wanted' }),
    ]) {
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(description(field)).toBe('This field is required');
    }
    const message = screen.getByRole('textbox', { name: 'Message to the administrator' });
    expect(message.getAttribute('aria-invalid')).toBe('false');
    expect(description(message)).toBe('Optional, at most 1000 characters');
    await user.type(screen.getByRole('textbox', { name: 'Work e-mail' }), 'nobody');
    expect(description(screen.getByRole('textbox', { name: 'Work e-mail' }))).toBe(
      'Enter a valid e-mail address',
    );
    expect(server.requests).toHaveLength(0);
  });

  it('posts the request to /api/account-request, shows progress while sending, then a confirmation in place of the form', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    server = answerEveryCall(() => ({
      status: 201,
      json: { code: 201, message: 'Created', body: { id: 'a1' } },
      release: held,
    }));
    const user = userEvent.setup();
    renderWithApp(<AccountRequestForm />);
    await fillIn(user, 'Underwriting team, Kowloon office');
    await user.click(screen.getByRole('button', { name: 'Send request' }));

    const sending = await screen.findByRole('button', { name: /Sending request/ });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('progressbar')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveProperty('disabled', true);
    release();

    const heading = await screen.findByRole('heading', { name: 'Request sent' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByRole('status').textContent).toContain('has been recorded');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/');

    expect(server.requests).toHaveLength(1);
    const [sent] = server.requests;
    expect(sent!.method).toBe('POST');
    expect(sent!.url.pathname).toBe('/api/account-request');
    expect(JSON.parse(sent!.body)).toEqual({
      name: COMPLETE.name,
      email: COMPLETE.email,
      insurerCode: 'phkl',
      role: 'underwriter',
      message: 'Underwriting team, Kowloon office',
    });
  });

  it('a field the server refuses shows its message at the field; everything typed stays', async () => {
    server = answerEveryCall(() => ({
      status: 400,
      json: {
        code: 400,
        message: 'Please check the form',
        errors: [{ path: 'insurerCode', message: 'Unknown insurer code' }],
      },
    }));
    const user = userEvent.setup();
    renderWithApp(<AccountRequestForm />);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    const insurer = screen.getByRole('textbox', { name: 'Insurer code' });
    await waitFor(() => expect(description(insurer)).toBe('Unknown insurer code'));
    expect(insurer.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(insurer);
    expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveProperty(
      'value',
      COMPLETE.name,
    );
    expect(screen.getByRole('textbox', { name: 'Work e-mail' })).toHaveProperty(
      'value',
      COMPLETE.email,
    );
    expect(insurer).toHaveProperty('value', 'phkl');
    // Correcting the field clears the server's word on it.
    await user.type(insurer, 'x');
    expect(insurer.getAttribute('aria-invalid')).toBe('false');
  });

  it('rate limited (429): says to try later and keeps the form as typed, in Traditional Chinese too', async () => {
    server = answerEveryCall(() => ({
      status: 429,
      json: { code: 429, message: 'Too Many Requests' },
    }));
    const user = userEvent.setup();
    renderWithApp(<AccountRequestForm />);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many requests were sent from this network. Please try again in an hour.',
    );
    expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveProperty(
      'value',
      COMPLETE.name,
    );
    expect(screen.getByRole('button', { name: 'Send request' })).toHaveProperty('disabled', false);

    await act(() => i18next.changeLanguage('cn_traditional'));
    expect(await screen.findByRole('heading', { name: '申請使用權限' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('此網絡提交的申請過多，請於一小時後再試。');
    expect(screen.getByRole('textbox', { name: '全名' })).toHaveProperty('value', COMPLETE.name);
  });
});
