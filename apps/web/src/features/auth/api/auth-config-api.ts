import { endpoints } from '@vmer/domain/api/endpoints';
import { api, apiCall } from '../../../lib/api-client.ts';
import type { AuthConfig } from '../../../lib/oidc-session.ts';

export const authConfigApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The sign-in provider and company details of this deployment, read at run time. */
    getAuthConfig: build.query<AuthConfig, void>({
      query: () => apiCall(endpoints.authConfig),
    }),
  }),
});

export const { useGetAuthConfigQuery } = authConfigApi;
