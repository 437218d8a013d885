import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserManager } from 'oidc-client-ts';
import { Version } from 'oidc-client-ts';
import { describe, expect, it } from 'vitest';
import webPackage from '../../../../package.json' with { type: 'json' };
import { answerEveryCall, ok } from '../../../test/mock-api.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { Security, type UserManagerLoader } from '../components/security.tsx';
import { SignInCard } from '../components/sign-in-card.tsx';
import { MIN_OIDC_CLIENT_VERSION, isSupportedOidcClient } from '../oidc-client-version.ts';

const AUTH_CONFIG = {
  authority: 'http://127.0.0.1/oidc',
  clientId: 'video-mer-web',
  scope: 'openid profile offline_access',
  companyName: 'Video MER',
  helpDeskEmail: 'helpdesk@example.com',
  deviceCopyMaxAgeHours: 72,
};

/** A loader handing out a user manager that records sign-in redirects, as oidc-client-ts `version`. */
function loaderOf(version: string): { load: UserManagerLoader; redirects: unknown[] } {
  const redirects: unknown[] = [];
  const manager = {
    signinRedirect: (args: unknown) => {
      redirects.push(args);
      return Promise.resolve();
    },
  } as unknown as UserManager;
  return { load: () => Promise.resolve({ manager, version }), redirects };
}

const restore = () => undefined;

/** Renders the sign-in card inside the wrapper with a library of `version`, and presses Sign In. */
async function pressSignInWith(version: string) {
  answerEveryCall(() => ok(AUTH_CONFIG));
  const user = userEvent.setup();
  const library = loaderOf(version);
  renderWithApp(
    <Security userManager={library.load} restoreOriginalUri={restore}>
      <SignInCard />
    </Security>,
  );
  const signIn = await screen.findByRole('button', { name: 'Sign In' });
  await waitFor(() => expect(signIn).toHaveProperty('disabled', false));
  await user.click(signIn);
  return library;
}

describe('the sign-in wrapper (Security)', () => {
  it('X-13 without its user manager it shows the set-up error instead of the app', () => {
    renderWithApp(
      <Security restoreOriginalUri={restore}>
        <p>the app</p>
      </Security>,
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'Error: No oktaAuth instance passed to Security Component.',
    );
    expect(screen.queryByText('the app')).toBeNull();
  });

  it('X-14 without its restoreOriginalUri callback it shows the set-up error instead of the app', () => {
    renderWithApp(
      <Security userManager={loaderOf(Version).load}>
        <p>the app</p>
      </Security>,
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'No restoreOriginalUri callback passed to Security Component.',
    );
    expect(screen.queryByText('the app')).toBeNull();
  });

  it('X-15 with an oidc-client-ts older than the minimum it names the minimum once the library loads, and signs nobody in', async () => {
    const old = await pressSignInWith('2.4.1');
    expect((await screen.findByRole('alert')).textContent).toBe(
      `Passed in oidc-client-ts 2.4.1 is not compatible with the SDK, minimum supported oidc-client-ts version is ${MIN_OIDC_CLIENT_VERSION}.`,
    );
    expect(screen.queryByRole('button', { name: 'Sign In' })).toBeNull();
    expect(old.redirects).toEqual([]);
  });

  it('X-15 a supported oidc-client-ts signs in; the minimum is the lowest version package.json allows', async () => {
    const current = await pressSignInWith(Version);
    await waitFor(() => expect(current.redirects).toEqual([{ state: { returnTo: '/home' } }]));
    expect(screen.queryByRole('alert')).toBeNull();

    expect(webPackage.devDependencies['oidc-client-ts']).toBe(`^${MIN_OIDC_CLIENT_VERSION}`);
    expect(isSupportedOidcClient(Version)).toBe(true);
    expect(isSupportedOidcClient('3.5.0')).toBe(true);
    expect(isSupportedOidcClient('3.10.0')).toBe(true);
    expect(isSupportedOidcClient('4.0.0-beta.1')).toBe(true);
    expect(isSupportedOidcClient('3.4.9')).toBe(false);
    expect(isSupportedOidcClient('2.4.1')).toBe(false);
  });
});
