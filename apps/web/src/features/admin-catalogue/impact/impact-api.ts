import type { ApiResponse, ApiRoutes } from '@vmer/domain/api';
import { endpoints } from '@vmer/domain/api/endpoints';
import { api, apiCall } from '../../../lib/api-client.ts';

export type CatalogImpact = ApiResponse<ApiRoutes['catalogImpact']>;

/** What is replayed: a version (a release or a rollback) or a draft as it stands. */
export type ImpactTarget = { version: string } | { draftId: string };

/** Impact before release (requirements K-09): only reads, never cached across targets. */
const impactApi = api.injectEndpoints({
  endpoints: (build) => ({
    catalogImpact: build.query<CatalogImpact, { target: ImpactTarget; days: number }>({
      // A draft with problems answers 400 listing them: the panel shows them itself.
      query: ({ target, days }) => ({
        ...('version' in target
          ? apiCall(endpoints.catalogImpact, {
              params: { version: target.version },
              query: { days },
            })
          : apiCall(endpoints.catalogDraftImpact, {
              params: { id: target.draftId },
              query: { days },
            })),
        shownByCaller: [400],
      }),
      // A draft changes under the editor: every analysis asks again.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useLazyCatalogImpactQuery } = impactApi;
