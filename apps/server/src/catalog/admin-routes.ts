import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes, CATALOG_FILE_LIMITS, FHIR_JSON, ok } from '@vmer/domain/api';
import { catalogQuestionnaire } from '@vmer/domain/fhir/questionnaire';
import { requireScreen } from '../auth/authenticate.ts';
import { fromContract } from '../http/contract-route.ts';
import { HttpError } from '../http/errors.ts';
import { refuseBadText } from '../http/nul-guard.ts';
import { diffCatalogs } from './catalog-diff.ts';
import type { StudioService } from './studio-service.ts';

/** Catalogue uploads: the source files of a whole catalogue can run to a few megabytes. */
const UPLOAD_BODY_LIMIT = 16 * 1024 * 1024;

const notFound = () => new HttpError(404, 'not_found');

/**
 * Managing catalogue versions (design §6, §14): the catalogue screen's roles only (design §11).
 * Nothing here activates a version by itself: activating asks for a release, which another
 * administrator approves (K-11).
 */
export const catalogAdminRoutes =
  (studio: StudioService): FastifyPluginAsyncZod =>
  async (app) => {
  app.addHook('preHandler', requireScreen('catalogue'));

  app.route({
    ...fromContract(apiRoutes.catalogVersions),
    handler: async () => ok(await app.catalog.list()),
  });

  app.route({
    // The files' texts are checked with the catalogue, so that a problem names its line.
    ...fromContract(apiRoutes.catalogUpload, {
      bodyLimit: UPLOAD_BODY_LIMIT,
      config: { checksOwnText: true },
    }),
    handler: async (request) => {
      const { files, notes, activate } = request.body;
      if (Object.keys(files).length > CATALOG_FILE_LIMITS.maxFiles) {
        throw new HttpError(400, 'bad_request', [{ path: 'files', message: 'field_too_big' }]);
      }
      refuseBadText(notes, 'notes');
      refuseBadText(Object.fromEntries(Object.keys(files).map((path) => [path, ''])), 'files');
      const result = await app.catalog.import(files, {
        author: request.user.userName,
        notes,
      });
      if (!result.ok) {
        const count = result.problems.length;
        throw new HttpError(
          400,
          {
            en: `The catalogue has ${count} problem(s); nothing was imported.`,
            cn_traditional: `目錄有 ${count} 個問題，未有匯入。`,
          },
          result.problems.map((problem) => ({
            path: `${problem.file}:${problem.line}`,
            message: { en: problem.message, cn_traditional: problem.message },
          })),
        );
      }
      request.log.info(
        { version: result.version.version, created: result.created },
        'catalogue imported',
      );
      if (!activate || result.version.active) {
        return ok({ created: result.created, version: result.version });
      }
      const release = await studio.requestRelease(
        request.user,
        result.version.version,
        notes?.trim() || `Activate version ${result.version.version}`,
      );
      return ok({ created: result.created, version: result.version, release });
    },
  });

  app.route({
    ...fromContract(apiRoutes.catalogActivate),
    handler: async (request) => {
      const { version } = request.params;
      const release = await studio.requestRelease(request.user, version, `Activate version ${version}`);
      request.log.info({ version, release: release.id }, 'catalogue activation requested');
      return ok(release);
    },
  });

  app.route({
    ...fromContract(apiRoutes.catalogExport),
    handler: async (request) => {
      const files = await app.catalog.sources(request.params.version);
      if (!files) throw notFound();
      return ok({ version: request.params.version, files });
    },
  });

  app.route({
    ...fromContract(apiRoutes.catalogDiff),
    handler: async (request) => {
      const [from, to] = await Promise.all([
        app.catalog.version(request.query.from),
        app.catalog.version(request.query.to),
      ]);
      if (!from || !to) throw notFound();
      return ok(diffCatalogs(from.version, from.catalog, to.version, to.catalog));
    },
  });

  app.route({
    // A version as an HL7 FHIR R4 Questionnaire (requirements N-05, design §13).
    ...fromContract(apiRoutes.catalogFhir),
    handler: async (request, reply) => {
      const view = await app.catalog.version(request.params.version);
      const summary = (await app.catalog.list()).find((v) => v.version === view?.version);
      if (!view || !summary) throw notFound();
      return reply.type(FHIR_JSON).send(
        catalogQuestionnaire(view.catalog, view.version, {
          publicUrl: app.config.publicUrl,
          active: summary.active,
          date: summary.createdAt,
        }),
      );
    },
  });
};
