import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render.tsx';
import { LoginCallback } from '../components/login-callback.tsx';
import { returnPathOf } from '../return-path.ts';

describe('sign-in callback', () => {
  it('R-13 R-14 R-15 with error and error_description: the error with spaces, its description and Back To Login', () => {
    renderWithApp(<LoginCallback />, {
      path: '/login/callback?error=access_denied&error_description=User+denied+the+request',
    });
    expect(screen.getByTestId('callback-error').textContent).toBe('access denied');
    expect(screen.getByTestId('callback-error-description').textContent).toBe(
      'User denied the request',
    );
    const back = screen.getByRole('link', { name: 'Back To Login' });
    expect(back.getAttribute('href')).toBe('/');
  });

  it('only a path on this origin is returned to after sign-in', () => {
    expect(returnPathOf({ returnTo: '/questionnaire/ABC123?x=1' })).toBe(
      '/questionnaire/ABC123?x=1',
    );
    expect(returnPathOf({ returnTo: '//evil.example/' })).toBe('/home');
    expect(returnPathOf({ returnTo: 'https://evil.example/' })).toBe('/home');
    expect(returnPathOf(undefined)).toBe('/home');
  });
});
