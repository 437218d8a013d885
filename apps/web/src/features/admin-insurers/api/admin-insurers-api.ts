import type { ApiResponse, ApiRoutes } from '@vmer/domain/api';
import { endpoints } from '@vmer/domain/api/endpoints';
import type { AdminInsurer } from '@vmer/domain/admin';
import { api, apiCall } from '../../../lib/api-client.ts';

type AdminInsurers = ApiResponse<ApiRoutes['adminInsurers']>;
export type SavedInsurer = ApiResponse<ApiRoutes['adminInsurerUpdate']>;

/** A change to send: the insurer as edited, made on the active version read. */
interface InsurerSave {
  insurer: AdminInsurer;
  catalogVersion: string;
  /** Whether the insurer is new (POST) rather than changed (PUT). */
  creating: boolean;
}

/**
 * The insurers screen's calls (requirements O-11). A refused change (400, 409) is explained
 * on the screen beside the fields, so the global snackbar stays quiet for it.
 */
const adminInsurersApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminInsurers: build.query<AdminInsurers, void>({
      query: () => apiCall(endpoints.adminInsurers),
    }),
    saveInsurer: build.mutation<SavedInsurer, InsurerSave>({
      query: ({ insurer, catalogVersion, creating }) => ({
        ...(creating
          ? apiCall(endpoints.adminInsurerCreate, { body: { insurer, catalogVersion } })
          : apiCall(endpoints.adminInsurerUpdate, {
              params: { code: insurer.code },
              body: { insurer, catalogVersion },
            })),
        shownByCaller: [400, 409],
      }),
    }),
  }),
});

export const { useAdminInsurersQuery, useSaveInsurerMutation } = adminInsurersApi;
