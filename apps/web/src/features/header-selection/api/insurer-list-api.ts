import type { ApiResponse, ApiRoutes } from '@vmer/domain/api';
import { endpoints } from '@vmer/domain/api/endpoints';
import { api, apiCall, earlyOr } from '../../../lib/api-client.ts';

/** One insurer × channel × product the caller may work for. */
export type InsurerListEntry = ApiResponse<ApiRoutes['insurerList']>[number];

export const insurerListApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Brought by the opening of a disclosure when the app opens at one (F-01).
    getInsurerList: build.query<InsurerListEntry[], void>({
      queryFn: earlyOr<InsurerListEntry[]>('insurerList', apiCall(endpoints.insurerList)),
    }),
  }),
});

export const { useGetInsurerListQuery } = insurerListApi;
