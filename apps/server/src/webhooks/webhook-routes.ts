import { apiRoutes, ok } from '@vmer/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireScreen } from '../auth/authenticate.ts';
import { fromContract } from '../http/contract-route.ts';
import { translate } from '../http/errors.ts';
import { requestLanguage } from '../http/language.ts';
import { webhookAdmin } from './webhook-admin.ts';

/**
 * /admin/webhooks (design §13, requirements N-02, N-04): the webhook endpoints of the
 * administrator's insurers, their secrets, delivery logs and resends. Administrators only
 * (the roles of the insurers screen); secrets are answered once and never logged.
 */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = webhookAdmin({
    db: app.db,
    repositories: app.repositories,
    production: app.config.production,
  });
  const preHandler = requireScreen('insurers');

  app.route({
    ...fromContract(apiRoutes.adminWebhooks),
    preHandler,
    handler: async (request) => ok({ items: await service.list(request.user) }),
  });

  app.route({
    ...fromContract(apiRoutes.adminWebhookCreate),
    preHandler,
    handler: async (request, reply) => {
      const created = await service.create(request.user, request.body);
      request.log.info(
        { webhook: created.endpoint.id, insurer: created.endpoint.insurer },
        'webhook endpoint registered',
      );
      reply.code(201);
      return {
        code: 201 as const,
        message: translate('webhook_created', requestLanguage(request)),
        body: created,
      };
    },
  });

  app.route({
    ...fromContract(apiRoutes.adminWebhookUpdate),
    preHandler,
    handler: async (request) => {
      const saved = await service.update(request.user, request.params.id, request.body);
      request.log.info({ webhook: saved.id, enabled: saved.enabled }, 'webhook endpoint changed');
      return ok(saved);
    },
  });

  app.route({
    ...fromContract(apiRoutes.adminWebhookDelete),
    preHandler,
    handler: async (request) => {
      await service.remove(request.user, request.params.id);
      request.log.info({ webhook: request.params.id }, 'webhook endpoint deleted');
      return ok(null);
    },
  });

  app.route({
    ...fromContract(apiRoutes.adminWebhookRotate),
    preHandler,
    handler: async (request) => {
      const rotated = await service.rotate(request.user, request.params.id);
      request.log.info({ webhook: rotated.endpoint.id }, 'webhook signing secret rotated');
      return ok(rotated);
    },
  });

  app.route({
    ...fromContract(apiRoutes.adminWebhookDeliveries),
    preHandler,
    handler: async (request) =>
      ok(await service.deliveries(request.user, request.params.id, request.query.cursor)),
  });

  app.route({
    ...fromContract(apiRoutes.adminWebhookResend),
    preHandler,
    handler: async (request) => {
      const delivery = await service.resend(
        request.user,
        request.params.id,
        request.params.deliveryId,
      );
      request.log.info(
        { webhook: request.params.id, delivery: delivery.id },
        'webhook delivery sent again',
      );
      return ok(delivery);
    },
  });
};
