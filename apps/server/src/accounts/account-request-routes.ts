import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes, ok } from '@vmer/domain/api';
import { adminUsersService } from '../admin/users-service.ts';
import { requireScreen } from '../auth/authenticate.ts';
import { fromContract } from '../http/contract-route.ts';
import { translate } from '../http/errors.ts';
import { requestLanguage } from '../http/language.ts';
import { pageOf, pageWindow } from '../http/paging.ts';
import { accountRequestService, adminAccountRequestOf } from './account-request-service.ts';

/** Requests one address may send in RATE_WINDOW: enough for a few corrections, not for a flood. */
const RATE_MAX = 5;
const RATE_WINDOW = '1 hour';
const PAGE_SIZE = 20;

/**
 * Create An Account (requirements §2, design §5): a public call records a request for access,
 * rate limited per address; administrators page through their insurers' requests (and those
 * naming an insurer no administrator holds) and approve or decline them (design §11).
 */
export const accountRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  const requests = app.repositories.accountRequests;
  const decisions = accountRequestService(
    app.db,
    app.repositories,
    adminUsersService(app.db, app.repositories),
  );
  const preHandler = requireScreen('accountRequests');

  app.route({
    ...fromContract(apiRoutes.accountRequest, {
      config: {
        rateLimit: {
          max: RATE_MAX,
          timeWindow: RATE_WINDOW,
          keyGenerator: (request) => `account-request:${request.ip}`,
        },
      },
    }),
    handler: async (request, reply) => {
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
  });

  app.route({
    ...fromContract(apiRoutes.accountRequests),
    preHandler,
    handler: async (request) => {
      const { page, state } = request.query;
      const { offset, limit } = pageWindow(page, PAGE_SIZE);
      const rows = await requests.page(request.user, state, offset, limit);
      return ok(pageOf(page, PAGE_SIZE, rows, adminAccountRequestOf));
    },
  });

  app.route({
    ...fromContract(apiRoutes.accountRequestApprove),
    preHandler,
    handler: async (request) => {
      const approved = await decisions.approve(request.user, request.params.id, request.body);
      request.log.info(
        { accountRequest: request.params.id, user: approved.user.subject },
        'account request approved',
      );
      return ok(approved);
    },
  });

  app.route({
    ...fromContract(apiRoutes.accountRequestDecline),
    preHandler,
    handler: async (request) => {
      const declined = await decisions.decline(
        request.user,
        request.params.id,
        request.body.reason,
      );
      request.log.info({ accountRequest: request.params.id }, 'account request declined');
      return ok(declined);
    },
  });
};
