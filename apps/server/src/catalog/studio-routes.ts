import { apiRoutes, CATALOG_FILE_LIMITS, ok } from '@vmer/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireScreen } from '../auth/authenticate.ts';
import { fromContract } from '../http/contract-route.ts';
import { HttpError, translate } from '../http/errors.ts';
import { requestLanguage } from '../http/language.ts';
import { unzipCatalog, zipCatalog } from './catalog-zip.ts';
import { checkSourceTexts } from '@vmer/domain/catalog/source-texts';
import { problemsError, type StudioService } from './studio-service.ts';

/** A draft's save carries at most a whole catalogue's files. */
const SAVE_BODY_LIMIT = 16 * 1024 * 1024;
/** A zip travels as base64: a third more than its bytes. */
const ZIP_BODY_LIMIT = Math.ceil((CATALOG_FILE_LIMITS.maxZipBytes * 4) / 3) + 64 * 1024;

const notFound = () => new HttpError(404, 'not_found');

/**
 * The catalogue studio's routes (design §14, requirements K-03 to K-14): the catalogue
 * screen's roles only, like the versions' routes.
 */
export function studioRoutes(studio: StudioService): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('preHandler', requireScreen('catalogue'));

    app.route({
      ...fromContract(apiRoutes.catalogDrafts),
      handler: async (request) => ok(await studio.listDrafts(request.query.status)),
    });

    app.route({
      ...fromContract(apiRoutes.catalogDraftCreate),
      handler: async (request) => {
        const id = await studio.createDraft(request.user, request.body.basedOn, {
          notes: request.body.notes,
        });
        return ok(await studio.draft(id));
      },
    });

    app.route({
      ...fromContract(apiRoutes.catalogDraft),
      handler: async (request) => ok(await studio.draft(request.params.id)),
    });

    app.route({
      // The texts are checked here, so that a bad one names its path.
      ...fromContract(apiRoutes.catalogDraftSave, {
        bodyLimit: SAVE_BODY_LIMIT,
        config: { checksOwnText: true },
      }),
      handler: async (request, reply) => {
        const result = await studio.save(
          request.user,
          request.params.id,
          request.body.revision,
          request.body.files,
        );
        if (result.ok) {
          const { ok: _, ...saved } = result;
          return ok(saved);
        }
        const { conflict } = result;
        return reply.code(409).send({
          code: 409,
          error: 'conflict',
          message: translate(
            {
              key: 'catalog_draft_stale',
              params: { revision: conflict.revision, name: conflict.updatedBy },
            },
            requestLanguage(request),
          ),
          body: conflict,
        });
      },
    });

    app.route({
      ...fromContract(apiRoutes.catalogDraftConflictDismiss),
      handler: async (request) =>
        ok(
          await studio.dismissConflict(request.user, request.params.id, request.params.conflictId),
        ),
    });

    app.route({
      ...fromContract(apiRoutes.catalogDraftRetire),
      handler: async (request) => ok(await studio.retire(request.user, request.params.id)),
    });

    app.route({
      ...fromContract(apiRoutes.catalogDraftSubmit),
      handler: async (request) =>
        ok(await studio.submit(request.user, request.params.id, request.body.note)),
    });

    app.route({
      ...fromContract(apiRoutes.catalogDraftReturn),
      handler: async (request) =>
        ok(await studio.returnToDraft(request.user, request.params.id, request.body.note)),
    });

    app.route({
      ...fromContract(apiRoutes.catalogDraftApprove),
      handler: async (request) => {
        const approved = await studio.approveDraft(
          request.user,
          request.params.id,
          request.body.activateAt,
        );
        request.log.info(
          { draft: request.params.id, version: approved.version.version },
          'catalogue draft approved',
        );
        return ok(approved);
      },
    });

    app.route({
      ...fromContract(apiRoutes.catalogDraftZip),
      handler: async (request) => {
        const draft = await studio.draft(request.params.id);
        return ok({
          fileName: `catalogue-draft-${draft.id}-r${draft.revision}.zip`,
          content: zipCatalog(draft.files, new Date(draft.updatedAt)).toString('base64'),
        });
      },
    });

    app.route({
      ...fromContract(apiRoutes.catalogVersionZip),
      handler: async (request) => {
        const { version } = request.params;
        const [files, summary] = await Promise.all([
          app.catalog.sources(version),
          app.catalog.list().then((all) => all.find((v) => v.version === version)),
        ]);
        if (!files || !summary) throw notFound();
        return ok({
          fileName: `catalogue-${version}.zip`,
          content: zipCatalog(files, new Date(summary.createdAt)).toString('base64'),
        });
      },
    });

    app.route({
      ...fromContract(apiRoutes.catalogZipImport, { bodyLimit: ZIP_BODY_LIMIT }),
      handler: async (request) => {
        const { content, as, notes, basedOn } = request.body;
        if (!/^[A-Za-z0-9+/]*={0,2}$/.test(content)) {
          throw new HttpError(400, 'catalog_zip_invalid');
        }
        const files = unzipCatalog(Buffer.from(content, 'base64'));
        // Bad YAML and schema errors answer with each problem's file and line. A version must
        // pass every rule and case too; a draft is work in progress, so the rules' problems and
        // failing cases come in with it, to be fixed in the studio (submission waits for them).
        const { problems } = checkSourceTexts(files);
        const refused =
          as === 'version' ? problems : problems.filter((problem) => problem.kind === 'format');
        if (refused.length > 0) throw problemsError(refused);
        if (as === 'version') {
          const result = await app.catalog.import(files, {
            author: request.user.userName,
            notes,
          });
          if (!result.ok) throw problemsError(result.problems);
          return ok({ as, created: result.created, version: result.version });
        }
        const base = basedOn ?? (await app.catalog.active()).version;
        const id = await studio.createDraft(request.user, base, { notes, files });
        const { files: _files, problems: _problems, conflictCopies: _copies, ...draft } =
          await studio.draft(id);
        return ok({ as, draft });
      },
    });

    app.route({
      ...fromContract(apiRoutes.catalogReleases),
      handler: async (request) => ok(await studio.listReleases(request.query.status)),
    });

    app.route({
      ...fromContract(apiRoutes.catalogReleaseRequest),
      handler: async (request) =>
        ok(await studio.requestRelease(request.user, request.body.version, request.body.note)),
    });

    app.route({
      ...fromContract(apiRoutes.catalogReleaseApprove),
      handler: async (request) =>
        ok(await studio.approveRelease(request.user, request.params.id, request.body.activateAt)),
    });

    app.route({
      ...fromContract(apiRoutes.catalogReleaseCancel),
      handler: async (request) => ok(await studio.cancelRelease(request.user, request.params.id)),
    });
  };
}
