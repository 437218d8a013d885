/**
 * The sign-in session as oidc-client-ts stores it, read without loading that library: the
 * landing page and every API call need only to know whether a session exists and its token,
 * so the library itself loads only when signing in, out or renewing (lib/oidc.ts).
 */

import type { ApiResponse, ApiRoutes } from '@vmer/domain/api';
import { storedOidcUser, type StoredOidcUser } from './early-opening.ts';

/** What the auth config call answers: the sign-in provider of this deployment and who runs it. */
export type AuthConfig = ApiResponse<ApiRoutes['authConfig']>;

/** Where the app goes back to after sign-in, carried through the provider in the OIDC state. */
export interface SignInState {
  returnTo: string;
}

/** The stored session's parts the app reads. */
export interface StoredSession {
  accessToken: string;
  expired: boolean;
  /** When the access token expires, in milliseconds since the epoch. */
  expiresAt: number;
  renewable: boolean;
}

let provider: Pick<AuthConfig, 'authority' | 'clientId'> | null = null;

/** Names the provider whose session is read; set once GET /api/auth/config has answered. */
export function setSessionProvider(config: Pick<AuthConfig, 'authority' | 'clientId'>): void {
  provider = { authority: config.authority, clientId: config.clientId };
}

/** oidc-client-ts's storage key for the signed-in user (its `oidc.` prefix + `user:authority:client`). */
export function sessionStorageKey(config: Pick<AuthConfig, 'authority' | 'clientId'>): string {
  return `oidc.user:${config.authority}:${config.clientId}`;
}

/** The stored user of the current provider, or null when nobody is signed in. */
function storedUser(): StoredOidcUser | null {
  return provider ? storedOidcUser(sessionStorageKey(provider)) : null;
}

/** The stored session of the current provider, or null when nobody is signed in. */
export function storedSession(): StoredSession | null {
  const user = storedUser();
  if (typeof user?.access_token !== 'string') return null;
  const expiresAt = typeof user.expires_at === 'number' ? user.expires_at : 0;
  return {
    accessToken: user.access_token,
    expired: expiresAt * 1000 <= Date.now(),
    expiresAt: expiresAt * 1000,
    renewable: typeof user.refresh_token === 'string' && user.refresh_token !== '',
  };
}

/** The access token of the signed-in user as stored, or null when none is valid. */
export function storedAccessToken(): string | null {
  const session = storedSession();
  return session && !session.expired ? session.accessToken : null;
}

/**
 * The signed-in person's subject (the ID token's `sub`), or null when nobody is signed in: what
 * keeps one person's device copies apart from another's on a shared browser (I-15).
 */
export function storedSubject(): string | null {
  const sub = storedUser()?.profile?.sub;
  return typeof sub === 'string' && sub !== '' ? sub : null;
}

/**
 * The signed-in person's display name (the ID token's `name`), or null: what the server writes
 * as the author of what they did, so a screen can leave out the steps that are not theirs.
 */
export function storedDisplayName(): string | null {
  const name = storedUser()?.profile?.name;
  return typeof name === 'string' && name !== '' ? name : null;
}
