import { apiRoutes, ok, type ApiResponse, type ApiRoutes } from '@vmer/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { fromContract } from '../../http/contract-route.ts';

/** What `GET /api/auth/config` answers and index.html carries: public settings only. */
export function authConfigOf(config: Config): ApiResponse<ApiRoutes['authConfig']> {
  const { auth, companyName, helpDeskEmail, deviceCopyMaxAgeHours } = config;
  return {
    authority: auth.issuer,
    clientId: auth.clientId,
    scope: auth.scope,
    companyName,
    helpDeskEmail,
    deviceCopyMaxAgeHours,
  };
}

/** What the browser needs before sign-in: the OpenID Connect issuer, its client and branding. */
export const authConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const body = authConfigOf(app.config);
  app.route({
    ...fromContract(apiRoutes.authConfig),
    handler: async () => ok(body),
  });
};
