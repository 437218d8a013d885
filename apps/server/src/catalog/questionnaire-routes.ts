import { apiRoutes, diseaseListSchema, ok } from '@vmer/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../http/contract-route.ts';
import { HttpError } from '../http/errors.ts';
import { catalogueReads } from './catalogue-reads.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What the questionnaire screen reads from the catalogue (requirements §7), each answered by
 * {@link catalogueReads}: user info, the insurer list, the questionnaire summary, disease lists
 * and question lists, all within the caller's insurers.
 */
export const questionnaireRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = app.repositories.catalog;
  const reads = catalogueReads(app.catalog, repository);

  app.route({
    ...fromContract(apiRoutes.userInfo),
    handler: async (request) => ok(await reads.userInfo(request.user)),
  });

  app.route({
    ...fromContract(apiRoutes.insurerList),
    handler: async (request) => ok(await reads.insurerList(request.user)),
  });

  app.route({
    ...fromContract(apiRoutes.questionnaire),
    handler: async (request) => ok(await reads.questionnaire(request.user, request.query)),
  });

  app.route({
    ...fromContract(apiRoutes.diseaseList),
    handler: async (request) =>
      ok(await reads.diseaseList(request.user, request.body, request.query)),
  });

  app.route({
    ...fromContract(apiRoutes.instanceDiseaseList),
    handler: async (request) => {
      const { id } = request.params;
      const found = UUID.test(id) ? await repository.findInstance(request.user, id) : undefined;
      if (!found) throw new HttpError(404, 'not_found');
      return ok(diseaseListSchema.parse(found.diseaseList));
    },
  });

  app.route({
    ...fromContract(apiRoutes.questions),
    handler: async (request) =>
      ok(await reads.questions(request.user, request.params.uuid, request.query)),
  });

  app.route({
    ...fromContract(apiRoutes.specialList),
    handler: async (request) =>
      ok(await reads.specialList(request.user, request.body, request.query)),
  });
};
