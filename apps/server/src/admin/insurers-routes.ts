import { apiRoutes, ok } from '@vmer/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireScreen } from '../auth/authenticate.ts';
import { fromContract } from '../http/contract-route.ts';
import { translate } from '../http/errors.ts';
import { requestLanguage } from '../http/language.ts';
import { adminInsurersRepository } from './insurers-repository.ts';
import { adminInsurersService } from './insurers-service.ts';

/**
 * /admin/insurers (design §11, requirements O-11): the administrator's insurers with their
 * channels and products, and changes to them, each a new active catalogue version. Only the
 * roles of the insurers screen (403 for the rest). Registered after the catalogue's plugin,
 * whose service it changes the catalogue through.
 */
export const adminInsurersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = adminInsurersService(
    app.catalog,
    app.repositories,
    adminInsurersRepository(app.db),
  );
  const preHandler = requireScreen('insurers');

  app.route({
    ...fromContract(apiRoutes.adminInsurers),
    preHandler,
    handler: async (request) => ok(await service.list(request.user)),
  });

  app.route({
    ...fromContract(apiRoutes.adminInsurerCreate),
    preHandler,
    handler: async (request, reply) => {
      const saved = await service.create(request.user, request.body);
      request.log.info(
        { insurer: saved.insurer.code, version: saved.catalogVersion },
        'insurer added',
      );
      reply.code(201);
      return {
        code: 201 as const,
        message: translate(
          {
            key: 'insurer_added',
            params: { code: saved.insurer.code, version: saved.catalogVersion },
          },
          requestLanguage(request),
        ),
        body: saved,
      };
    },
  });

  app.route({
    ...fromContract(apiRoutes.adminInsurerUpdate),
    preHandler,
    handler: async (request) => {
      const saved = await service.update(request.user, request.params.code, request.body);
      request.log.info(
        { insurer: saved.insurer.code, version: saved.catalogVersion },
        'insurer changed',
      );
      return ok(saved);
    },
  });
};
