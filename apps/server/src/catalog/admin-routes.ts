import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okSchema } from '../http/envelope.ts';
import { HttpError } from '../http/errors.ts';
import { refuseBadText } from '../http/nul-guard.ts';
import { catalogDiffSchema, diffCatalogs } from './catalog-diff.ts';

/** Catalogue uploads: the source files of a whole catalogue can run to a few megabytes. */
export const UPLOAD_BODY_LIMIT = 16 * 1024 * 1024;
const MAX_FILES = 2000;

export const versionSummarySchema = z
  .object({
    version: z.string(),
    contentHash: z.string(),
    author: z.string(),
    notes: z.string(),
    createdAt: z.string(),
    active: z.boolean(),
    activatedAt: z.string().nullable(),
    impairments: z.number().int(),
  })
  .meta({ id: 'CatalogVersion' });

const versionParamsSchema = z.object({ version: z.string().max(20) });

/**
 * An upload: the catalogue's files by path relative to its folder (`catalog.yaml`,
 * `insurers.yaml`, `impairments/<uuid>.yaml`), each the YAML text — the same bundle export answers.
 */
const uploadSchema = z
  .object({
    files: z.record(z.string().min(1).max(300), z.string().max(2 * 1024 * 1024)),
    notes: z.string().max(2000).optional(),
    activate: z.boolean().optional(),
  })
  .strict();

const exportSchema = z
  .object({ version: z.string(), files: z.record(z.string(), z.string()) })
  .meta({ id: 'CatalogBundle' });

const notFound = () => new HttpError(404, 'not_found');

/** Managing catalogue versions (design §6): admins only. */
export const catalogAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', async (request) => {
    if (request.user.role !== 'admin') throw new HttpError(403, 'forbidden');
  });

  app.get(
    '/catalog/versions',
    {
      schema: {
        summary: 'Every catalogue version, newest first',
        tags: ['catalogue admin'],
        response: { 200: okSchema(z.array(versionSummarySchema)) },
      },
    },
    async () => ok(await app.catalog.list()),
  );

  app.post(
    '/catalog/versions',
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      // The files' texts are checked with the catalogue, so that a problem names its line.
      config: { checksOwnText: true },
      schema: {
        summary:
          'Upload a catalogue as a new immutable version (the same files answer their existing version)',
        tags: ['catalogue admin'],
        body: uploadSchema,
        response: {
          200: okSchema(z.object({ created: z.boolean(), version: versionSummarySchema })),
        },
      },
    },
    async (request) => {
      const { files, notes, activate } = request.body;
      if (Object.keys(files).length > MAX_FILES) {
        throw new HttpError(400, 'bad_request', [{ path: 'files', message: 'field_too_big' }]);
      }
      refuseBadText(notes, 'notes');
      refuseBadText(Object.fromEntries(Object.keys(files).map((path) => [path, ''])), 'files');
      const result = await app.catalog.import(files, {
        author: request.user.userName,
        notes,
        activate,
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
      return ok({ created: result.created, version: result.version });
    },
  );

  app.post(
    '/catalog/versions/:version/activate',
    {
      schema: {
        summary: 'Make a version the one new questionnaires use',
        tags: ['catalogue admin'],
        params: versionParamsSchema,
        response: { 200: okSchema(versionSummarySchema) },
      },
    },
    async (request) => {
      const version = await app.catalog.activate(request.params.version);
      if (!version) throw notFound();
      request.log.info({ version: version.version }, 'catalogue version activated');
      return ok(version);
    },
  );

  app.get(
    '/catalog/versions/:version/export',
    {
      schema: {
        summary: "A version's source files, as imported",
        tags: ['catalogue admin'],
        params: versionParamsSchema,
        response: { 200: okSchema(exportSchema) },
      },
    },
    async (request) => {
      const files = await app.catalog.sources(request.params.version);
      if (!files) throw notFound();
      return ok({ version: request.params.version, files });
    },
  );

  app.get(
    '/catalog/diff',
    {
      schema: {
        summary: 'What changed between two versions',
        tags: ['catalogue admin'],
        querystring: z.object({ from: z.string().max(20), to: z.string().max(20) }).strict(),
        response: { 200: okSchema(catalogDiffSchema) },
      },
    },
    async (request) => {
      const [from, to] = await Promise.all([
        app.catalog.version(request.query.from),
        app.catalog.version(request.query.to),
      ]);
      if (!from || !to) throw notFound();
      return ok(diffCatalogs(from.version, from.catalog, to.version, to.catalog));
    },
  );
};
