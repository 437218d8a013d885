import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole } from '../auth/authenticate.ts';
import { ok, okSchema } from '../http/envelope.ts';
import { translate } from '../http/errors.ts';
import { requestLanguage } from '../http/language.ts';
import { pageOf, pageWindow } from '../http/paging.ts';
import { accountRequestRepository } from './account-request-repository.ts';

/** Requests one address may send in RATE_WINDOW: enough for a few corrections, not for a flood. */
const RATE_MAX = 5;
const RATE_WINDOW = '1 hour';
const PAGE_SIZE = 20;
const TAGS = ['account requests'];

/** Text without control characters (a name, an insurer code). */
const plainText = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^[^\p{Cc}]*$/u, 'field_format');

/** POST /api/account-request: what a person asking for access tells the administrators. */
const accountRequestSchema = z
  .object({
    name: plainText(100),
    email: z.string().trim().max(254).pipe(z.email('email_invalid')),
    insurerCode: plainText(20).toLowerCase(),
    role: z.enum(['interviewer', 'agent', 'underwriter']),
    message: z.string().trim().max(1000).optional(),
  })
  .strict();

const accountRequestSchemaOut = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  insurerCode: z.string(),
  role: z.string(),
  message: z.string().nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
});

/**
 * Create An Account (requirements §2, design §5): a public call records a request for access,
 * rate limited per address; administrators page through their insurers' requests.
 */
export const accountRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  const requests = accountRequestRepository(app.db);

  app.post(
    '/account-request',
    {
      config: {
        public: true,
        rateLimit: {
          max: RATE_MAX,
          timeWindow: RATE_WINDOW,
          keyGenerator: (request) => `account-request:${request.ip}`,
        },
      },
      schema: {
        summary: 'Ask for access: recorded for the administrators of the insurer named',
        tags: TAGS,
        security: [],
        body: accountRequestSchema,
        response: {
          201: z.object({
            code: z.literal(201),
            message: z.string(),
            body: z.object({ id: z.string() }),
          }),
        },
      },
    },
    async (request, reply) => {
      const { name, email, insurerCode, role, message } = request.body;
      const id = randomUUID();
      await requests.add({
        id,
        name,
        email,
        insurer_code: insurerCode,
        role,
        message: message || null,
      });
      // The id only: a name or an address in the logs would be personal data kept for ever.
      request.log.info({ accountRequest: id }, 'account request recorded');
      reply.code(201);
      return {
        code: 201 as const,
        message: translate('account_request_recorded', requestLanguage(request)),
        body: { id },
      };
    },
  );

  app.get(
    '/admin/account-requests',
    {
      preHandler: requireRole('admin'),
      schema: {
        summary: "Requests for access naming the administrator's insurers, newest first",
        tags: TAGS,
        querystring: z
          .object({ page: z.coerce.number().int().min(1).max(100_000).default(1) })
          .strict(),
        response: {
          200: okSchema(
            z.object({
              page: z.number().int(),
              pageSize: z.number().int(),
              hasMore: z.boolean(),
              items: z.array(accountRequestSchemaOut),
            }),
          ),
        },
      },
    },
    async (request) => {
      const { page } = request.query;
      const { offset, limit } = pageWindow(page, PAGE_SIZE);
      const rows = await requests.page(request.user, offset, limit);
      return ok(
        pageOf(page, PAGE_SIZE, rows, (row) => ({
          id: row.id,
          name: row.name,
          email: row.email,
          insurerCode: row.insurer_code,
          role: row.role,
          message: row.message,
          createdAt: new Date(row.created_at).toISOString(),
        })),
      );
    },
  );
};
