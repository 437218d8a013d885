/**
 * Every API path and its method, once. This file holds no schema (and so no zod), so that a
 * page that only calls the API, like the sign-in page, stays light; `routes.ts` adds to each
 * endpoint its schemas, from which the server registers its handlers and the OpenAPI document
 * is generated.
 */

/** Every API path starts with this prefix; an endpoint's `path` is written below it. */
export const API_PREFIX = '/api';
/** The OpenAPI document and its interactive page. */
export const API_DOCS_PATH = `${API_PREFIX}/docs`;
export const OPENAPI_PATH = `${API_DOCS_PATH}/openapi.json`;

/**
 * The id of the page's `<script type="application/json">` element holding what
 * `GET /auth/config` answers: the server writes it into index.html, so the app reads the
 * provider without a first call (requirements F-01).
 */
export const AUTH_CONFIG_ELEMENT_ID = 'vmer-auth-config';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A method and a path below {@link API_PREFIX}; `:name` marks a path parameter. */
export interface Endpoint {
  method: HttpMethod;
  path: string;
}

const DISCLOSURE = '/impairment/video_mer';

/** The whole HTTP API, by name. */
export const endpoints = {
  health: { method: 'GET', path: '/health' },
  ready: { method: 'GET', path: '/ready' },
  authConfig: { method: 'GET', path: '/auth/config' },
  userLanguage: { method: 'PUT', path: '/user/language' },
  catalogSchema: { method: 'GET', path: '/catalog/schema.json' },
  userInfo: { method: 'GET', path: '/user/info/get' },
  insurerList: { method: 'GET', path: '/insurer/list' },
  questionnaire: { method: 'GET', path: '/questionnaire/get' },
  diseaseList: { method: 'POST', path: '/disease/list' },
  instanceDiseaseList: { method: 'GET', path: '/disease/list/:id' },
  questions: { method: 'GET', path: '/question/:uuid' },
  specialList: { method: 'POST', path: '/disease/special/list' },
  catalogVersions: { method: 'GET', path: '/catalog/versions' },
  catalogUpload: { method: 'POST', path: '/catalog/versions' },
  catalogActivate: { method: 'POST', path: '/catalog/versions/:version/activate' },
  catalogExport: { method: 'GET', path: '/catalog/versions/:version/export' },
  catalogDiff: { method: 'GET', path: '/catalog/diff' },
  catalogFhir: { method: 'GET', path: '/catalog/versions/:version/fhir' },
  catalogImpact: { method: 'GET', path: '/catalog/versions/:version/impact' },
  catalogDraftImpact: { method: 'GET', path: '/catalog/drafts/:id/impact' },
  catalogVersionZip: { method: 'GET', path: '/catalog/versions/:version/zip' },
  catalogZipImport: { method: 'POST', path: '/catalog/zip' },
  catalogDrafts: { method: 'GET', path: '/catalog/drafts' },
  catalogDraftCreate: { method: 'POST', path: '/catalog/drafts' },
  catalogDraft: { method: 'GET', path: '/catalog/drafts/:id' },
  catalogDraftSave: { method: 'PUT', path: '/catalog/drafts/:id/files' },
  catalogDraftConflictDismiss: {
    method: 'DELETE',
    path: '/catalog/drafts/:id/conflicts/:conflictId',
  },
  catalogDraftRetire: { method: 'POST', path: '/catalog/drafts/:id/retire' },
  catalogDraftSubmit: { method: 'POST', path: '/catalog/drafts/:id/submit' },
  catalogDraftReturn: { method: 'POST', path: '/catalog/drafts/:id/return' },
  catalogDraftApprove: { method: 'POST', path: '/catalog/drafts/:id/approve' },
  catalogDraftZip: { method: 'GET', path: '/catalog/drafts/:id/zip' },
  catalogReleases: { method: 'GET', path: '/catalog/releases' },
  catalogReleaseRequest: { method: 'POST', path: '/catalog/releases' },
  catalogReleaseApprove: { method: 'POST', path: '/catalog/releases/:id/approve' },
  catalogReleaseCancel: { method: 'POST', path: '/catalog/releases/:id/cancel' },
  disclosureRequest: { method: 'POST', path: `${DISCLOSURE}/request` },
  disclosureView: { method: 'GET', path: `${DISCLOSURE}/disclosure/:requestId` },
  disclosureOpen: { method: 'GET', path: `${DISCLOSURE}/disclosure/:requestId/open` },
  disclosureSave: { method: 'POST', path: `${DISCLOSURE}/disclosure/save` },
  disclosureSubmit: { method: 'POST', path: `${DISCLOSURE}/disclosure/submit` },
  disclosureExport: { method: 'POST', path: `${DISCLOSURE}/disclosure/export` },
  catalogueUpdatePreview: { method: 'GET', path: `${DISCLOSURE}/disclosure/:id/update-catalogue` },
  catalogueUpdate: { method: 'POST', path: `${DISCLOSURE}/disclosure/:id/update-catalogue` },
  disclosureValidate: { method: 'POST', path: `${DISCLOSURE}/validate/:id` },
  disclosureReject: { method: 'POST', path: `${DISCLOSURE}/reject/:id` },
  worklist: { method: 'GET', path: `${DISCLOSURE}/disclosures` },
  worklistCounts: { method: 'GET', path: `${DISCLOSURE}/disclosures/counts` },
  worklistExport: { method: 'GET', path: `${DISCLOSURE}/disclosures/export` },
  reviewClaim: { method: 'POST', path: `${DISCLOSURE}/disclosure/:id/claim` },
  reviewRelease: { method: 'DELETE', path: `${DISCLOSURE}/disclosure/:id/claim` },
  disclosureOverride: { method: 'PUT', path: `${DISCLOSURE}/disclosure/:id/override` },
  disclosureOverrides: { method: 'GET', path: `${DISCLOSURE}/disclosure/:id/overrides` },
  disclosureRevisions: { method: 'GET', path: `${DISCLOSURE}/disclosure/:id/revisions` },
  disclosureCompare: { method: 'GET', path: `${DISCLOSURE}/disclosure/:id/compare` },
  disclosureAudit: { method: 'GET', path: `${DISCLOSURE}/disclosure/:id/audit` },
  disclosureFhir: { method: 'GET', path: '/disclosure/:id/fhir' },
  trackEvent: { method: 'POST', path: '/analytics/web/create' },
  logSearch: { method: 'POST', path: '/search/disease/create' },
  conclusion: { method: 'POST', path: '/conclusion/create' },
  requestAnalytics: { method: 'GET', path: '/analytics/web/:requestId' },
  accountRequest: { method: 'POST', path: '/account-request' },
  accountRequests: { method: 'GET', path: '/admin/account-requests' },
  accountRequestApprove: { method: 'POST', path: '/admin/account-requests/:id/approve' },
  accountRequestDecline: { method: 'POST', path: '/admin/account-requests/:id/decline' },
  adminUsers: { method: 'GET', path: '/admin/users' },
  adminUserCreate: { method: 'POST', path: '/admin/users' },
  adminUserUpdate: { method: 'PUT', path: '/admin/users/:subject' },
  adminInsurers: { method: 'GET', path: '/admin/insurers' },
  adminInsurerCreate: { method: 'POST', path: '/admin/insurers' },
  adminInsurerUpdate: { method: 'PUT', path: '/admin/insurers/:code' },
  adminAudit: { method: 'GET', path: '/admin/audit' },
  adminWebhooks: { method: 'GET', path: '/admin/webhooks' },
  adminWebhookCreate: { method: 'POST', path: '/admin/webhooks' },
  adminWebhookUpdate: { method: 'PUT', path: '/admin/webhooks/:id' },
  adminWebhookDelete: { method: 'DELETE', path: '/admin/webhooks/:id' },
  adminWebhookRotate: { method: 'POST', path: '/admin/webhooks/:id/secret' },
  adminWebhookDeliveries: { method: 'GET', path: '/admin/webhooks/:id/deliveries' },
  adminWebhookResend: {
    method: 'POST',
    path: '/admin/webhooks/:id/deliveries/:deliveryId/resend',
  },
  dashboard: { method: 'GET', path: '/dashboard' },
} as const satisfies Record<string, Endpoint>;

/** The names of a path's `:name` parameters. */
type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The values an endpoint's path needs, by parameter name. */
export type PathParams<E extends Endpoint> = Record<PathParamNames<E['path']>, string>;

type PathParamsArg<E extends Endpoint> = [PathParamNames<E['path']>] extends [never]
  ? [params?: Record<string, never>]
  : [params: PathParams<E>];

/**
 * An endpoint's path below {@link API_PREFIX} with its parameters filled in (each encoded as a
 * path segment): `routePath(endpoints.disclosureView, { requestId })`.
 */
export function routePath<E extends Endpoint>(endpoint: E, ...[params]: PathParamsArg<E>): string {
  const values = (params ?? {}) as Record<string, string>;
  return endpoint.path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${endpoint.path} needs the parameter ${name}`);
    return encodeURIComponent(value);
  });
}

/** An endpoint's full path on the server: {@link API_PREFIX} and {@link routePath}. */
export function apiPath<E extends Endpoint>(endpoint: E, ...params: PathParamsArg<E>): string {
  return `${API_PREFIX}${routePath(endpoint, ...params)}`;
}
