import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okSchema } from '../../http/envelope.ts';
import { HttpError } from '../../http/errors.ts';

/** Liveness and readiness for load balancers and orchestrators (design §5). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { public: true },
      schema: {
        summary: 'The process is up',
        tags: ['platform'],
        security: [],
        response: { 200: okSchema(z.object({ status: z.literal('up') })) },
      },
    },
    async () => ok({ status: 'up' as const }),
  );

  app.get(
    '/ready',
    {
      config: { public: true },
      schema: {
        summary: 'The database answers (503 otherwise)',
        tags: ['platform'],
        security: [],
        response: { 200: okSchema(z.object({ status: z.literal('ready') })) },
      },
    },
    async () => {
      if (!(await app.database.ping())) throw new HttpError(503, 'service_unavailable');
      return ok({ status: 'ready' as const });
    },
  );
};
