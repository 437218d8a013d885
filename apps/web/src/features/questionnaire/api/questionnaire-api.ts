import type { DiseaseListEntry, Gender, Impairment, Question, RsmScore } from '@vmer/domain/model';
import type {
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

/** The header selection and applicant a disease list is asked for (spec §3). */
export interface DiseaseListRequest {
  insurerCode: string;
  channel: string;
  productCode: string;
  gender: Gender | null;
  age: number | null;
  rsmScore: RsmScore | null;
}

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

/** The questionnaire screen's calls (spec §7, DESIGN.md §4, §5). */
export const questionnaireApi = api.injectEndpoints({
  endpoints: (build) => ({
    questionnaireInfo: build.query<{ version: string }, void>({
      query: () => apiGet('questionnaire/get'),
    }),
    diseaseList: build.query<
      { instance: string; diseaseList: DiseaseListEntry[] },
      DiseaseListRequest
    >({
      query: (request) => apiPost('disease/list', { ...request, flag: null }),
    }),
    specialList: build.query<SpecialList, DiseaseListRequest>({
      query: (request) => apiPost('disease/special/list', { ...request, param: null }),
    }),
    questions: build.query<Question[], string>({
      query: (uuid) => apiGet(`question/${encodeURIComponent(uuid)}`),
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
} = questionnaireApi;
