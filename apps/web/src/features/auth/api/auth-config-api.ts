import { endpoints } from '@vmer/domain/api/endpoints';
import { api, apiCall, type ApiError } from '../../../lib/api-client.ts';
import type { AuthConfig } from '../../../lib/oidc-session.ts';
import { embeddedAuthConfig } from '../embedded-auth-config.ts';

export const authConfigApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The sign-in provider and company details of this deployment, read at run time: from the
     * page when the server wrote them into it (F-01), else from the API.
     */
    getAuthConfig: build.query<AuthConfig, void>({
      queryFn: async (_arg, _api, _extra, fetch) => {
        const embedded = embeddedAuthConfig();
        if (embedded) return { data: embedded };
        const answer = await fetch(apiCall(endpoints.authConfig));
        return answer.error
          ? { error: answer.error as ApiError }
          : { data: answer.data as AuthConfig };
      },
    }),
  }),
});

export const { useGetAuthConfigQuery } = authConfigApi;
