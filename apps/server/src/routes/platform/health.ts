import { apiRoutes, ok } from '@vmer/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../http/contract-route.ts';
import { translate } from '../../http/errors.ts';
import { requestLanguage } from '../../http/language.ts';

const state = (up: boolean) => (up ? ('up' as const) : ('down' as const));

/** Liveness and readiness for load balancers and orchestrators (design §5, requirements N-15). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromContract(apiRoutes.health),
    handler: async () => ok({ status: 'up' as const }),
  });

  app.route({
    ...fromContract(apiRoutes.ready),
    handler: async (request, reply) => {
      const [database, identityProvider] = await Promise.all([
        app.database.ping(),
        app.identityProvider.ping(),
      ]);
      const parts = { database: state(database), identityProvider: state(identityProvider) };
      if (database && identityProvider) return ok({ status: 'ready' as const, ...parts });
      // The envelope of a 503, with the body naming what does not answer.
      return reply.code(503).send({
        code: 503,
        // The machine-readable code every error answer carries (requirements N-18).
        error: 'service_unavailable' as const,
        message: translate('service_unavailable', requestLanguage(request)),
        body: { status: 'unavailable' as const, ...parts },
      });
    },
  });
};
