import { apiRoutes, ok } from '@vmer/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../http/contract-route.ts';
import { acceptEmptyJson, idempotencyKey, reader } from './disclosure-routes.ts';
import { reviewService } from './review-service.ts';

/**
 * The review calls of the workbench (design §10, requirements W-13 to W-18): claim and release,
 * overrides, and the kept revisions with their comparison.
 */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = reviewService({
    db: app.db,
    catalog: app.catalog,
    repositories: app.repositories,
    claimMinutes: app.config.reviewClaimMinutes,
  });
  // Claim and release carry no payload.
  acceptEmptyJson(app);

  app.route({
    ...fromContract(apiRoutes.reviewClaim),
    handler: async (request) => ok(await service.claim(request.user, request.params.id)),
  });

  app.route({
    ...fromContract(apiRoutes.reviewRelease),
    handler: async (request) => ok(await service.release(request.user, request.params.id)),
  });

  app.route({
    ...fromContract(apiRoutes.disclosureOverride),
    handler: async (request) =>
      ok(
        await service.override(
          request.user,
          request.params.id,
          request.body,
          idempotencyKey(request),
        ),
      ),
  });

  app.route({
    ...fromContract(apiRoutes.disclosureOverrides),
    handler: async (request) => ok(await service.overrides(reader(request), request.params.id)),
  });

  app.route({
    ...fromContract(apiRoutes.disclosureRevisions),
    handler: async (request) => ok(await service.revisions(request.user, request.params.id)),
  });

  app.route({
    ...fromContract(apiRoutes.disclosureCompare),
    handler: async (request) =>
      ok(await service.compare(request.user, request.params.id, request.query)),
  });
};
