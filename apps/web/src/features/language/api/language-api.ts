import type { ApiResponse, ApiRoutes } from '@vmer/domain/api';
import { endpoints } from '@vmer/domain/api/endpoints';
import type { Language } from '@vmer/domain/model';
import { api, apiCall } from '../../../lib/api-client.ts';

const languageApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Saves the user's language, applied at their next sign-in. */
    saveLanguage: build.mutation<ApiResponse<ApiRoutes['userLanguage']>, Language>({
      query: (language) => apiCall(endpoints.userLanguage, { body: { language } }),
    }),
  }),
});

export const { useSaveLanguageMutation } = languageApi;
