import { roleSchema, type Role } from '@vmer/domain';
import type { JWTPayload } from 'jose';
import type { TokenIdentity } from './users-repository.ts';

/** What one provider group or app role value grants (requirements N-06). */
export interface Grant {
  role: Role | undefined;
  insurers: string[];
}

/**
 * Which claims of an access token carry what, and what provider groups and app roles grant
 * (OIDC_CLAIM_* and OIDC_GROUP_MAP, docs/operations.md "Claims, groups and app roles"). A
 * claim is named by its name, or by a dotted path into nested objects (`realm_access.roles`).
 */
export interface ClaimSettings {
  /** Claims tried in order for the user name; the subject when none is present. */
  userName: string[];
  /** Claims whose values are role names, or app role values looked up in `groupMap`. */
  roles: string[];
  /** Claims whose values are insurer codes (a list, or a space- or comma-separated string). */
  insurers: string[];
  /** Claims whose values (group ids, names or paths) count only through `groupMap`. */
  groups: string[];
  /** Group and app role values to what they grant, in the order they were written; none: empty. */
  groupMap: ReadonlyMap<string, Grant>;
}

/** Today's claims, with no groups mapped: the settings when no OIDC_CLAIM_* is set. */
export const DEFAULT_CLAIM_SETTINGS: ClaimSettings = {
  userName: ['preferred_username', 'email'],
  roles: ['role', 'roles'],
  insurers: ['insurers'],
  groups: ['groups'],
  groupMap: new Map(),
};

const INSURER_CODE = /^[a-z0-9]+$/;
const CLAIM_NAME = /^[^\s,]+$/;
const ROLES_TEXT = roleSchema.options.join(', ');

/**
 * A comma-separated list of claim names, or the problem with it.
 * @example parseClaimList('roles, realm_access.roles') // { names: ['roles', 'realm_access.roles'] }
 */
export function parseClaimList(text: string): { names: string[] } | { problem: string } {
  const names = text.split(',').map((name) => name.trim());
  if (names.some((name) => !CLAIM_NAME.test(name)))
    return {
      problem:
        'must be claim names separated by commas, without spaces (e.g. roles,realm_access.roles)',
    };
  return { names };
}

/**
 * OIDC_GROUP_MAP: `VALUE=GRANT|GRANT;VALUE=GRANT…` (entries separated by `;` or new lines, the
 * value before the last `=`), or a JSON object `{ "VALUE": ["GRANT", …] }` (or `"GRANT|GRANT"`).
 * A grant is a role (agent, interviewer, underwriter, admin) or `insurer:CODE`. Answers the map,
 * or one problem per bad entry.
 * @example parseGroupMap('Underwriters=underwriter|insurer:phkl;/hk/slhk=insurer:slhk')
 */
export function parseGroupMap(
  text: string,
): { map: Map<string, Grant>; problems: [] } | { problems: string[] } {
  const entries: [string, string[]][] = [];
  const problems: string[] = [];
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch {
      return { problems: ['is not valid JSON'] };
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      return { problems: ['must be a JSON object of group or app role values to grants'] };
    for (const [key, value] of Object.entries(parsed)) {
      if (typeof value === 'string') entries.push([key, value.split('|')]);
      else if (Array.isArray(value) && value.every((grant) => typeof grant === 'string'))
        entries.push([key, value as string[]]);
      else problems.push(`"${key}": must be a list of grants or a text of grants separated by |`);
    }
  } else {
    for (const entry of trimmed.split(/[;\n]/)) {
      if (entry.trim() === '') continue;
      const at = entry.lastIndexOf('=');
      if (at < 0) {
        problems.push(
          `"${entry.trim()}": must be VALUE=GRANT (e.g. Underwriters=underwriter|insurer:phkl)`,
        );
        continue;
      }
      entries.push([entry.slice(0, at), entry.slice(at + 1).split('|')]);
    }
  }
  const map = new Map<string, Grant>();
  for (const [rawKey, grants] of entries) {
    const key = rawKey.trim();
    if (key === '') {
      problems.push('an entry has no group or app role value before its =');
      continue;
    }
    if (map.has(key)) {
      problems.push(`"${key}": is mapped twice`);
      continue;
    }
    const grant: Grant = { role: undefined, insurers: [] };
    const entryProblems: string[] = [];
    const names = grants.map((name) => name.trim()).filter((name) => name !== '');
    if (names.length === 0) entryProblems.push(`"${key}": grants nothing`);
    for (const name of names) {
      const role = roleSchema.safeParse(name);
      if (role.success) {
        if (grant.role !== undefined && grant.role !== role.data)
          entryProblems.push(`"${key}": grants two roles (${grant.role} and ${role.data})`);
        grant.role = role.data;
      } else if (name.startsWith('insurer:') && INSURER_CODE.test(name.slice('insurer:'.length))) {
        const code = name.slice('insurer:'.length);
        if (!grant.insurers.includes(code)) grant.insurers.push(code);
      } else {
        entryProblems.push(
          `"${key}": unknown grant "${name}" (a role: ${ROLES_TEXT}; or insurer:CODE of lower-case letters and digits)`,
        );
      }
    }
    problems.push(...entryProblems);
    if (entryProblems.length === 0) map.set(key, grant);
  }
  if (problems.length === 0 && map.size === 0) problems.push('maps nothing');
  return problems.length > 0 ? { problems } : { map, problems: [] };
}

