import type { Bilingual, InsurerEntry } from '@vmer/domain/model';
import { api, apiGet } from '../../../lib/api-client.ts';

/** One insurer × channel × product the caller may work for (GET /api/insurer/list). */
export interface InsurerListEntry extends InsurerEntry {
  insurerName: Bilingual;
  productName: Bilingual;
  smokingList: 'A' | 'B';
  lastAgeOption: boolean;
  printCover: boolean;
}

export const insurerListApi = api.injectEndpoints({
  endpoints: (build) => ({
    getInsurerList: build.query<InsurerListEntry[], void>({
      query: () => apiGet('insurer/list'),
    }),
  }),
});

export const { useGetInsurerListQuery } = insurerListApi;
