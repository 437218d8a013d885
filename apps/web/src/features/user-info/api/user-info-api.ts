import type { SmokingList, UserInfo } from '@vmer/domain/model';
import { api, apiGet } from '../../../lib/api-client.ts';

/** GET /api/user/info/get: user info plus both smoking lists (contracts.md). */
export type UserInfoResponse = Partial<UserInfo> &
  Pick<UserInfo, 'userName' | 'role' | 'insurerCode'> & {
    smokingLists?: SmokingList[];
  };

export const userInfoApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUserInfo: build.query<UserInfoResponse, void>({
      query: () => apiGet('user/info/get'),
    }),
  }),
});

export const { useGetUserInfoQuery } = userInfoApi;
