import { apiRoutes, ok } from '@vmer/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../http/contract-route.ts';
import { HttpError } from '../../http/errors.ts';

/** Liveness and readiness for load balancers and orchestrators (design §5). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromContract(apiRoutes.health),
    handler: async () => ok({ status: 'up' as const }),
  });

  app.route({
    ...fromContract(apiRoutes.ready),
    handler: async () => {
      if (!(await app.database.ping())) throw new HttpError(503, 'service_unavailable');
      return ok({ status: 'ready' as const });
    },
  });
};
