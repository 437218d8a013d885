import {
  auditEntrySchema,
  catalogueUpdateBodySchema,
  catalogueUpdatedSchema,
  catalogueUpdateSummarySchema,
  disclosureExportSchema,
  disclosureIdSchema,
  disclosurePayloadSchema,
  disclosureRequestCreatedSchema,
  disclosureRequestSchema,
  disclosureReviewedSchema,
  disclosureSavedSchema,
  disclosureViewSchema,
  rejectBodySchema,
  worklistPageSchema,
  worklistQuerySchema,
} from '@vmer/domain/lifecycle';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okSchema } from '../http/envelope.ts';
import { REQUEST_SCOPE } from '../oidc/provider.ts';
import { HttpError } from '../http/errors.ts';
import { requesterOf } from './disclosure-access.ts';
import { disclosureService, type DisclosureService } from './disclosure-service.ts';

const BASE = '/impairment/video_mer';
const TAGS = ['disclosures'];
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

const requestIdParams = z.object({ requestId: disclosureIdSchema }).strict();
const idParams = z.object({ id: disclosureIdSchema }).strict();
/** Validate takes no payload (requirements §7); an empty JSON object is accepted too. */
const emptyBody = z.object({}).strict().nullish();

/** The Idempotency-Key header (design §4), when sent: 1 to 200 visible ASCII characters. */
function idempotencyKey(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY.test(value)) {
    throw new HttpError(400, 'bad_request', [
      { path: 'headers.idempotency-key', message: 'idempotency_key_invalid' },
    ]);
  }
  return value;
}

/**
 * The disclosure lifecycle's calls (requirements §7, design §4, §5): a caller system's request,
 * the disclosure query, save, submit, validate, reject, export, the worklist and the audit trail.
 */
export const disclosureRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = disclosureService({ db: app.db, catalog: app.catalog });

  app.post(
    `${BASE}/request`,
    {
      config: { clientScope: REQUEST_SCOPE },
      schema: {
        summary:
          'A caller system (client credentials, scope disclosure:request) or a person asks for a disclosure',
        tags: TAGS,
        body: disclosureRequestSchema,
        response: { 200: okSchema(disclosureRequestCreatedSchema) },
      },
    },
    async (request) => {
      const requester = requesterOf(request.client, request.user);
      return ok(await service.createRequest(requester, request.body, idempotencyKey(request)));
    },
  );

  app.get(
    `${BASE}/disclosure/:requestId`,
    {
      schema: {
        summary: 'The disclosure of a request, with the mode it opens in for the caller',
        tags: TAGS,
        params: requestIdParams,
        response: { 200: okSchema(disclosureViewSchema) },
      },
    },
    async (request) => ok(await service.view(request.user, request.params.requestId)),
  );

  app.post(
    `${BASE}/disclosure/save`,
    {
      schema: {
        summary: 'Save a disclosure as a draft (partial answers allowed); without id it is created',
        tags: TAGS,
        body: disclosurePayloadSchema,
        response: { 200: okSchema(disclosureSavedSchema) },
      },
    },
    async (request) => ok(await service.save(request.user, request.body, idempotencyKey(request))),
  );

  app.post(
    `${BASE}/disclosure/submit`,
    {
      schema: {
        summary: 'Submit a complete disclosure for validation; without id it is created',
        tags: TAGS,
        body: disclosurePayloadSchema,
        response: { 200: okSchema(disclosureSavedSchema) },
      },
    },
    async (request) =>
      ok(await service.submit(request.user, request.body, idempotencyKey(request))),
  );

  app.post(
    `${BASE}/disclosure/export`,
    {
      schema: {
        summary: "A complete disclosure as an xlsx spreadsheet (base64) in the caller's language",
        tags: TAGS,
        body: disclosurePayloadSchema,
        response: { 200: okSchema(disclosureExportSchema) },
      },
    },
    async (request) => ok(await service.export(request.user, request.body)),
  );

  app.get(
    `${BASE}/disclosure/:id/update-catalogue`,
    {
      schema: {
        summary:
          'What updating a draft to the current catalogue version would change (conditions, questions, answers kept, decisions before and after); nothing is stored',
        tags: TAGS,
        params: idParams,
        response: { 200: okSchema(catalogueUpdateSummarySchema) },
      },
    },
    async (request) => ok(await service.previewCatalogueUpdate(request.user, request.params.id)),
  );

  app.post(
    `${BASE}/disclosure/:id/update-catalogue`,
    {
      schema: {
        summary:
          'Update a draft (status 1, 2 or 5) to the current catalogue version: the one way a disclosure changes version; recorded in the audit trail',
        tags: TAGS,
        params: idParams,
        body: catalogueUpdateBodySchema,
        response: { 200: okSchema(catalogueUpdatedSchema) },
      },
    },
    async (request) =>
      ok(
        await service.updateCatalogue(
          request.user,
          request.params.id,
          request.body,
          idempotencyKey(request),
        ),
      ),
  );

  await app.register(reviewRoutes, { service });

  app.get(
    `${BASE}/disclosures`,
    {
      schema: {
        summary:
          "The worklist: the caller's insurers' disclosures, newest first, by status and application number prefix",
        tags: TAGS,
        querystring: worklistQuerySchema,
        response: { 200: okSchema(worklistPageSchema) },
      },
    },
    async (request) => ok(await service.worklist(request.user, request.query)),
  );

  app.get(
    `${BASE}/disclosure/:id/audit`,
    {
      schema: {
        summary: "A disclosure's audit trail, oldest first",
        tags: TAGS,
        params: idParams,
        response: { 200: okSchema(z.array(auditEntrySchema)) },
      },
    },
    async (request) => ok(await service.audit(request.user, request.params.id)),
  );
};

/**
 * Validate and reject take no payload (requirements §7), yet clients send a JSON content type on every
 * call: here an empty JSON body reads as no body instead of a malformed one.
 */
const reviewRoutes: FastifyPluginAsyncZod<{ service: DisclosureService }> = async (
  scope,
  { service },
) => {
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch (error) {
      done(error as Error, undefined);
    }
  });

  scope.post(
    `${BASE}/validate/:id`,
    {
      schema: {
        summary: 'An underwriter validates a submitted disclosure',
        tags: TAGS,
        params: idParams,
        body: emptyBody,
        response: { 200: okSchema(disclosureReviewedSchema) },
      },
    },
    async (request) =>
      ok(await service.validate(request.user, request.params.id, idempotencyKey(request))),
  );

  scope.post(
    `${BASE}/reject/:id`,
    {
      schema: {
        summary:
          'An underwriter returns a submitted disclosure for correction, with an optional reason',
        tags: TAGS,
        params: idParams,
        body: rejectBodySchema.nullish(),
        response: { 200: okSchema(disclosureReviewedSchema) },
      },
    },
    async (request) =>
      ok(
        await service.reject(
          request.user,
          request.params.id,
          request.body ?? {},
          idempotencyKey(request),
        ),
      ),
  );
};
