import type { ApiResponse, ApiRoutes } from '@vmer/domain/api';
import { endpoints } from '@vmer/domain/api/endpoints';
import { api, apiCall } from '../../../lib/api-client.ts';

type CatalogVersions = ApiResponse<ApiRoutes['catalogVersions']>;
export type CatalogVersion = CatalogVersions[number];
export type DraftSummary = ApiResponse<ApiRoutes['catalogDrafts']>[number];
export type Draft = ApiResponse<ApiRoutes['catalogDraft']>;
export type Release = ApiResponse<ApiRoutes['catalogReleases']>[number];
type DraftSaved = ApiResponse<ApiRoutes['catalogDraftSave']>;

/**
 * The catalogue studio's calls (requirements K-01 to K-11): versions and their comparison,
 * drafts and their steps, release requests. A save's 409 is explained on the draft page (it
 * reads the draft again and offers both texts), so the global snackbar stays quiet for it.
 */
/** A step explained in its own dialog when refused: the snackbar stays quiet for it. */
const STEP_REFUSALS = [400, 403, 404, 409] as const;
const step = (request: ReturnType<typeof apiCall>) => ({
  ...request,
  shownByCaller: STEP_REFUSALS,
});

const catalogueApi = api.injectEndpoints({
  endpoints: (build) => ({
    catalogVersions: build.query<CatalogVersions, void>({
      query: () => apiCall(endpoints.catalogVersions),
    }),
    catalogDiff: build.query<ApiResponse<ApiRoutes['catalogDiff']>, { from: string; to: string }>({
      query: ({ from, to }) => apiCall(endpoints.catalogDiff, { query: { from, to } }),
    }),
    catalogDrafts: build.query<DraftSummary[], void>({
      query: () => apiCall(endpoints.catalogDrafts),
    }),
    catalogReleases: build.query<Release[], void>({
      query: () => apiCall(endpoints.catalogReleases),
    }),
    catalogDraft: build.query<Draft, string>({
      query: (id) => apiCall(endpoints.catalogDraft, { params: { id } }),
    }),
    createDraft: build.mutation<Draft, { basedOn: string; notes?: string }>({
      query: (body) => step(apiCall(endpoints.catalogDraftCreate, { body })),
    }),
    saveDraft: build.mutation<
      DraftSaved,
      { id: string; revision: number; files: Record<string, string | null> }
    >({
      query: ({ id, revision, files }) => ({
        ...apiCall(endpoints.catalogDraftSave, { params: { id }, body: { revision, files } }),
        shownByCaller: [409],
      }),
    }),
    dismissConflict: build.mutation<DraftSummary, { id: string; conflictId: string }>({
      query: (params) => step(apiCall(endpoints.catalogDraftConflictDismiss, { params })),
    }),
    retireDraft: build.mutation<DraftSummary, string>({
      query: (id) => step(apiCall(endpoints.catalogDraftRetire, { params: { id } })),
    }),
    submitDraft: build.mutation<DraftSummary, { id: string; note: string }>({
      query: ({ id, note }) =>
        step(apiCall(endpoints.catalogDraftSubmit, { params: { id }, body: { note } })),
    }),
    returnDraft: build.mutation<DraftSummary, { id: string; note: string }>({
      query: ({ id, note }) =>
        step(apiCall(endpoints.catalogDraftReturn, { params: { id }, body: { note } })),
    }),
    approveDraft: build.mutation<
      ApiResponse<ApiRoutes['catalogDraftApprove']>,
      { id: string; activateAt: string | null }
    >({
      query: ({ id, activateAt }) =>
        step(apiCall(endpoints.catalogDraftApprove, { params: { id }, body: { activateAt } })),
    }),
    requestRelease: build.mutation<Release, { version: string; note: string }>({
      query: (body) => step(apiCall(endpoints.catalogReleaseRequest, { body })),
    }),
    approveRelease: build.mutation<Release, { id: string; activateAt: string | null }>({
      query: ({ id, activateAt }) =>
        step(apiCall(endpoints.catalogReleaseApprove, { params: { id }, body: { activateAt } })),
    }),
    cancelRelease: build.mutation<Release, string>({
      query: (id) => step(apiCall(endpoints.catalogReleaseCancel, { params: { id } })),
    }),
  }),
});

export const {
  useCatalogVersionsQuery,
  useCatalogDiffQuery,
  useCatalogDraftsQuery,
  useCatalogReleasesQuery,
  useCatalogDraftQuery,
  useCreateDraftMutation,
  useSaveDraftMutation,
  useDismissConflictMutation,
  useRetireDraftMutation,
  useSubmitDraftMutation,
  useReturnDraftMutation,
  useApproveDraftMutation,
  useRequestReleaseMutation,
  useApproveReleaseMutation,
  useCancelReleaseMutation,
} = catalogueApi;
