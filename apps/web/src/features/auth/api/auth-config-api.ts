import { api, apiGet } from '../../../lib/api-client.ts';
import type { AuthConfig } from '../../../lib/oidc-session.ts';

export const authConfigApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The sign-in provider and company details of this deployment, read at run time. */
    getAuthConfig: build.query<AuthConfig, void>({
      query: () => apiGet('auth/config'),
    }),
  }),
});

export const { useGetAuthConfigQuery } = authConfigApi;
