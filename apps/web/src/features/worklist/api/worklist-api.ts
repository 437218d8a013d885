import type { ApiResponse, ApiRoutes } from '@vmer/domain/api';
import { endpoints } from '@vmer/domain/api/endpoints';
import { api, apiCall } from '../../../lib/api-client.ts';

/** The body of a call's success answer, by the contract's name of the call. */
type Answer<Name extends keyof ApiRoutes> = ApiResponse<ApiRoutes[Name]>;

/** A worklist call's query as the address carries it: each parameter once, lists comma-joined. */
export type WorklistParams = Record<string, string>;

/** One catalogue condition the condition filter offers. */
interface ConditionChoice {
  uuid: string;
  name: Answer<'diseaseList'>['diseaseList'][number]['name'];
}

/** The product whose catalogue conditions the condition filter offers. */
interface ProductKey {
  insurerCode: string;
  channel: string;
  productCode: string;
}

/**
 * The worklist's calls (requirements W-02..W-07, design §10). A refused filter (400) is
 * explained beside the filters, so the global snackbar stays quiet for it.
 */
const worklistApi = api.injectEndpoints({
  endpoints: (build) => ({
    worklist: build.query<Answer<'worklist'>, WorklistParams>({
      query: (query) => ({ ...apiCall(endpoints.worklist, { query }), shownByCaller: [400] }),
    }),
    worklistCounts: build.query<Answer<'worklistCounts'>, WorklistParams>({
      query: (query) => ({
        ...apiCall(endpoints.worklistCounts, { query }),
        shownByCaller: [400],
      }),
    }),
    /**
     * The header's badge (W-20): how many of the caller's disclosures were returned to them. It
     * is asked in the background and shows nothing when it fails: the badge keeps its last count
     * and the next poll asks again, so neither the banner nor the snackbar speaks for it (an
     * interview that goes offline is not shouted at, T-14).
     */
    returnedToMe: build.query<number, void>({
      query: () => ({ ...apiCall(endpoints.worklistCounts, { query: {} }), quiet: true }),
      transformResponse: (counts: Answer<'worklistCounts'>) => counts.returnedToMe,
    }),
    worklistExport: build.mutation<Answer<'worklistExport'>, WorklistParams>({
      query: (query) => apiCall(endpoints.worklistExport, { query }),
    }),
    conditionChoices: build.query<ConditionChoice[], ProductKey>({
      query: (product) =>
        apiCall(endpoints.diseaseList, {
          body: { ...product, gender: null, age: null, rsmScore: null, flag: null },
        }),
      transformResponse: (answer: Answer<'diseaseList'>) =>
        answer.diseaseList.map(({ uuid, name }) => ({ uuid, name })),
    }),
  }),
});

export const {
  useWorklistQuery,
  useWorklistCountsQuery,
  useWorklistExportMutation,
  useConditionChoicesQuery,
  useReturnedToMeQuery,
} = worklistApi;
