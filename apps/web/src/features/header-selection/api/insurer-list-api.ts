import type { ApiResponse, ApiRoutes } from '@vmer/domain/api';
import { endpoints } from '@vmer/domain/api/endpoints';
import { api, apiCall } from '../../../lib/api-client.ts';

/** One insurer × channel × product the caller may work for. */
export type InsurerListEntry = ApiResponse<ApiRoutes['insurerList']>[number];

export const insurerListApi = api.injectEndpoints({
  endpoints: (build) => ({
    getInsurerList: build.query<InsurerListEntry[], void>({
      query: () => apiCall(endpoints.insurerList),
    }),
  }),
});

export const { useGetInsurerListQuery } = insurerListApi;
