import { languageSchema } from '@vmer/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okSchema } from '../../http/envelope.ts';

const languageBodySchema = z.object({ language: languageSchema }).strict();

/** The signed-in user's interface language, kept in the users table. */
export const userLanguageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/user/language',
    {
      schema: {
        summary: "Change the caller's language",
        tags: ['user'],
        body: languageBodySchema,
        response: { 200: okSchema(languageBodySchema) },
      },
    },
    async (request) => {
      const { language } = request.body;
      await app.users.setLanguage(request.user.subject, language);
      request.user.language = language;
      return ok({ language });
    },
  );
};
