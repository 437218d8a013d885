import type { ApiResponse, ApiRoutes, IDEMPOTENCY_KEY_HEADER } from '@vmer/domain/api';
import { endpoints } from '@vmer/domain/api/endpoints';
import type {
  AuditEntry,
  DisclosurePayload,
  DisclosureReviewed,
  DisclosureSaved,
  RejectBody,
  SearchEvent,
  TrackingEvent,
} from '@vmer/domain/lifecycle';
import type { DiseaseListRequest } from '@vmer/domain/opening';
import type { OverrideBody } from '@vmer/domain/workbench';
import { api, apiCall, type ApiError, type ApiRequest } from '../../../lib/api-client.ts';
import { takeAnswer } from '../../../lib/early-answers.ts';
import { keptFor, keep, SUMMARY } from './catalogue-cache.ts';

/** The body of a call's success answer, by the contract's name of the call. */
type Answer<Name extends keyof ApiRoutes> = ApiResponse<ApiRoutes[Name]>;

/** An impairment's questions, from the disclosure's catalogue version (or the active one). */
export interface QuestionsRequest {
  uuid: string;
  catalogVersion?: string | null;
}

export const DISEASE_LIST = 'disease-list';
export const SPECIAL_LIST = 'special-list';

/** The questions query of a condition on a disclosure's version, as opening and the screen ask it. */
export const questionsArg = (uuid: string, catalogVersion: string | null): QuestionsRequest => ({
  uuid,
  catalogVersion,
});

/** The key under which the opening of a disclosure brings the active version's summary. */
export const ACTIVE_SUMMARY = 'questionnaire';

/** The key under which the opening of a disclosure brings its view (lib/early-answers.ts). */
export const openedDisclosureKey = (requestId: string) => `disclosure/${requestId}`;

/** A list's name among a version's kept answers: the call and the request it answers. */
export const listName = (
  call: typeof DISEASE_LIST | typeof SPECIAL_LIST,
  request: Omit<DiseaseListRequest, 'catalogVersion'>,
) =>
  `${call}/${JSON.stringify([request.insurerCode, request.channel, request.productCode, request.gender, request.age, request.rsmScore])}`;

/** What the screen reads from a catalogue version. */
export type QuestionnaireInfo = Answer<'questionnaire'>;

/** `?catalogVersion=N` when a version is named: a disclosure reads the version it was answered on. */
const versionParams = (catalogVersion: string | null | undefined) =>
  catalogVersion ? { catalogVersion } : undefined;

/** The special conditions of a product. */
export type SpecialList = Answer<'specialList'>;

/**
 * Of a save's or submit's answer, what the screen keeps: the id, status and version. The stored
 * document (up to 1 MiB) is what the screen already shows, so no copy of it stays in the store.
 */
const storedOnly = ({
  disclosureJson: _document,
  ...stored
}: DisclosureSaved): DisclosureReviewed => stored;

/**
 * A save made in the background (I-11): the same payload as the Save button's, an
 * Idempotency-Key per content so a retry is answered once, and every failure reported by the
 * screen itself (I-12), not by the global banner.
 */
interface BackgroundSave {
  payload: DisclosurePayload;
  idempotencyKey: string;
  /** No progress bar: the screen's own notice speaks for it (I-12). */
  quiet: true;
}

/** What a save is called with: the Save button's payload, or a background save. */
export type SaveRequest = DisclosurePayload | BackgroundSave;

/** The contract's header name, checked against it at compile time without loading the contract. */
const IDEMPOTENCY_KEY: typeof IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

const isBackground = (request: SaveRequest): request is BackgroundSave =>
  'idempotencyKey' in request;

/** A save or submit; its 409 (changed by someone else) is explained on the screen itself. */
const storeRequest = (kind: 'save' | 'submit', request: SaveRequest) => {
  const endpoint = kind === 'save' ? endpoints.disclosureSave : endpoints.disclosureSubmit;
  if (!isBackground(request))
    return { ...apiCall(endpoint, { body: request }), shownByCaller: [409] };
  return {
    ...apiCall(endpoint, { body: request.payload }),
    headers: { [IDEMPOTENCY_KEY]: request.idempotencyKey },
    quiet: true as const,
  };
};

/**
 * A call whose answer belongs to one catalogue version, which never changes (requirements
 * F-02): answered from what this tab has kept of that version when it has it, and kept once
 * fetched. The call itself, cache-buster included, is made as the specification has it.
 */
