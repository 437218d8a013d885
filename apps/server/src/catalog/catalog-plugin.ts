import { catalogSourceJsonSchema } from '@vmer/domain/catalog/source-schema';
import { apiRoutes } from '@vmer/domain/api';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../http/contract-route.ts';
import { catalogAdminRoutes } from './admin-routes.ts';
import { catalogService, type CatalogService } from './catalog-service.ts';
import { formatProblem } from './source-files.ts';
import { questionnaireRoutes } from './questionnaire-routes.ts';
import { studioRoutes } from './studio-routes.ts';
import { studioService } from './studio-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The catalogue: `await app.catalog.active()` → `{ version, catalog }` of the active
     * version; `await app.catalog.version('3')` → any version (undefined when unknown).
     */
    catalog: CatalogService;
  }
}

const schemaRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = catalogSourceJsonSchema();
  app.route({
    ...fromContract(apiRoutes.catalogSchema),
    handler: async (_request, reply) => reply.type('application/schema+json').send(schema),
  });
};

/**
 * The catalogue's service and routes. The service is decorated on the /api scope (not
 * encapsulated), so other route plugins reach it as `app.catalog`. On a database without any
 * catalogue, the shipped one is imported as version 1 and activated. A shipped catalogue with
 * problems is logged, not imported: the server still starts, so an admin can import a sound
 * one, and questionnaire calls answer 503 until then.
 */
export const catalogRoutes = fp<Record<never, never>>(
  async (app) => {
    const service = catalogService(app.db, app.announcements);
    const problems = await service.seed();
    if (problems.length > 0) {
      app.log.error(
        { problems: problems.map(formatProblem) },
        'The shipped catalogue has problems and was not imported (npm run catalog -- lint)',
      );
    }
    app.decorate('catalog', service);
    const studio = studioService(app.db, service, app.repositories);
    // Scheduled activations (K-11): one server of those sharing the database runs each round.
    app.jobs.push({
      name: 'catalogue-releases',
      failure: 'activating the due catalogue releases failed',
      everyMs: app.config.catalogueReleaseCheckMs,
      atStart: true,
      run: async () => {
        const activated = await studio.activateDue();
        if (activated.length > 0) app.log.info({ releases: activated }, 'catalogue releases activated');
      },
    });
    await app.register(schemaRoutes);
    await app.register(questionnaireRoutes);
    await app.register(catalogAdminRoutes(studio));
    await app.register(studioRoutes(studio));
  },
  { name: 'catalog' },
) as unknown as FastifyPluginAsyncZod;
