import { apiRoutes, ok } from '@vmer/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../http/contract-route.ts';

/** What the browser needs before sign-in: the OpenID Connect issuer, its client and branding. */
export const authConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth, companyName, helpDeskEmail, deviceCopyMaxAgeHours } = app.config;
  const body = {
    authority: auth.issuer,
    clientId: auth.clientId,
    scope: auth.scope,
    companyName,
    helpDeskEmail,
    deviceCopyMaxAgeHours,
  };
  app.route({
    ...fromContract(apiRoutes.authConfig),
    handler: async () => ok(body),
  });
};
