import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render.tsx';
import { accountRequestMailto, validateAccountRequest } from '../account-request.ts';
import { AccountRequestForm } from '../components/account-request-form.tsx';

const COMPLETE = {
  name: 'Chan Tai Man',
  email: 'tm.chan@insurer.example',
  insurer: 'PHKL',
  role: 'underwriter' as const,
};

describe('account request', () => {
  it('needs every field, a valid work e-mail, and bounded lengths', () => {
    expect(validateAccountRequest(COMPLETE)).toEqual({});
    expect(validateAccountRequest({ name: ' ', email: '', insurer: '', role: '' })).toEqual({
      name: { key: 'required' },
      email: { key: 'required' },
      insurer: { key: 'required' },
      role: { key: 'required' },
    });
    expect(validateAccountRequest({ ...COMPLETE, email: 'not-an-address' }).email).toEqual({
      key: 'invalidEmail',
    });
    expect(validateAccountRequest({ ...COMPLETE, name: 'x'.repeat(101) }).name).toEqual({
      key: 'tooLong',
      params: { max: 100 },
    });
  });

  it('addresses the request to the help desk with every field in the body', () => {
    const mailto = accountRequestMailto(
      'helpdesk@example.com',
      'Video MER access request',
      COMPLETE,
      { name: 'Full name', email: 'Work e-mail', insurer: 'Insurer', role: 'Role wanted' },
      'Underwriter',
    );
    const url = new URL(mailto);
    expect(url.protocol).toBe('mailto:');
    expect(url.pathname).toBe('helpdesk@example.com');
    expect(url.searchParams.get('subject')).toBe('Video MER access request');
    expect(url.searchParams.get('body')).toBe(
      'Full name: Chan Tai Man\nWork e-mail: tm.chan@insurer.example\nInsurer: PHKL\nRole wanted: Underwriter',
    );
  });

  it('shows what is missing when sent empty, and keeps focus on the first field in error', async () => {
    const user = userEvent.setup();
    renderWithApp(<AccountRequestForm helpDeskEmail="helpdesk@example.com" />);
    expect(screen.getByRole('heading', { name: 'Request access' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Write the request' }));
    expect(screen.getAllByText('This field is required')).toHaveLength(4);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Full name' }));
    await user.type(screen.getByRole('textbox', { name: 'Work e-mail' }), 'nobody');
    expect(screen.getByText('Enter a valid e-mail address')).toBeTruthy();
  });
});