/**
 * What an access token says about its subject, read from the claims `settings` name
 * (requirements N-06). The user name is the first of its claims present, else the subject.
 * The role is the first role named by a roles claim (in the token's order), else the role of the
 * first entry of the group map (in the map's order) that one of the token's roles or groups
 * matches; unknown values grant nothing. The insurers are those of the insurers claims and of
 * every matched entry: stated (possibly none) when an insurers claim is present or the map
 * grants insurers at all, else undefined (the stored insurers stand).
 */
export function identityFromClaims(
  payload: JWTPayload & { sub: string },
  settings: ClaimSettings = DEFAULT_CLAIM_SETTINGS,
): TokenIdentity {
  const text = (value: unknown) =>
    typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  const userName =
    settings.userName.map((name) => text(claim(payload, name))).find(Boolean) ?? payload.sub;
  const roleValues = settings.roles.flatMap((name) => values(claim(payload, name)));
  const matched = new Set([
    ...roleValues,
    ...settings.groups.flatMap((name) => values(claim(payload, name))),
  ]);
  const grants = [...settings.groupMap].filter(([key]) => matched.has(key)).map(([, g]) => g);

  const directRole = roleValues
    .map((value) => roleSchema.safeParse(value))
    .find((parsed) => parsed.success)?.data;
  const claimedInsurers = settings.insurers
    .map((name) => claim(payload, name))
    .filter((value) => Array.isArray(value) || typeof value === 'string');
  const mapGrantsInsurers = [...settings.groupMap.values()].some((g) => g.insurers.length > 0);
  const insurers =
    claimedInsurers.length > 0 || mapGrantsInsurers
      ? [
          ...new Set([
            ...claimedInsurers.flatMap(insurerCodes),
            ...grants.flatMap((g) => g.insurers),
          ]),
        ]
      : undefined;
  return {
    subject: payload.sub,
    userName,
    displayName: text(payload.name) ?? userName,
    role: directRole ?? grants.find((g) => g.role !== undefined)?.role,
    insurers,
    email: payload.email_verified === false ? undefined : text(payload.email),
  };
}

/** A claim by name, or by a dotted path into nested objects when no claim has that name. */
function claim(payload: JWTPayload, name: string): unknown {
  if (Object.hasOwn(payload, name)) return payload[name];
  let value: unknown = payload;
  for (const part of name.split('.')) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, part))
      return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** A claim's string values: each of a list, or the one string. */
function values(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list.filter((item): item is string => typeof item === 'string' && item !== '');
}

function insurerCodes(value: unknown): string[] {
  const list = Array.isArray(value)
    ? value
    : typeof value === 'string'
      ? value.split(/[\s,]+/)
      : [];
  return list.filter((code): code is string => typeof code === 'string' && INSURER_CODE.test(code));
}
