/** The roles a person may ask for; admin rights are given by an administrator, never requested. */
export const REQUESTABLE_ROLES = ['agent', 'interviewer', 'underwriter'] as const;
export type RequestableRole = (typeof REQUESTABLE_ROLES)[number];

export interface AccountRequest {
  name: string;
  email: string;
  insurer: string;
  role: RequestableRole | '';
}

export type AccountRequestField = keyof AccountRequest;

/** What is wrong with a field: a key of the accountRequest texts, with its parameters. */
export interface FieldProblem {
  key: 'required' | 'invalidEmail' | 'tooLong';
  params?: { max: number };
}

export const FIELD_MAX_LENGTH: Record<Exclude<AccountRequestField, 'role'>, number> = {
  name: 100,
  email: 254,
  insurer: 100,
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Checks every field of the request; an empty result means it can be sent. */
export function validateAccountRequest(
  request: AccountRequest,
): Partial<Record<AccountRequestField, FieldProblem>> {
  const problems: Partial<Record<AccountRequestField, FieldProblem>> = {};
  for (const field of ['name', 'email', 'insurer'] as const) {
    const value = request[field].trim();
    if (value === '') problems[field] = { key: 'required' };
    else if (value.length > FIELD_MAX_LENGTH[field])
      problems[field] = { key: 'tooLong', params: { max: FIELD_MAX_LENGTH[field] } };
  }
  if (!problems.email && !EMAIL.test(request.email.trim()))
    problems.email = { key: 'invalidEmail' };
  if (request.role === '') problems.role = { key: 'required' };
  return problems;
}

/** The e-mail that carries a request to the administrator at the help desk address. */
export function accountRequestMailto(
  to: string,
  subject: string,
  request: AccountRequest,
  labels: Record<AccountRequestField, string>,
  roleLabel: string,
): string {
  const body = [
    `${labels.name}: ${request.name.trim()}`,
    `${labels.email}: ${request.email.trim()}`,
    `${labels.insurer}: ${request.insurer.trim()}`,
    `${labels.role}: ${roleLabel}`,
  ].join('\n');
  return `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
