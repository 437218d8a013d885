import { apiRoutes, ok } from '@vmer/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../http/contract-route.ts';
import { worklistService } from './worklist-service.ts';

/**
 * The worklist's calls (design §10, requirements W-02 to W-10): a keyset page, the counts per
 * status and view, and the download, each over the caller's insurers only.
 */
export const worklistRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = worklistService({
    catalog: app.catalog,
    repositories: app.repositories,
    claimMinutes: app.config.reviewClaimMinutes,
  });

  app.route({
    ...fromContract(apiRoutes.worklist),
    handler: async (request) => ok(await service.page(request.user, request.query)),
  });

  app.route({
    ...fromContract(apiRoutes.worklistCounts),
    handler: async (request) => ok(await service.counts(request.user, request.query)),
  });

  app.route({
    ...fromContract(apiRoutes.worklistExport),
    handler: async (request) => ok(await service.export(request.user, request.query)),
  });
};
