import { apiRoutes, ok } from '@vmer/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../http/contract-route.ts';

/** The signed-in user's interface language, kept in the users table. */
export const userLanguageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromContract(apiRoutes.userLanguage),
    handler: async (request) => {
      const { language } = request.body;
      await app.users.setLanguage(request.user.subject, language);
      request.user.language = language;
      return ok({ language });
    },
  });
};
