import type { ApiResponse, ApiRoutes } from '@vmer/domain/api';
import { endpoints } from '@vmer/domain/api/endpoints';
import type { AccountRequestState, CreateUser, UpdateUser } from '@vmer/domain/admin';
import { api, apiCall } from '../../../lib/api-client.ts';

/** The body of a call's success answer, by the contract's name of the call. */
type Answer<Name extends keyof ApiRoutes> = ApiResponse<ApiRoutes[Name]>;

/** A list call's query as the address carries it: each parameter once, lists comma-joined. */
type QueryParams = Record<string, string>;

/**
 * The people and account-request calls (requirements O-02..O-10). Refusals a dialog explains
 * itself (400 naming fields, 403 by the rights rules, 409) stay out of the global snackbar.
 */
const adminPeopleApi = api
  .enhanceEndpoints({ addTagTypes: ['AdminUsers', 'AdminAudit', 'AccountRequests'] })
  .injectEndpoints({
    endpoints: (build) => ({
      adminUsers: build.query<Answer<'adminUsers'>, QueryParams>({
        query: (query) => ({ ...apiCall(endpoints.adminUsers, { query }), shownByCaller: [400] }),
        providesTags: ['AdminUsers'],
      }),
      adminUserCreate: build.mutation<Answer<'adminUserCreate'>, CreateUser>({
        query: (body) => ({
          ...apiCall(endpoints.adminUserCreate, { body }),
          shownByCaller: [400, 403],
        }),
        invalidatesTags: ['AdminUsers', 'AdminAudit'],
      }),
      adminUserUpdate: build.mutation<
        Answer<'adminUserUpdate'>,
        { subject: string; change: UpdateUser }
      >({
        query: ({ subject, change }) => ({
          ...apiCall(endpoints.adminUserUpdate, { params: { subject }, body: change }),
          shownByCaller: [400, 403, 404, 409],
        }),
        invalidatesTags: ['AdminUsers', 'AdminAudit'],
      }),
      adminAudit: build.query<Answer<'adminAudit'>, QueryParams>({
        query: (query) => apiCall(endpoints.adminAudit, { query }),
        providesTags: ['AdminAudit'],
      }),
      accountRequests: build.query<
        Answer<'accountRequests'>,
        { state: AccountRequestState; page: number }
      >({
        query: ({ state, page }) =>
          apiCall(endpoints.accountRequests, { query: { state, page: String(page) } }),
        providesTags: ['AccountRequests'],
      }),
      accountRequestApprove: build.mutation<
        Answer<'accountRequestApprove'>,
        { id: string; user: CreateUser }
      >({
        query: ({ id, user }) => ({
          ...apiCall(endpoints.accountRequestApprove, { params: { id }, body: user }),
          shownByCaller: [400, 403, 409],
        }),
        invalidatesTags: ['AccountRequests', 'AdminUsers', 'AdminAudit'],
      }),
      accountRequestDecline: build.mutation<
        Answer<'accountRequestDecline'>,
        { id: string; reason: string }
      >({
        query: ({ id, reason }) => ({
          ...apiCall(endpoints.accountRequestDecline, { params: { id }, body: { reason } }),
          shownByCaller: [400, 409],
        }),
        invalidatesTags: ['AccountRequests', 'AdminAudit'],
      }),
    }),
  });

export const {
  useAdminUsersQuery,
  useAdminUserCreateMutation,
  useAdminUserUpdateMutation,
  useAdminAuditQuery,
  useAccountRequestsQuery,
  useAccountRequestApproveMutation,
  useAccountRequestDeclineMutation,
} = adminPeopleApi;
