import type { ApiResponse, ApiRoutes } from '@vmer/domain/api';
import { endpoints } from '@vmer/domain/api/endpoints';
import { api, apiCall, earlyOr } from '../../../lib/api-client.ts';

/** The user info call's answer: user info plus both smoking lists. */
type UserInfoAnswer = ApiResponse<ApiRoutes['userInfo']>;
export type UserInfoResponse = Partial<UserInfoAnswer> &
  Pick<UserInfoAnswer, 'userName' | 'role' | 'insurerCode'>;

export const userInfoApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Brought by the opening of a disclosure when the app opens at one (F-01).
    getUserInfo: build.query<UserInfoResponse, void>({
      queryFn: earlyOr<UserInfoResponse>('userInfo', apiCall(endpoints.userInfo)),
    }),
  }),
});

export const { useGetUserInfoQuery } = userInfoApi;