async function versioned<T>(
  store: object,
  request: ApiRequest,
  key: { version: string | null | undefined; name: string },
  fetch: (
    request: ApiRequest,
  ) => PromiseLike<{ data?: unknown; error?: unknown }> | { data?: unknown; error?: unknown },
  versionOf: (answer: T) => string | null | undefined = () => key.version,
): Promise<{ data: T } | { error: ApiError }> {
  const kept = key.version ? await keptFor<T>(store, key.version, key.name) : undefined;
  if (kept !== undefined) return { data: kept };
  const result = await fetch(request);
  if (result.error !== undefined) return { error: result.error as ApiError };
  const data = result.data as T;
  const version = versionOf(data);
  if (version) keep(store, version, key.name, data);
  return { data };
}

/**
 * A disclosure asked by its address; refused for the caller's role (403), the screen says so
 * itself (architecture.md, "Opening a disclosure"): a role without the screen is told so by
 * the page itself, not by a second message.
 */
const DISCLOSURE_SHOWN_BY_CALLER = [403];
const disclosureRequest = (requestId: string): ApiRequest => ({
  ...apiCall(endpoints.disclosureView, { params: { requestId } }),
  shownByCaller: DISCLOSURE_SHOWN_BY_CALLER,
});

/** The questionnaire screen's calls (requirements §7, design §4, §5). */
export const questionnaireApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The active version's summary, or a named version's. */
    // The active version's answer is kept under the version it names: a disclosure on that
    // version then asks for it no more (requirements F-01, F-02).
    questionnaireInfo: build.query<QuestionnaireInfo, string | void>({
      queryFn: async (catalogVersion, { getState }, _extra, fetch) => {
        // The active one's may come with the opening of a disclosure (F-01).
        const early = catalogVersion
          ? undefined
          : await takeAnswer<QuestionnaireInfo>(getState, ACTIVE_SUMMARY);
        if (early && 'data' in early) return early;
        return versioned<QuestionnaireInfo>(
          getState,
          apiCall(endpoints.questionnaire, { query: versionParams(catalogVersion || null) }),
          { version: catalogVersion || null, name: SUMMARY },
          fetch,
          (answer) => answer.version,
        );
      },
    }),
    // A named version's lists are kept as its questions are (requirements F-02).
    diseaseList: build.query<Answer<'diseaseList'>, DiseaseListRequest>({
      queryFn: ({ catalogVersion, ...request }, { getState }, _extra, fetch) =>
        versioned<Answer<'diseaseList'>>(
          getState,
          apiCall(endpoints.diseaseList, {
            body: { ...request, flag: null },
            query: versionParams(catalogVersion),
          }),
          { version: catalogVersion, name: listName(DISEASE_LIST, request) },
          fetch,
        ),
    }),
    specialList: build.query<SpecialList, DiseaseListRequest>({
      queryFn: ({ catalogVersion, ...request }, { getState }, _extra, fetch) =>
        versioned<SpecialList>(
          getState,
          apiCall(endpoints.specialList, {
            body: { ...request, param: null },
            query: versionParams(catalogVersion),
          }),
          { version: catalogVersion, name: listName(SPECIAL_LIST, request) },
          fetch,
        ),
    }),
    // A named version's questions are kept for the tab's life (requirements F-02).
    questions: build.query<Answer<'questions'>, string | QuestionsRequest>({
      queryFn: (request, { getState }, _extra, fetch) => {
        const { uuid, catalogVersion } = typeof request === 'string' ? { uuid: request } : request;
        return versioned<Answer<'questions'>>(
          getState,
          apiCall(endpoints.questions, { params: { uuid }, query: versionParams(catalogVersion) }),
          { version: catalogVersion, name: `question/${uuid}` },
          fetch,
        );
      },
    }),
    // Brought by the opening of a disclosure when the app opens at its address (F-01).
    disclosure: build.query<Answer<'disclosureView'>, string>({
      queryFn: async (requestId, { getState }, _extra, fetch) => {
        const early = await takeAnswer<Answer<'disclosureView'>>(
          getState,
          openedDisclosureKey(requestId),
        );
        if (early && 'data' in early) return early;
        const result: { data?: unknown; error?: unknown } =
          early ?? (await fetch(disclosureRequest(requestId)));
        if (result.error === undefined) return { data: result.data as Answer<'disclosureView'> };
        const { shownByCaller: _shown, ...error } = result.error as ApiError;
        return {
          error: {
            ...error,
            ...(error.kind === 'response' && DISCLOSURE_SHOWN_BY_CALLER.includes(error.status)
              ? { shownByCaller: true as const }
              : {}),
          },
        };
      },
    }),
    /**
     * Everything a disclosure's screen opens with, in one call (F-01), the parts of the
     * catalogue versions in `known` left out. Quiet: what fails shows through the queries that
     * take its parts (lib/early-answers.ts), each as its own call would.
     */
    openDisclosure: build.query<Answer<'disclosureOpen'>, { requestId: string; known: string[] }>({
      query: ({ requestId, known }) => ({
        ...apiCall(endpoints.disclosureOpen, {
          params: { requestId },
          query: known.length > 0 ? { known: known.join(',') } : undefined,
        }),
        quiet: true,
      }),
      keepUnusedDataFor: 0,
    }),
    /**
     * The request's analytics, asked in the background once the disclosure shows: nothing
     * on the screen waits for it, so its failure is not announced (T-14).
     */
    analytics: build.query<Answer<'requestAnalytics'>, string>({
      query: (requestId) => ({
        ...apiCall(endpoints.requestAnalytics, { params: { requestId } }),
        quiet: true,
      }),
    }),
    saveDisclosure: build.mutation<DisclosureReviewed, SaveRequest>({
      query: (payload) => storeRequest('save', payload),
      transformResponse: storedOnly,
    }),
    submitDisclosure: build.mutation<DisclosureReviewed, DisclosurePayload>({
      query: (payload) => storeRequest('submit', payload),
      transformResponse: storedOnly,
    }),
    exportDisclosure: build.mutation<Answer<'disclosureExport'>, DisclosurePayload>({
      query: (payload) => apiCall(endpoints.disclosureExport, { body: payload }),
    }),
    validateDisclosure: build.mutation<Answer<'disclosureValidate'>, string>({
      query: (id) => apiCall(endpoints.disclosureValidate, { params: { id } }),
    }),
    rejectDisclosure: build.mutation<Answer<'disclosureReject'>, { id: string } & RejectBody>({
      query: ({ id, ...body }) => apiCall(endpoints.disclosureReject, { params: { id }, body }),
    }),
    /** Start a review (design §10): a 409 naming who holds it is shown beside the button. */
    claimReview: build.mutation<Answer<'reviewClaim'>, string>({
      query: (id) => ({
        ...apiCall(endpoints.reviewClaim, { params: { id } }),
        shownByCaller: [409],
      }),
    }),
    releaseReview: build.mutation<Answer<'reviewRelease'>, string>({
      query: (id) => ({
        ...apiCall(endpoints.reviewRelease, { params: { id } }),
        shownByCaller: [409],
      }),
    }),
    /** The overrides beside the engine's decisions (W-18). */
    disclosureOverrides: build.query<Answer<'disclosureOverrides'>, string>({
      query: (id) => apiCall(endpoints.disclosureOverrides, { params: { id } }),
    }),
    /** An override made or removed: the answer replaces the list the table shows. */
    overrideDecision: build.mutation<Answer<'disclosureOverride'>, { id: string } & OverrideBody>({
      query: ({ id, ...body }) => ({
        ...apiCall(endpoints.disclosureOverride, { params: { id }, body }),
        shownByCaller: [409],
      }),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(questionnaireApi.util.upsertQueryData('disclosureOverrides', id, data));
      },
    }),
    /** Who returned a disclosure for correction and when: its trail's last reject (W-21). */
    lastRejection: build.query<AuditEntry | null, string>({
      query: (id) => apiCall(endpoints.disclosureAudit, { params: { id } }),
      transformResponse: (trail: AuditEntry[]) =>
        trail.findLast((entry) => entry.operation === 'reject') ?? null,
    }),
    /** What updating a draft to the current catalogue would change; fetched afresh each time. */
    catalogueUpdatePreview: build.query<Answer<'catalogueUpdatePreview'>, string>({
      query: (id) => apiCall(endpoints.catalogueUpdatePreview, { params: { id } }),
      keepUnusedDataFor: 0,
    }),
    updateCatalogue: build.mutation<Answer<'catalogueUpdate'>, { id: string; version: number }>({
      query: ({ id, version }) =>
        apiCall(endpoints.catalogueUpdate, { params: { id }, body: { version } }),
    }),
    trackEvent: build.mutation<Answer<'trackEvent'>, TrackingEvent>({
      query: (event) => apiCall(endpoints.trackEvent, { body: event }),
    }),
    logSearch: build.mutation<Answer<'logSearch'>, SearchEvent>({
      query: (event) => apiCall(endpoints.logSearch, { body: event }),
    }),
  }),
});

export const {
  useQuestionnaireInfoQuery,
  useDiseaseListQuery,
  useLazyDiseaseListQuery,
  useLazySpecialListQuery,
  useSpecialListQuery,
  useLazyQuestionsQuery,
  useDisclosureQuery,
  useAnalyticsQuery,
  useSaveDisclosureMutation,
  useSubmitDisclosureMutation,
  useExportDisclosureMutation,
  useValidateDisclosureMutation,
  useRejectDisclosureMutation,
  useTrackEventMutation,
  useLogSearchMutation,
  useLazyCatalogueUpdatePreviewQuery,
  useUpdateCatalogueMutation,
  useClaimReviewMutation,
  useReleaseReviewMutation,
  useDisclosureOverridesQuery,
  useOverrideDecisionMutation,
  useLastRejectionQuery,
} = questionnaireApi;
