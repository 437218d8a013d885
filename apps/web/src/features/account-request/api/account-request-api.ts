import type { ApiResponse, ApiRoutes } from '@vmer/domain/api';
import { endpoints } from '@vmer/domain/api/endpoints';
import { api, apiCall } from '../../../lib/api-client.ts';
import type { AccountRequest } from '../account-request.ts';

/** Asking for access (design §5): public, recorded for the administrators. */
const accountRequestApi = api.injectEndpoints({
  endpoints: (build) => ({
    requestAccount: build.mutation<
      ApiResponse<ApiRoutes['accountRequest']>,
      Partial<AccountRequest>
    >({
      query: (request) => apiCall(endpoints.accountRequest, { body: request }),
    }),
  }),
});

export const { useRequestAccountMutation } = accountRequestApi;
