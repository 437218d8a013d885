import type { ApiResponse, ApiRoutes } from '@vmer/domain/api';
import { endpoints } from '@vmer/domain/api/endpoints';
import { api, apiCall } from '../../../lib/api-client.ts';

/** Two revisions of one disclosure to compare. */
interface ComparisonRequest {
  id: string;
  from: number;
  to: number;
}

/**
 * The case view's calls (requirements W-12, W-13): a disclosure's audit trail, its kept
 * revisions and what changed between two of them. Each is asked afresh when its tab opens:
 * a review moves on while the case is open.
 */
const caseViewApi = api.injectEndpoints({
  endpoints: (build) => ({
    disclosureAudit: build.query<ApiResponse<ApiRoutes['disclosureAudit']>, string>({
      query: (id) => apiCall(endpoints.disclosureAudit, { params: { id } }),
    }),
    disclosureRevisions: build.query<ApiResponse<ApiRoutes['disclosureRevisions']>, string>({
      query: (id) => apiCall(endpoints.disclosureRevisions, { params: { id } }),
    }),
    disclosureCompare: build.query<ApiResponse<ApiRoutes['disclosureCompare']>, ComparisonRequest>({
      query: ({ id, from, to }) =>
        apiCall(endpoints.disclosureCompare, { params: { id }, query: { from, to } }),
    }),
  }),
});

export const { useDisclosureAuditQuery, useDisclosureRevisionsQuery, useDisclosureCompareQuery } =
  caseViewApi;
