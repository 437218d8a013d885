/**
 * Administration (docs/design.md §11): people and access,
 * account requests and their decisions, insurers and products, and the administration audit
 * trail. The server validates with these schemas and the web app builds its forms
 * from them, so the two never disagree.
 */
import { z } from 'zod';
import { insurerSourceSchema } from './catalog/source-schema.ts';
import { insurerCodeSchema } from './lifecycle.ts';
import { bilingualSchema, roleSchema } from './model.ts';
import { flagParam, listOf } from './query-params.ts';

// ---------------------------------------------------------------------------------------
// People and access

/** Users per page of the users list. */
export const USER_PAGE_SIZE = 50;

/** How a person signs in: with a password at the embedded provider, or at the company's SSO. */
export const SIGN_IN_KINDS = ['embedded', 'external'] as const;
export type SignInKind = (typeof SIGN_IN_KINDS)[number];

/** A name typed on the embedded sign-in page. */
export const userNameSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._-]{3,50}$/, 'user_name_invalid');
const displayNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[^\p{Cc}]*$/u, 'field_format');
const emailSchema = z.string().trim().max(254).pipe(z.email('email_invalid'));
/** A subject of the external provider as its tokens carry it (`sub`). */
const subjectSchema = z
  .string()
  .trim()
  .min(1)
  .max(255)
  .regex(/^[\x21-\x7e]+$/, 'subject_invalid');
/** The insurers granted: at least one, each held by the administrator granting it. */
const grantedInsurersSchema = z.array(insurerCodeSchema).min(1).max(50);

/** GET /api/admin/users: search by name, user name or email; filters combine with AND. */
export const userListQuerySchema = z
  .object({
    q: z.string().trim().max(100).optional(),
    role: listOf(roleSchema).optional(),
    insurer: listOf(insurerCodeSchema).optional(),
    active: flagParam.optional(),
    cursor: z.string().max(500).optional(),
  })
  .strict();
export type UserListQuery = z.output<typeof userListQuerySchema>;

/** A person as the administration screens show them. */
export const adminUserSchema = z.object({
  subject: z.string(),
  userName: z.string(),
  displayName: z.string(),
  email: z.string().nullable(),
  role: roleSchema.nullable(),
  /** The insurers the person holds that the viewing administrator also holds. */
  insurers: z.array(z.string()),
  /** How many insurers the person holds beyond those shown (the viewer does not hold them). */
  otherInsurers: z.number().int(),
  active: z.boolean(),
  signIn: z.enum(SIGN_IN_KINDS),
  /**
   * Whether the viewer may change the person's role and activation: they hold all the
   * person's insurers and the person is not themselves.
   */
  manageable: z.boolean(),
  /** ISO 8601; also the version sent back with a change. */
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const userPageSchema = z.object({
  items: z.array(adminUserSchema),
  nextCursor: z.string().nullable(),
});

/**
 * POST /api/admin/users. An embedded user gets a generated password shown once in the answer;
 * an external user is pre-registered by the subject their provider will send, or by email
 * until their first sign-in binds the subject.
 */
export const createUserSchema = z.discriminatedUnion('signIn', [
  z
    .object({
      signIn: z.literal('embedded'),
      userName: userNameSchema,
      displayName: displayNameSchema,
      email: emailSchema.optional(),
      role: roleSchema,
      insurers: grantedInsurersSchema,
    })
    .strict(),
  z
    .object({
      signIn: z.literal('external'),
      subject: subjectSchema.optional(),
      email: emailSchema.optional(),
      displayName: displayNameSchema,
      role: roleSchema,
      insurers: grantedInsurersSchema,
    })
    .strict()
    .refine((user) => user.subject !== undefined || user.email !== undefined, {
      message: 'subject_or_email_required',
      path: ['subject'],
    }),
]);
export type CreateUser = z.infer<typeof createUserSchema>;

export const createdUserSchema = z.object({
  user: adminUserSchema,
  /** The embedded user's first password, shown this once; null for an external user. */
  initialPassword: z.string().nullable(),
});
export type CreatedUser = z.infer<typeof createdUserSchema>;

/**
 * PUT /api/admin/users/:subject. Only the fields sent change. `insurers` replaces the
 * insurers the administrator holds (those they do not hold stay as they are). `updatedAt` is
 * the version read: a change made meanwhile answers 409.
 */
export const updateUserSchema = z
  .object({
    displayName: displayNameSchema.optional(),
    email: emailSchema.nullable().optional(),
    role: roleSchema.optional(),
    insurers: z.array(insurerCodeSchema).max(50).optional(),
    active: z.boolean().optional(),
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .strict();
export type UpdateUser = z.infer<typeof updateUserSchema>;

export const subjectParamsSchema = z.object({ subject: subjectSchema }).strict();

// ---------------------------------------------------------------------------------------
// Account requests

export const ACCOUNT_REQUEST_STATES = ['pending', 'approved', 'declined'] as const;
export type AccountRequestState = (typeof ACCOUNT_REQUEST_STATES)[number];

/** GET /api/admin/account-requests. */
export const accountRequestListQuerySchema = z
  .object({
    state: z.enum(ACCOUNT_REQUEST_STATES).default('pending'),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
  })
  .strict();

/**
 * A request for access as an administrator sees it. Requests naming an insurer that no
 * administrator holds are shown to every administrator (`routed: false`).
 */
export const adminAccountRequestSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  insurerCode: z.string(),
  role: z.string(),
  message: z.string().nullable(),
  createdAt: z.string(),
  routed: z.boolean(),
  state: z.enum(ACCOUNT_REQUEST_STATES),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  declineReason: z.string().nullable(),
  /** The user the approval created. */
  userSubject: z.string().nullable(),
});
export type AdminAccountRequest = z.infer<typeof adminAccountRequestSchema>;

export const adminAccountRequestPageSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
  items: z.array(adminAccountRequestSchema),
});

