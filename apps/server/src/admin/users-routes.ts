import { apiRoutes, ok } from '@vmer/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireScreen } from '../auth/authenticate.ts';
import { fromContract } from '../http/contract-route.ts';
import { translate } from '../http/errors.ts';
import { requestLanguage } from '../http/language.ts';
import { adminUsersService } from './users-service.ts';

/**
 * People and access (design §11, requirements O-02 to O-08): the users list, creation, changes
 * and the administration trail, for administrators and over their insurers only.
 */
export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = adminUsersService(app.db, app.repositories);
  const preHandler = requireScreen('users');

  app.route({
    ...fromContract(apiRoutes.adminUsers),
    preHandler,
    handler: async (request) => ok(await service.page(request.user, request.query)),
  });

  app.route({
    ...fromContract(apiRoutes.adminUserCreate),
    preHandler,
    handler: async (request, reply) => {
      const created = await service.createUser(request.user, request.body);
      // The subject only: names and addresses are personal data, the password a secret.
      request.log.info({ user: created.user.subject }, 'user created');
      reply.code(201);
      return {
        code: 201 as const,
        message: translate('admin_user_created', requestLanguage(request)),
        body: created,
      };
    },
  });

  app.route({
    ...fromContract(apiRoutes.adminUserUpdate),
    preHandler,
    handler: async (request) =>
      ok(await service.update(request.user, request.params.subject, request.body)),
  });

  app.route({
    ...fromContract(apiRoutes.adminAudit),
    preHandler,
    handler: async (request) => ok(await service.audit(request.user, request.query)),
  });
};
