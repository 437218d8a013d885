import type { ApiResponse, ApiRoutes } from '@vmer/domain/api';
import { endpoints } from '@vmer/domain/api/endpoints';
import { api, apiCall } from '../../../lib/api-client.ts';

type CatalogVersions = ApiResponse<ApiRoutes['catalogVersions']>;
export type CatalogVersion = CatalogVersions[number];

/** The versions screen's calls (requirements K-01, K-02); both only read. */
const catalogueApi = api.injectEndpoints({
  endpoints: (build) => ({
    catalogVersions: build.query<CatalogVersions, void>({
      query: () => apiCall(endpoints.catalogVersions),
    }),
    catalogDiff: build.query<ApiResponse<ApiRoutes['catalogDiff']>, { from: string; to: string }>({
      query: ({ from, to }) => apiCall(endpoints.catalogDiff, { query: { from, to } }),
    }),
  }),
});

export const { useCatalogVersionsQuery, useCatalogDiffQuery } = catalogueApi;
