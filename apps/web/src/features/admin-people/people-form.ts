import { createUserSchema, type CreateUser, type SignInKind } from '@vmer/domain/admin';
import type { Role } from '@vmer/domain/model';
import type { TFunction } from 'i18next';
import type { ApiError } from '../../lib/api-client.ts';

/** A person's details as the create form holds them while typed. */
export interface PersonDraft {
  signIn: SignInKind;
  userName: string;
  displayName: string;
  email: string;
  subject: string;
  role: Role | '';
  insurers: string[];
}

type DraftField = keyof PersonDraft;
/** A message per field that has a problem. */
export type FieldProblems = Partial<Record<DraftField, string>>;

export const EMPTY_DRAFT: PersonDraft = {
  signIn: 'embedded',
  userName: '',
  displayName: '',
  email: '',
  subject: '',
  role: '',
  insurers: [],
};

/** The creation the draft asks for, as the contract writes it (empty optional fields left out). */
function createBody(draft: PersonDraft): Record<string, unknown> {
  const common = {
    displayName: draft.displayName,
    role: draft.role,
    insurers: draft.insurers,
    ...(draft.email.trim() ? { email: draft.email } : {}),
  };
  return draft.signIn === 'embedded'
    ? { signIn: 'embedded', userName: draft.userName, ...common }
    : {
        signIn: 'external',
        ...(draft.subject.trim() ? { subject: draft.subject } : {}),
        ...common,
      };
}

/**
 * The draft checked with the contract's own schema, so the form refuses what the server would;
 * each problem in the interface language.
 */
export function checkDraft(
  draft: PersonDraft,
  t: TFunction,
): { user: CreateUser; problems?: undefined } | { user?: undefined; problems: FieldProblems } {
  const parsed = createUserSchema.safeParse(createBody(draft));
  if (parsed.success) return { user: parsed.data };
  const problems: FieldProblems = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'displayName') as DraftField;
    if (problems[field]) continue;
    const value = (draft as unknown as Record<string, unknown>)[field];
    let message: string;
    if (issue.message === 'subject_or_email_required')
      message = t('adminPeople.form.subjectOrEmail');
    else if (field === 'insurers') message = t('adminPeople.form.pickInsurer');
    else if (value === '' || value === undefined) message = t('adminPeople.form.required');
    else if (issue.message === 'email_invalid') message = t('accountRequest.invalidEmail');
    else if (issue.code === 'too_big')
      message = t('adminPeople.form.tooLong', { max: (issue as { maximum?: number }).maximum });
    else if (/^[a-z_]+$/.test(issue.message) && t(issue.message) !== issue.message)
      message = t(issue.message);
    else message = t('adminPeople.form.invalid');
    problems[field] = message;
  }
  return { problems };
}

/** The server's problems with single fields (400), by field; the rest as one message. */
export function serverProblems(error: unknown): { fields: FieldProblems; message: string | null } {
  const failure = error as ApiError | undefined;
  if (failure?.kind !== 'response') return { fields: {}, message: null };
  const fields: FieldProblems = {};
  for (const problem of failure.errors) {
    const field = problem.path.split('.')[0] as DraftField;
    fields[field] ??= problem.message;
  }
  return {
    fields,
    message: failure.errors.length > 0 && Object.keys(fields).length > 0 ? null : failure.message,
  };
}

/** The HTTP status of a failed call, if the server answered. */
export function statusOf(error: unknown): number | null {
  const failure = error as ApiError | undefined;
  return failure?.kind === 'response' ? failure.status : null;
}
