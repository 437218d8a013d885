/** The roles a person may ask for; admin rights are given by an administrator, never requested. */
export const REQUESTABLE_ROLES = ['interviewer', 'agent', 'underwriter'] as const;
type RequestableRole = (typeof REQUESTABLE_ROLES)[number];

/** What POST /api/account-request records (design §5). */
export interface AccountRequest {
  name: string;
  email: string;
  insurerCode: string;
  role: RequestableRole | '';
  message: string;
}

export type AccountRequestField = keyof AccountRequest;

/** What is wrong with a field: a key of the accountRequest texts, with its parameters. */
export interface FieldProblem {
  key: 'required' | 'invalidEmail' | 'tooLong';
  params?: { max: number };
}

/** The server's limits, checked here first so that a request is refused before it is sent. */
export const FIELD_MAX_LENGTH: Record<Exclude<AccountRequestField, 'role'>, number> = {
  name: 100,
  email: 254,
  insurerCode: 20,
  message: 1000,
};

const REQUIRED_TEXT_FIELDS = ['name', 'email', 'insurerCode'] as const;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Checks every field of the request; an empty result means it can be sent. */
export function validateAccountRequest(
  request: AccountRequest,
): Partial<Record<AccountRequestField, FieldProblem>> {
  const problems: Partial<Record<AccountRequestField, FieldProblem>> = {};
  for (const field of [...REQUIRED_TEXT_FIELDS, 'message'] as const) {
    const value = request[field].trim();
    if (value === '' && field !== 'message') problems[field] = { key: 'required' };
    else if (value.length > FIELD_MAX_LENGTH[field])
      problems[field] = { key: 'tooLong', params: { max: FIELD_MAX_LENGTH[field] } };
  }
  if (!problems.email && !EMAIL.test(request.email.trim()))
    problems.email = { key: 'invalidEmail' };
  if (request.role === '') problems.role = { key: 'required' };
  return problems;
}

/** The request as sent: trimmed, and without an empty message. */
export function accountRequestBody(request: AccountRequest): Partial<AccountRequest> {
  const message = request.message.trim();
  return {
    name: request.name.trim(),
    email: request.email.trim(),
    insurerCode: request.insurerCode.trim(),
    role: request.role,
    ...(message !== '' && { message }),
  };
}

/** The form field a server-reported path names ('insurerCode', 'body.insurerCode', '/insurerCode'). */
export function fieldOfPath(path: string): AccountRequestField | null {
  const last = path.split(/[./]/).pop() ?? '';
  return (
    (['name', 'email', 'insurerCode', 'role', 'message'] as const).find(
      (field) => field === last,
    ) ?? null
  );
}
