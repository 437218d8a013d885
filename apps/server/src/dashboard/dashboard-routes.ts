import { apiRoutes, ok } from '@vmer/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireScreen } from '../auth/authenticate.ts';
import { fromContract } from '../http/contract-route.ts';
import { dashboardService } from './dashboard-service.ts';

/** The operations dashboard (design §11, requirements O-12, O-14): every figure in one call. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = dashboardService({ catalog: app.catalog, dashboard: app.repositories.dashboard });

  app.route({
    ...fromContract(apiRoutes.dashboard),
    preHandler: requireScreen('dashboard'),
    handler: async (request) => ok(await service.read(request.user, request.query)),
  });
};
