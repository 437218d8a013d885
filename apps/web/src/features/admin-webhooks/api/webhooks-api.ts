import type { ApiBody, ApiResponse, ApiRoutes } from '@vmer/domain/api';
import { endpoints } from '@vmer/domain/api/endpoints';
import { api, apiCall } from '../../../lib/api-client.ts';

export type WebhookSecretAnswer = ApiResponse<ApiRoutes['adminWebhookCreate']>;
type WebhookChange = ApiBody<ApiRoutes['adminWebhookUpdate']>;

const tags = api.enhanceEndpoints({ addTagTypes: ['Webhook'] });

/**
 * The webhooks screen's calls (requirements N-02 to N-04). A refused save (400) is explained
 * beside the fields and a resend of a pending delivery (409) on the log, so the global
 * snackbar stays quiet for them.
 */
const webhooksApi = tags.injectEndpoints({
  endpoints: (build) => ({
    webhooks: build.query<ApiResponse<ApiRoutes['adminWebhooks']>, void>({
      query: () => apiCall(endpoints.adminWebhooks),
      providesTags: ['Webhook'],
    }),
    /** The administrator's insurers, whose endpoints they may register. */
    webhookInsurers: build.query<string[], void>({
      query: () => apiCall(endpoints.adminInsurers),
      transformResponse: (answer: ApiResponse<ApiRoutes['adminInsurers']>) =>
        answer.insurers.map((insurer) => insurer.code),
    }),
    createWebhook: build.mutation<WebhookSecretAnswer, ApiBody<ApiRoutes['adminWebhookCreate']>>({
      query: (body) => ({
        ...apiCall(endpoints.adminWebhookCreate, { body }),
        shownByCaller: [400],
      }),
      invalidatesTags: ['Webhook'],
    }),
    updateWebhook: build.mutation<unknown, { id: string; change: WebhookChange }>({
      query: ({ id, change }) => ({
        ...apiCall(endpoints.adminWebhookUpdate, { params: { id }, body: change }),
        shownByCaller: [400],
      }),
      invalidatesTags: ['Webhook'],
    }),
    deleteWebhook: build.mutation<unknown, string>({
      query: (id) => apiCall(endpoints.adminWebhookDelete, { params: { id } }),
      invalidatesTags: ['Webhook'],
    }),
    rotateWebhook: build.mutation<WebhookSecretAnswer, string>({
      query: (id) => apiCall(endpoints.adminWebhookRotate, { params: { id } }),
    }),
    webhookDeliveries: build.query<
      ApiResponse<ApiRoutes['adminWebhookDeliveries']>,
      { id: string; cursor?: string }
    >({
      query: ({ id, cursor }) =>
        apiCall(endpoints.adminWebhookDeliveries, {
          params: { id },
          ...(cursor ? { query: { cursor } } : {}),
        }),
      providesTags: ['Webhook'],
    }),
    resendDelivery: build.mutation<unknown, { id: string; deliveryId: string }>({
      query: (params) => ({
        ...apiCall(endpoints.adminWebhookResend, { params }),
        shownByCaller: [409],
      }),
      invalidatesTags: ['Webhook'],
    }),
  }),
});

export const {
  useWebhooksQuery,
  useWebhookInsurersQuery,
  useCreateWebhookMutation,
  useUpdateWebhookMutation,
  useDeleteWebhookMutation,
  useRotateWebhookMutation,
  useWebhookDeliveriesQuery,
  useResendDeliveryMutation,
} = webhooksApi;
