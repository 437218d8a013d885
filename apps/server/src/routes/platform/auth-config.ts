import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okSchema } from '../../http/envelope.ts';

export const authConfigSchema = z
  .object({
    authority: z.string(),
    clientId: z.string(),
    scope: z.string(),
    companyName: z.string().nullable(),
    helpDeskEmail: z.string(),
  })
  .meta({ id: 'AuthConfig' });

/** What the browser needs before sign-in: the OpenID Connect issuer, its client and branding. */
export const authConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth, companyName, helpDeskEmail } = app.config;
  const body = { authority: auth.issuer, clientId: auth.clientId, scope: auth.scope, companyName, helpDeskEmail };
  app.get(
    '/auth/config',
    {
      config: { public: true },
      schema: {
        summary: 'Sign-in settings for the web app',
        tags: ['platform'],
        security: [],
        querystring: z.object({}).strict(),
        response: { 200: okSchema(authConfigSchema) },
      },
    },
    async () => ok(body),
  );
};
