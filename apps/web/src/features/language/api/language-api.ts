import type { Language } from '@vmer/domain/model';
import { api, apiPut } from '../../../lib/api-client.ts';

export const languageApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Saves the user's language, applied at their next sign-in. */
    saveLanguage: build.mutation<unknown, Language>({
      query: (language) => apiPut('user/language', { language }),
    }),
  }),
});

export const { useSaveLanguageMutation } = languageApi;
