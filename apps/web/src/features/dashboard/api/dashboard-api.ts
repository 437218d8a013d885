import type { ApiResponse, ApiRoutes } from '@vmer/domain/api';
import { endpoints } from '@vmer/domain/api/endpoints';
import { api, apiCall } from '../../../lib/api-client.ts';

/** The dashboard call's query as the address carries it. */
type DashboardParams = Record<string, string>;

/**
 * The dashboard's one call (requirements O-12, design §11): every figure for the filters. A
 * refused filter (400) is explained beside the filters, so the global snackbar stays quiet.
 */
const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    dashboard: build.query<ApiResponse<ApiRoutes['dashboard']>, DashboardParams>({
      query: (query) => ({ ...apiCall(endpoints.dashboard, { query }), shownByCaller: [400] }),
    }),
  }),
});

export const { useDashboardQuery } = dashboardApi;
