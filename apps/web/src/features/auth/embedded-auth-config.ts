import { AUTH_CONFIG_ELEMENT_ID } from '@vmer/domain/api/endpoints';
import { authConfigSchema } from '@vmer/domain/api/auth-config';
import type { AuthConfig } from '../../lib/oidc-session.ts';

/**
 * What `GET /api/auth/config` answers, as the server wrote it into the page (requirements
 * F-01), parsed by the contract's schema; null where the page has none or it is not one (the
 * dev server's page), and the app then asks the API.
 */
export function embeddedAuthConfig(): AuthConfig | null {
  const text = document.getElementById(AUTH_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed = authConfigSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
