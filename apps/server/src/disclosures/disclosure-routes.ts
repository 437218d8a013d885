import {
  apiRoutes,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeySchema,
  ok,
  type ApiResponse,
  type ApiRoutes,
} from '@vmer/domain/api';
import type { DisclosureView } from '@vmer/domain/lifecycle';
import {
  conditionsToLoad,
  disclosureOpening,
  needsWholeList,
  offeredEntries,
  wholeListRequest,
} from '@vmer/domain/opening';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  catalogueReads,
  type CatalogueReader,
  type CatalogueReads,
} from '../catalog/catalogue-reads.ts';
import { fromContract } from '../http/contract-route.ts';
import { HttpError } from '../http/errors.ts';
import { requestLanguage } from '../http/language.ts';
import { readerOf, requesterOf, type Reader } from './disclosure-access.ts';
import { disclosureService, type DisclosureService } from './disclosure-service.ts';

/** The Idempotency-Key header (design §4), when sent: 1 to 200 visible ASCII characters. */
export function idempotencyKey(request: FastifyRequest): string | undefined {
  const value = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !idempotencyKeySchema.safeParse(value).success) {
    throw new HttpError(400, 'bad_request', [
      { path: 'headers.idempotency-key', message: 'idempotency_key_invalid' },
    ]);
  }
  return value;
}

/** Who reads: the signed-in person, or the caller system whose token the route took (N-01). */
export function reader(request: FastifyRequest): Reader {
  return readerOf(request.client, request.user, requestLanguage(request));
}

/**
 * The disclosure lifecycle's calls (requirements §7, design §4, §5): a caller system's request,
 * the disclosure query, save, submit, validate, reject, export and the audit trail.
 */
export const disclosureRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = disclosureService({
    db: app.db,
    catalog: app.catalog,
    repositories: app.repositories,
    claimMinutes: app.config.reviewClaimMinutes,
    metrics: app.businessMetrics,
  });

  app.route({
    ...fromContract(apiRoutes.disclosureRequest),
    handler: async (request) => {
      const requester = requesterOf(request.client, request.user);
      return ok(await service.createRequest(requester, request.body, idempotencyKey(request)));
    },
  });

  app.route({
    ...fromContract(apiRoutes.disclosureView),
    handler: async (request) => ok(await service.view(reader(request), request.params.requestId)),
  });

  const reads = catalogueReads(app.catalog, app.repositories.catalog);
  app.route({
    ...fromContract(apiRoutes.disclosureOpen),
    handler: async (request) => {
      const { user } = request;
      // The disclosure exactly as its own GET reads it: the same scoping, refusals and log.
      const [disclosure, userInfo, insurerList] = await Promise.all([
        service.view(reader(request), request.params.requestId),
        reads.userInfo(user),
        reads.insurerList(user),
      ]);
      const known = request.query.known ?? [];
      const activeVersion = (await app.catalog.active()).version;
      const version = disclosure.catalogVersion ?? activeVersion;
      const [catalogue, activeSummary] = await Promise.all([
        openingCatalogue(reads, user, disclosure, known),
        version === activeVersion || known.includes(activeVersion)
          ? null
          : reads.questionnaire(user, {}),
      ]);
      return ok({ disclosure, userInfo, insurerList, catalogue, activeVersion, activeSummary });
    },
  });

  app.route({
    ...fromContract(apiRoutes.disclosureSave),
    handler: async (request) =>
      ok(await service.save(request.user, request.body, idempotencyKey(request))),
  });

  app.route({
    ...fromContract(apiRoutes.disclosureSubmit),
    handler: async (request) =>
      ok(await service.submit(request.user, request.body, idempotencyKey(request))),
  });

  app.route({
    ...fromContract(apiRoutes.disclosureExport),
    handler: async (request) => ok(await service.export(reader(request), request.body)),
  });

  app.route({
    ...fromContract(apiRoutes.catalogueUpdatePreview),
    handler: async (request) =>
      ok(await service.previewCatalogueUpdate(request.user, request.params.id)),
  });

  app.route({
    ...fromContract(apiRoutes.catalogueUpdate),
    handler: async (request) =>
      ok(
        await service.updateCatalogue(
          request.user,
          request.params.id,
          request.body,
          idempotencyKey(request),
        ),
      ),
  });

  await app.register(reviewRoutes, { service });

  app.route({
    ...fromContract(apiRoutes.disclosureAudit),
    handler: async (request) => ok(await service.audit(request.user, request.params.id)),
  });
};

/** A part of an opening the caller may not read: left out, so its own call says why. */
const unlessRefused = <T>(read: Promise<T>): Promise<T | null> =>
  read.catch((error: unknown) => {
    if (error instanceof HttpError) return null;
    throw error;
  });

type OpenCatalogue = NonNullable<ApiResponse<ApiRoutes['disclosureOpen']>['catalogue']>;

/**
 * What opening `view` reads from its catalogue version (requirements F-01), each part answered
 * as its own call answers it; null when the caller already holds that version (F-02).
 */
async function openingCatalogue(
  reads: CatalogueReads,
  user: CatalogueReader,
  view: DisclosureView,
  known: readonly string[],
): Promise<OpenCatalogue | null> {
  // Kept by the browser only under a version the disclosure names (an unnamed one is the active).
  if (view.catalogVersion && known.includes(view.catalogVersion)) return null;
  const query = view.catalogVersion ? { catalogVersion: view.catalogVersion } : {};
  const { document, listRequest } = disclosureOpening(view);
  const list = ({ catalogVersion: _version, ...selection }: typeof listRequest) => selection;
  const [questionnaire, diseaseList, specialList] = await Promise.all([
    reads.questionnaire(user, query),
    unlessRefused(reads.diseaseList(user, { ...list(listRequest), flag: null }, query)),
    unlessRefused(reads.specialList(user, { ...list(listRequest), param: null }, query)),
  ]);
  const wanted = conditionsToLoad(document, specialList?.others?.uuid);
  const offered =
    diseaseList && specialList && offeredEntries(diseaseList.diseaseList, specialList);
  const [wholeList, questions] = await Promise.all([
    offered && needsWholeList(offered, wanted)
      ? unlessRefused(
          reads.diseaseList(user, { ...list(wholeListRequest(listRequest)), flag: null }, query),
        )
      : null,
    Promise.all(
      wanted.map(async (uuid) => {
        const questionList = await unlessRefused(reads.questions(user, uuid, query));
        return questionList && { uuid, questionList };
      }),
    ),
  ]);
  return {
    version: questionnaire.version,
    questionnaire,
    diseaseList,
    wholeList,
    specialList,
    questions: questions.filter((part) => part !== null),
  };
}

/**
 * Calls that take no payload (validate and reject, requirements §7; claim and release), yet
 * clients send a JSON content type on every call: in this scope an empty JSON body reads as no
 * body instead of a malformed one.
 */
export function acceptEmptyJson(scope: FastifyInstance): void {
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
}

/** Validate and reject, which take no payload (requirements §7). */
const reviewRoutes: FastifyPluginAsyncZod<{ service: DisclosureService }> = async (
  scope,
  { service },
) => {
  acceptEmptyJson(scope);

  scope.route({
    ...fromContract(apiRoutes.disclosureValidate),
    handler: async (request) =>
      ok(await service.validate(request.user, request.params.id, idempotencyKey(request))),
  });

  scope.route({
    ...fromContract(apiRoutes.disclosureReject),
    handler: async (request) =>
      ok(
        await service.reject(
          request.user,
          request.params.id,
          request.body ?? {},
          idempotencyKey(request),
        ),
      ),
  });
};
