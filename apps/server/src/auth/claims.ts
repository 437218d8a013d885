import { roleSchema, type Role } from '@vmer/domain';
import type { JWTPayload } from 'jose';
import type { TokenIdentity } from './users-repository.ts';

/**
 * What an access token says about its subject. Role comes from `role`, or from a `roles`
 * list (Entra ID app roles, Keycloak mappers); insurers from `insurers` as a list or a
 * space- or comma-separated string. Unknown role values count as absent.
 */
export function identityFromClaims(payload: JWTPayload & { sub: string }): TokenIdentity {
  const text = (value: unknown) =>
    typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  const userName = text(payload.preferred_username) ?? text(payload.email) ?? payload.sub;
  return {
    subject: payload.sub,
    userName,
    displayName: text(payload.name) ?? userName,
    role: roleClaim(payload),
    insurers: insurersClaim(payload.insurers),
    email: payload.email_verified === false ? undefined : text(payload.email),
  };
}

function roleClaim(payload: JWTPayload): Role | undefined {
  const candidates = [payload.role, ...(Array.isArray(payload.roles) ? payload.roles : [])];
  for (const candidate of candidates) {
    const parsed = roleSchema.safeParse(candidate);
    if (parsed.success) return parsed.data;
  }
  return undefined;
}

function insurersClaim(value: unknown): string[] | undefined {
  const list = Array.isArray(value)
    ? value
    : typeof value === 'string'
      ? value.split(/[\s,]+/)
      : undefined;
  if (!list) return undefined;
  return [
    ...new Set(
      list.filter((code): code is string => typeof code === 'string' && /^[a-z0-9]+$/.test(code)),
    ),
  ];
}