export const accountRequestParamsSchema = z.object({ id: z.uuid() }).strict();

/** POST …/account-requests/:id/approve: the user to create, as edited by the administrator. */
export const approveAccountRequestSchema = createUserSchema.meta({
  description: 'The user to create, pre-filled from the request and edited by the administrator',
});

export const approvedAccountRequestSchema = createdUserSchema.extend({
  request: adminAccountRequestSchema,
});

/** The most characters of a decline reason. */
export const DECLINE_REASON_MAX = 500;
/** POST …/account-requests/:id/decline. */
export const declineAccountRequestSchema = z
  .object({ reason: z.string().trim().min(1).max(DECLINE_REASON_MAX) })
  .strict();

// ---------------------------------------------------------------------------------------
// Insurers and products

/**
 * An insurer with its channels and products, as `insurers.yaml` writes it. Changing one makes
 * a new catalogue version from the active one with this insurer changed, and activates it.
 */
export const adminInsurerSchema = insurerSourceSchema;
export type AdminInsurer = z.infer<typeof adminInsurerSchema>;

/**
 * GET /api/admin/insurers: the administrator's insurers in the active catalogue version, and
 * the conditions of that version a product may offer.
 */
export const adminInsurersSchema = z.object({
  catalogVersion: z.string(),
  insurers: z.array(adminInsurerSchema),
  conditions: z.array(z.object({ uuid: z.string(), name: bilingualSchema })),
});

/**
 * PUT /api/admin/insurers/:code and POST /api/admin/insurers. `catalogVersion` is the active
 * version the change was made on: another activation meanwhile answers 409.
 */
export const saveInsurerSchema = z
  .object({ insurer: adminInsurerSchema, catalogVersion: z.string().regex(/^[1-9]\d{0,8}$/) })
  .strict();

export const insurerParamsSchema = z.object({ code: insurerCodeSchema }).strict();

export const savedInsurerSchema = z.object({
  catalogVersion: z.string(),
  insurer: adminInsurerSchema,
});

// ---------------------------------------------------------------------------------------
// The administration audit trail

export const ADMIN_AUDIT_SUBJECTS = [
  'user',
  'accountRequest',
  'insurer',
  'webhook',
  'catalogueDraft',
  'catalogueRelease',
] as const;

/** One change made through administration: who, when, what, before → after. */
export const adminAuditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.string(),
  subjectType: z.enum(ADMIN_AUDIT_SUBJECTS),
  subjectId: z.string(),
  action: z.string(),
  /** The fields that changed, before and after (null when absent). */
  changes: z.array(
    z.object({ field: z.string(), before: z.unknown().nullable(), after: z.unknown().nullable() }),
  ),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;

/** GET /api/admin/audit: the administration trail of the caller's insurers, newest first. */
export const adminAuditQuerySchema = z
  .object({
    subjectType: z.enum(ADMIN_AUDIT_SUBJECTS).optional(),
    subjectId: z.string().max(255).optional(),
    cursor: z.string().max(500).optional(),
  })
  .strict();

export const adminAuditPageSchema = z.object({
  items: z.array(adminAuditEntrySchema),
  nextCursor: z.string().nullable(),
});
