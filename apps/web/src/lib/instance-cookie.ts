import { cookieValue } from './early-opening.ts';

/**
 * The questionnaire instance identifier travels in a cookie (requirements §6, §9): the server sets it,
 * the disease-list answer's `instance` refreshes it, and every API call sends it back in the
 * `Instance` header.
 */
export const INSTANCE_COOKIE = 'instance';
const ONE_DAY_SECONDS = 24 * 60 * 60;

export function readInstance(): string | null {
  return cookieValue(INSTANCE_COOKIE);
}

export function storeInstance(instance: string): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${INSTANCE_COOKIE}=${encodeURIComponent(instance)}; Max-Age=${ONE_DAY_SECONDS}; Path=/; SameSite=Lax${secure}`;
}
