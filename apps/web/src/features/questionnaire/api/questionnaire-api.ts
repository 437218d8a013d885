import type {
  DiseaseListEntry,
  ExclusionWording,
  Gender,
  Impairment,
  Indicator,
  Question,
  RsmScore,
  RuleAge,
} from '@vmer/domain/model';
import type {
  CatalogueUpdated,
  CatalogueUpdateSummary,
  DisclosureExport,
  DisclosurePayload,
  DisclosureReviewed,
  DisclosureSaved,
  DisclosureView,
  RejectBody,
  SearchEvent,
  TrackingEvent,
} from '@vmer/domain/lifecycle';
import { api, apiGet, apiPost } from '../../../lib/api-client.ts';

/** The header selection and applicant a disease list is asked for (requirements §3). */
export interface DiseaseListRequest {
  insurerCode: string;
  channel: string;
  productCode: string;
  gender: Gender | null;
  age: number | null;
  rsmScore: RsmScore | null;
  /** The catalogue version of the disclosure on screen; the active version when left out. */
  catalogVersion?: string | null;
}

/** An impairment's questions, from the disclosure's catalogue version (or the active one). */
export interface QuestionsRequest {
  uuid: string;
  catalogVersion?: string | null;
}

/** What the screen reads from a catalogue version (GET /api/questionnaire/get). */
export interface QuestionnaireInfo {
  version: string;
  indicators: Indicator[];
  exclusions: ExclusionWording[];
  ruleAgeList: RuleAge[];
}

/** `?catalogVersion=N` when a version is named: a disclosure reads the version it was answered on. */
const versionParams = (catalogVersion: string | null | undefined) =>
  catalogVersion ? { catalogVersion } : undefined;

/** The special conditions of a product (POST /api/disease/special/list). */
export interface SpecialList {
  highLowBmi: Impairment | null;
  abnormalBmi: Impairment | null;
  others: Impairment | null;
}

/**
 * Of a save's or submit's answer, what the screen keeps: the id, status and version. The stored
 * document (up to 1 MiB) is what the screen already shows, so no copy of it stays in the store.
 */
const storedOnly = ({
  disclosureJson: _document,
  ...stored
}: DisclosureSaved): DisclosureReviewed => stored;

/** A save or submit; its 409 (changed by someone else) is explained on the screen itself. */
const storeRequest = (kind: 'save' | 'submit', payload: DisclosurePayload) => ({
  ...apiPost(`impairment/video_mer/disclosure/${kind}`, payload),
  shownByCaller: [409],
});

/** The questionnaire screen's calls (requirements §7, design §4, §5). */
export const questionnaireApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The active version's summary, or a named version's. */
    questionnaireInfo: build.query<QuestionnaireInfo, string | void>({
      query: (catalogVersion) => apiGet('questionnaire/get', versionParams(catalogVersion || null)),
    }),
    diseaseList: build.query<
      { instance: string; diseaseList: DiseaseListEntry[] },
      DiseaseListRequest
    >({
      query: ({ catalogVersion, ...request }) => ({
        ...apiPost('disease/list', { ...request, flag: null }),
        params: versionParams(catalogVersion),
      }),
    }),
    specialList: build.query<SpecialList, DiseaseListRequest>({
      query: ({ catalogVersion, ...request }) => ({
        ...apiPost('disease/special/list', { ...request, param: null }),
        params: versionParams(catalogVersion),
      }),
    }),
    questions: build.query<Question[], string | QuestionsRequest>({
      query: (request) => {
        const { uuid, catalogVersion } = typeof request === 'string' ? { uuid: request } : request;
        return apiGet(`question/${encodeURIComponent(uuid)}`, versionParams(catalogVersion));
      },
    }),
    disclosure: build.query<DisclosureView, string>({
      query: (requestId) =>
        apiGet(`impairment/video_mer/disclosure/${encodeURIComponent(requestId)}`),
    }),
    analytics: build.query<unknown, string>({
      query: (requestId) => apiGet(`analytics/web/${encodeURIComponent(requestId)}`),
    }),
    saveDisclosure: build.mutation<DisclosureReviewed, DisclosurePayload>({
      query: (payload) => storeRequest('save', payload),
      transformResponse: storedOnly,
    }),
    submitDisclosure: build.mutation<DisclosureReviewed, DisclosurePayload>({
      query: (payload) => storeRequest('submit', payload),
      transformResponse: storedOnly,
    }),
    exportDisclosure: build.mutation<DisclosureExport, DisclosurePayload>({
      query: (payload) => apiPost('impairment/video_mer/disclosure/export', payload),
    }),
    validateDisclosure: build.mutation<DisclosureReviewed, string>({
      query: (id) => apiPost(`impairment/video_mer/validate/${encodeURIComponent(id)}`),
    }),
    rejectDisclosure: build.mutation<DisclosureReviewed, { id: string } & RejectBody>({
      query: ({ id, ...body }) =>
        apiPost(`impairment/video_mer/reject/${encodeURIComponent(id)}`, body),
    }),
    /** What updating a draft to the current catalogue would change; fetched afresh each time. */
    catalogueUpdatePreview: build.query<CatalogueUpdateSummary, string>({
      query: (id) =>
        apiGet(`impairment/video_mer/disclosure/${encodeURIComponent(id)}/update-catalogue`),
      keepUnusedDataFor: 0,
    }),
    updateCatalogue: build.mutation<CatalogueUpdated, { id: string; version: number }>({
      query: ({ id, version }) =>
        apiPost(`impairment/video_mer/disclosure/${encodeURIComponent(id)}/update-catalogue`, {
          version,
        }),
    }),
    trackEvent: build.mutation<unknown, TrackingEvent>({
      query: (event) => apiPost('analytics/web/create', event),
    }),
    logSearch: build.mutation<unknown, SearchEvent>({
      query: (event) => apiPost('search/disease/create', event),
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
} = questionnaireApi;
