import { api, apiPost } from '../../../lib/api-client.ts';
import type { AccountRequest } from '../account-request.ts';

/** POST /api/account-request (design §5): public, recorded for the administrators. */
export const accountRequestApi = api.injectEndpoints({
  endpoints: (build) => ({
    requestAccount: build.mutation<unknown, Partial<AccountRequest>>({
      query: (request) => apiPost('account-request', request),
    }),
  }),
});

export const { useRequestAccountMutation } = accountRequestApi;
