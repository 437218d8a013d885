import { z } from 'zod';
import { catalogImpactSchema, impactQuerySchema } from '../catalog/impact.ts';
import {
  auditEntrySchema,
  catalogueUpdateBodySchema,
  catalogueUpdatedSchema,
  catalogueUpdateSummarySchema,
  conclusionSchema,
  disclosureExportSchema,
  disclosureIdSchema,
  disclosurePayloadSchema,
  disclosureRequestCreatedSchema,
  disclosureRequestSchema,
  disclosureReviewedSchema,
  disclosureSavedSchema,
  disclosureViewSchema,
  rejectBodySchema,
  searchEventSchema,
  trackingEventSchema,
} from '../lifecycle.ts';
import {
  claimAnswerSchema,
  compareQuerySchema,
  overrideBodySchema,
  overridesAnswerSchema,
  revisionCompareSchema,
  revisionSummarySchema,
  worklistCountsQuerySchema,
  worklistCountsSchema,
  worklistExportQuerySchema,
  worklistExportSchema,
  worklistPageSchema,
  worklistQuerySchema,
} from '../workbench.ts';
import { questionSchema } from '../model.ts';
import {
  accountRequestListQuerySchema,
  accountRequestParamsSchema,
  adminAccountRequestPageSchema,
  adminAccountRequestSchema,
  adminAuditPageSchema,
  adminAuditQuerySchema,
  adminInsurersSchema,
  adminUserSchema,
  approveAccountRequestSchema,
  approvedAccountRequestSchema,
  createdUserSchema,
  createUserSchema,
  declineAccountRequestSchema,
  insurerParamsSchema,
  savedInsurerSchema,
  saveInsurerSchema,
  subjectParamsSchema,
  updateUserSchema,
  userListQuerySchema,
  userPageSchema,
} from '../admin.ts';
import { dashboardQuerySchema, dashboardSchema } from '../dashboard.ts';
import {
  createWebhookSchema,
  updateWebhookSchema,
  webhookDeliveryPageSchema,
  webhookDeliveryParamsSchema,
  webhookDeliveryQuerySchema,
  webhookDeliverySchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookParamsSchema,
  webhookSecretAnswerSchema,
} from '../webhooks.ts';
import {
  approveSchema,
  catalogZipSchema,
  createDraftSchema,
  draftApprovedSchema,
  draftConflictParamsSchema,
  draftConflictSchema,
  draftListQuerySchema,
  draftParamsSchema,
  draftSavedSchema,
  draftSchema,
  draftSummarySchema,
  releaseListQuerySchema,
  releaseParamsSchema,
  releaseRequestSchema,
  releaseSchema,
  returnDraftSchema,
  saveDraftSchema,
  submitDraftSchema,
  zipImportedSchema,
  zipImportSchema,
} from './catalog-studio-schema.ts';
import { createdSchema, okSchema } from './envelope.ts';
import { endpoints, type Endpoint } from './endpoints.ts';
import {
  accountRequestSchema,
  authConfigSchema,
  catalogBundleSchema,
  catalogDiffSchema,
  catalogUploadSchema,
  diseaseListAnswerSchema,
  diseaseListBodySchema,
  diseaseListSchema,
  disclosureOpenSchema,
  idempotentHeadersSchema,
  insurerListEntrySchema,
  languageBodySchema,
  openQuerySchema,
  questionnaireSchema,
  readinessSchema,
  recordedSchema,
  requestAnalyticsSchema,
  specialListBodySchema,
  specialListSchema,
  userInfoBodySchema,
  versionParamsSchema,
  versionQuerySchema,
  versionSummarySchema,
} from './schemas.ts';

/**
 * One API route: its method, its path below {@link API_PREFIX} (`:name` marks a path
 * parameter), what the request carries and the envelope of each success status. The server
 * registers its handlers from these and the OpenAPI document is generated from the same
 * schemas; the web app builds its calls and types its answers from them.
 */
export interface ApiRoute extends Endpoint {
  summary: string;
  tags: readonly string[];
  /** Answers without a bearer token. */
  public?: boolean;
  /**
   * Also takes a caller system's client-credentials token holding this scope (a token for
   * people is taken as well); any other client token answers 403.
   */
  clientScope?: ClientScope;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Headers the route reads besides the ones every call carries. */
  headers?: z.ZodType;
  /**
   * The success envelope by status; left out for an answer that is not an envelope. A route
   * whose 409 or 503 answer carries a body too (a draft's stale save, ready) lists it beside.
   */
  responses?: ({ 200: z.ZodType } | { 201: z.ZodType }) & { 409?: z.ZodType; 503?: z.ZodType };
  /** The media type of a success answer that is not an envelope (a FHIR resource). */
  produces?: string;
}

/**
 * The scopes a caller system's client-credentials token may hold: `disclosure:request` creates
 * disclosure requests, `disclosure:read` reads the disclosures its client requested (N-01).
 */
export const CLIENT_SCOPES = { request: 'disclosure:request', read: 'disclosure:read' } as const;
export type ClientScope = (typeof CLIENT_SCOPES)[keyof typeof CLIENT_SCOPES];

type RouteDetails = Omit<ApiRoute, keyof Endpoint>;
const route = <const E extends Endpoint, const D extends RouteDetails>(
  endpoint: E,
  details: D,
) => ({
  ...endpoint,
  ...details,
});
/** The media type of FHIR resources in JSON. */
export const FHIR_JSON = 'application/fhir+json';

/** Keeps the table out of a bundle that does not use it (a call, unlike an object, can be marked pure). */
const table = <T>(routes: T): T => routes;

const requestIdParams = z.object({ requestId: disclosureIdSchema }).strict();
const idParams = z.object({ id: disclosureIdSchema }).strict();
/** Validate takes no payload (requirements §7); an empty JSON object is accepted too. */
const emptyBody = z.object({}).strict().nullish();

const PLATFORM = ['platform'];
const CATALOGUE = ['catalogue'];
const CATALOGUE_ADMIN = ['catalogue admin'];
const DISCLOSURES = ['disclosures'];
const WORKBENCH = ['workbench'];
const ANALYTICS = ['analytics'];
const ACCOUNT_REQUESTS = ['account requests'];
const ADMINISTRATION = ['administration'];
const WEBHOOKS = ['webhooks'];

/** Every endpoint with its schemas, by the endpoint's name. */
export const apiRoutes = table({
  health: route(endpoints.health, {
    summary: 'The process is up',
    tags: PLATFORM,
    public: true,
    responses: { 200: okSchema(z.object({ status: z.literal('up') })) },
  }),
  ready: route(endpoints.ready, {
    summary: 'The database and the identity provider answer (503 naming the one that does not)',
    tags: PLATFORM,
    public: true,
    responses: {
      200: okSchema(readinessSchema.extend({ status: z.literal('ready') })),
      503: z.object({
        code: z.literal(503),
        error: z.literal('service_unavailable'),
        message: z.string(),
        body: readinessSchema.extend({ status: z.literal('unavailable') }),
      }),
    },
  }),
  authConfig: route(endpoints.authConfig, {
    summary: 'Sign-in settings for the web app',
    tags: PLATFORM,
    public: true,
    query: z.object({}).strict(),
    responses: { 200: okSchema(authConfigSchema) },
  }),
  userLanguage: route(endpoints.userLanguage, {
    summary: "Change the caller's language",
    tags: ['user'],
    body: languageBodySchema,
    responses: { 200: okSchema(languageBodySchema) },
  }),

  catalogSchema: route(endpoints.catalogSchema, {
    summary: 'JSON Schema of the catalogue source files, for editor completion',
    tags: CATALOGUE,
    public: true,
  }),
  userInfo: route(endpoints.userInfo, {
    summary: "The caller's user info, for their first insurer",
    tags: CATALOGUE,
    responses: { 200: okSchema(userInfoBodySchema) },
  }),
  insurerList: route(endpoints.insurerList, {
    summary: "Every insurer × channel × product of the caller's insurers",
    tags: CATALOGUE,
    responses: { 200: okSchema(z.array(insurerListEntrySchema)) },
  }),
  questionnaire: route(endpoints.questionnaire, {
    summary:
      'The active catalogue (or the version asked for): version, indicators, exclusions, BMI rules, settings, smoking lists',
    tags: CATALOGUE,
    query: versionQuerySchema,
    responses: { 200: okSchema(questionnaireSchema) },
  }),
  diseaseList: route(endpoints.diseaseList, {
    summary: 'The conditions a product offers an applicant; stored as a questionnaire instance',
    tags: CATALOGUE,
    body: diseaseListBodySchema,
    query: versionQuerySchema,
    responses: { 200: okSchema(diseaseListAnswerSchema) },
  }),
  instanceDiseaseList: route(endpoints.instanceDiseaseList, {
    summary: 'The disease list of a questionnaire instance',
    tags: CATALOGUE,
    params: z.object({ id: z.string().max(100) }),
    responses: { 200: okSchema(diseaseListSchema) },
  }),
  questions: route(endpoints.questions, {
    summary: "An impairment's questions, flattened (requirements §3 Question)",
    tags: CATALOGUE,
    params: z.object({ uuid: z.string().max(200) }),
    query: versionQuerySchema,
    responses: { 200: okSchema(z.array(questionSchema)) },
  }),
  specialList: route(endpoints.specialList, {
    summary: 'The special conditions: High / Low BMI, Abnormal BMI and the Others template',
    tags: CATALOGUE,
    body: specialListBodySchema,
    query: versionQuerySchema,
    responses: { 200: okSchema(specialListSchema) },
  }),

  catalogVersions: route(endpoints.catalogVersions, {
    summary: 'Every catalogue version, newest first',
    tags: CATALOGUE_ADMIN,
    responses: { 200: okSchema(z.array(versionSummarySchema)) },
  }),
  catalogUpload: route(endpoints.catalogUpload, {
    summary:
      'Upload a catalogue as a new immutable version (the same files answer their existing version); with activate, also ask for its activation, which another administrator approves',
    tags: CATALOGUE_ADMIN,
    body: catalogUploadSchema,
    responses: {
      200: okSchema(
        z.object({
          created: z.boolean(),
          version: versionSummarySchema,
          release: releaseSchema.optional(),
        }),
      ),
    },
  }),
  catalogActivate: route(endpoints.catalogActivate, {
    summary:
      'Ask for a version to become the one new questionnaires use: a release request, which another administrator approves (K-11)',
    tags: CATALOGUE_ADMIN,
    params: versionParamsSchema,
    responses: { 200: okSchema(releaseSchema) },
  }),
  catalogExport: route(endpoints.catalogExport, {
    summary: "A version's source files, as imported",
    tags: CATALOGUE_ADMIN,
    params: versionParamsSchema,
    responses: { 200: okSchema(catalogBundleSchema) },
  }),
  catalogDiff: route(endpoints.catalogDiff, {
    summary: 'What changed between two versions',
    tags: CATALOGUE_ADMIN,
    query: z.object({ from: z.string().max(20), to: z.string().max(20) }).strict(),
    responses: { 200: okSchema(catalogDiffSchema) },
  }),
  catalogFhir: route(endpoints.catalogFhir, {
    summary:
      'A catalogue version as an HL7 FHIR R4 Questionnaire (not an envelope; design §13 describes the mapping)',
    tags: CATALOGUE_ADMIN,
    params: versionParamsSchema,
    produces: FHIR_JSON,
  }),
  catalogImpact: route(endpoints.catalogImpact, {
    summary:
      "What a version would change: the caller's insurers' disclosures submitted in the last `days` days (default 90) replayed against it, per condition and indicator, with examples; nothing is stored",
    tags: CATALOGUE_ADMIN,
    params: versionParamsSchema,
    query: impactQuerySchema,
    responses: { 200: okSchema(catalogImpactSchema) },
  }),
  catalogDraftImpact: route(endpoints.catalogDraftImpact, {
    summary:
      'What a draft would change, as for a version (K-09); a draft whose check finds problems answers 400 listing them',
    tags: CATALOGUE_ADMIN,
    params: draftParamsSchema,
    query: impactQuerySchema,
    responses: { 200: okSchema(catalogImpactSchema) },
  }),
  catalogVersionZip: route(endpoints.catalogVersionZip, {
    summary: "A version's source files as a zip of the catalogue folder (base64; K-14)",
    tags: CATALOGUE_ADMIN,
    params: versionParamsSchema,
    responses: { 200: okSchema(catalogZipSchema) },
  }),
  catalogZipImport: route(endpoints.catalogZipImport, {
    summary:
      'Import a zip of YAML files (base64) as a new version or as a new draft; problems answer 400 with file and line (K-14)',
    tags: CATALOGUE_ADMIN,
    body: zipImportSchema,
    responses: { 200: okSchema(zipImportedSchema) },
  }),
  catalogDrafts: route(endpoints.catalogDrafts, {
    summary: 'Every catalogue draft, newest first (K-03)',
    tags: CATALOGUE_ADMIN,
    query: draftListQuerySchema,
    responses: { 200: okSchema(z.array(draftSummarySchema)) },
  }),
  catalogDraftCreate: route(endpoints.catalogDraftCreate, {
    summary: 'Create a draft from any version (K-03)',
    tags: CATALOGUE_ADMIN,
    body: createDraftSchema,
    responses: { 200: okSchema(draftSchema) },
  }),
  catalogDraft: route(endpoints.catalogDraft, {
    summary: "A draft with its files, its check's problems (file, line) and its conflict copies",
    tags: CATALOGUE_ADMIN,
    params: draftParamsSchema,
    responses: { 200: okSchema(draftSchema) },
  }),
  catalogDraftSave: route(endpoints.catalogDraftSave, {
    summary:
      'Save changed files of a draft made on a revision; a stale revision answers 409 with the current one and keeps the edit as a conflict copy (K-06)',
    tags: CATALOGUE_ADMIN,
    params: draftParamsSchema,
    body: saveDraftSchema,
    responses: {
      200: okSchema(draftSavedSchema),
      // A stale revision carries the draft as it is now; a draft no longer editable, none.
      409: z.object({
        code: z.literal(409),
        error: z.literal('conflict'),
        message: z.string(),
        body: draftConflictSchema.optional(),
      }),
    },
  }),
  catalogDraftConflictDismiss: route(endpoints.catalogDraftConflictDismiss, {
    summary: 'Drop a conflict copy once its work is recovered (K-06)',
    tags: CATALOGUE_ADMIN,
    params: draftConflictParamsSchema,
    responses: { 200: okSchema(draftSummarySchema) },
  }),
  catalogDraftRetire: route(endpoints.catalogDraftRetire, {
    summary: 'Retire a draft that is not approved (K-03)',
    tags: CATALOGUE_ADMIN,
    params: draftParamsSchema,
    responses: { 200: okSchema(draftSummarySchema) },
  }),
  catalogDraftSubmit: route(endpoints.catalogDraftSubmit, {
    summary:
      'Submit a draft for approval with a note; refused with each problem while lint or a regression case fails (K-08, K-11)',
    tags: CATALOGUE_ADMIN,
    params: draftParamsSchema,
    body: submitDraftSchema,
    responses: { 200: okSchema(draftSummarySchema) },
  }),
  catalogDraftReturn: route(endpoints.catalogDraftReturn, {
    summary: 'Return a submitted draft to editing, with a note (K-11)',
    tags: CATALOGUE_ADMIN,
    params: draftParamsSchema,
    body: returnDraftSchema,
    responses: { 200: okSchema(draftSummarySchema) },
  }),
  catalogDraftApprove: route(endpoints.catalogDraftApprove, {
    summary:
      'Approve a submitted draft (not by its author or an editor): its files become a new version, activated at once or at activateAt (K-11)',
    tags: CATALOGUE_ADMIN,
    params: draftParamsSchema,
    body: approveSchema,
    responses: { 200: okSchema(draftApprovedSchema) },
  }),
  catalogDraftZip: route(endpoints.catalogDraftZip, {
    summary: "A draft's files as a zip of the catalogue folder (base64; K-14)",
    tags: CATALOGUE_ADMIN,
    params: draftParamsSchema,
    responses: { 200: okSchema(catalogZipSchema) },
  }),
  catalogReleases: route(endpoints.catalogReleases, {
    summary: 'Every release request, newest first: asked, scheduled, activated, cancelled (K-11)',
    tags: CATALOGUE_ADMIN,
    query: releaseListQuerySchema,
    responses: { 200: okSchema(z.array(releaseSchema)) },
  }),
  catalogReleaseRequest: route(endpoints.catalogReleaseRequest, {
    summary:
      'Ask for an existing version to be activated (a rollback), with a note; another administrator approves (K-11)',
    tags: CATALOGUE_ADMIN,
    body: releaseRequestSchema,
    responses: { 200: okSchema(releaseSchema) },
  }),
  catalogReleaseApprove: route(endpoints.catalogReleaseApprove, {
    summary:
      'Approve a release request (not by the one who asked): activated at once or at activateAt (K-11)',
    tags: CATALOGUE_ADMIN,
    params: releaseParamsSchema,
    body: approveSchema,
    responses: { 200: okSchema(releaseSchema) },
  }),
  catalogReleaseCancel: route(endpoints.catalogReleaseCancel, {
    summary: 'Cancel a release request or a scheduled activation (K-11)',
    tags: CATALOGUE_ADMIN,
    params: releaseParamsSchema,
    responses: { 200: okSchema(releaseSchema) },
  }),

  disclosureRequest: route(endpoints.disclosureRequest, {
    summary:
      'A caller system (client credentials, scope disclosure:request) or a person asks for a disclosure; the caller system then reads it with scope disclosure:read',
    tags: DISCLOSURES,
    clientScope: CLIENT_SCOPES.request,
    body: disclosureRequestSchema,
    headers: idempotentHeadersSchema,
    responses: { 200: okSchema(disclosureRequestCreatedSchema) },
  }),
  disclosureView: route(endpoints.disclosureView, {
    summary:
      'The disclosure of a request, with the mode it opens in for the caller; a caller system (scope disclosure:read) reads the ones it requested',
    tags: DISCLOSURES,
    clientScope: CLIENT_SCOPES.read,
    params: requestIdParams,
    responses: { 200: okSchema(disclosureViewSchema) },
  }),
  disclosureOpen: route(endpoints.disclosureOpen, {
    summary:
      "Open a disclosure in one call: the disclosure (as its GET answers it), the caller's user info and insurer list, and its catalogue version's summary, lists and question lists, left out for a version the caller names in known",
    tags: DISCLOSURES,
    params: requestIdParams,
    query: openQuerySchema,
    responses: { 200: okSchema(disclosureOpenSchema) },
  }),
  disclosureSave: route(endpoints.disclosureSave, {
    summary: 'Save a disclosure as a draft (partial answers allowed); without id it is created',
    tags: DISCLOSURES,
    body: disclosurePayloadSchema,
    headers: idempotentHeadersSchema,
    responses: { 200: okSchema(disclosureSavedSchema) },
  }),
  disclosureSubmit: route(endpoints.disclosureSubmit, {
    summary: 'Submit a complete disclosure for validation; without id it is created',
    tags: DISCLOSURES,
    body: disclosurePayloadSchema,
    headers: idempotentHeadersSchema,
    responses: { 200: okSchema(disclosureSavedSchema) },
  }),
  disclosureExport: route(endpoints.disclosureExport, {
    summary:
      "A complete disclosure as an xlsx spreadsheet (base64) in the caller's language; a caller system (scope disclosure:read) exports the ones it requested",
    tags: DISCLOSURES,
    clientScope: CLIENT_SCOPES.read,
    body: disclosurePayloadSchema,
    responses: { 200: okSchema(disclosureExportSchema) },
  }),
  catalogueUpdatePreview: route(endpoints.catalogueUpdatePreview, {
    summary:
      'What updating a draft to the current catalogue version would change (conditions, questions, answers kept, decisions before and after); nothing is stored',
    tags: DISCLOSURES,
    params: idParams,
    responses: { 200: okSchema(catalogueUpdateSummarySchema) },
  }),
  catalogueUpdate: route(endpoints.catalogueUpdate, {
    summary:
      'Update a draft (status 1, 2 or 5) to the current catalogue version: the one way a disclosure changes version; recorded in the audit trail',
    tags: DISCLOSURES,
    params: idParams,
    body: catalogueUpdateBodySchema,
    headers: idempotentHeadersSchema,
    responses: { 200: okSchema(catalogueUpdatedSchema) },
  }),
  disclosureValidate: route(endpoints.disclosureValidate, {
    summary: 'An underwriter validates a submitted disclosure',
    tags: DISCLOSURES,
    params: idParams,
    body: emptyBody,
    headers: idempotentHeadersSchema,
    responses: { 200: okSchema(disclosureReviewedSchema) },
  }),
  disclosureReject: route(endpoints.disclosureReject, {
    summary:
      'An underwriter returns a submitted disclosure for correction, with an optional reason',
    tags: DISCLOSURES,
    params: idParams,
    body: rejectBodySchema.nullish(),
    headers: idempotentHeadersSchema,
    responses: { 200: okSchema(disclosureReviewedSchema) },
  }),
  worklist: route(endpoints.worklist, {
    summary:
      "The worklist: the caller's insurers' disclosures, filtered and sorted, one page at a time (keyset cursor)",
    tags: WORKBENCH,
    query: worklistQuerySchema,
    responses: { 200: okSchema(worklistPageSchema) },
  }),
  worklistCounts: route(endpoints.worklistCounts, {
    summary: 'How many disclosures the worklist filters find, per status and per view',
    tags: WORKBENCH,
    query: worklistCountsQuerySchema,
    responses: { 200: okSchema(worklistCountsSchema) },
  }),
  worklistExport: route(endpoints.worklistExport, {
    summary: "The filtered worklist as an xlsx workbook (base64) in the caller's language",
    tags: WORKBENCH,
    query: worklistExportQuerySchema,
    responses: { 200: okSchema(worklistExportSchema) },
  }),
  reviewClaim: route(endpoints.reviewClaim, {
    summary:
      'An underwriter claims a submitted disclosure for review (409 naming the holder when another holds it)',
    tags: WORKBENCH,
    params: idParams,
    body: emptyBody,
    responses: { 200: okSchema(claimAnswerSchema) },
  }),
  reviewRelease: route(endpoints.reviewRelease, {
    summary: 'The holder releases their review claim',
    tags: WORKBENCH,
    params: idParams,
    responses: { 200: okSchema(claimAnswerSchema) },
  }),
  disclosureOverride: route(endpoints.disclosureOverride, {
    summary:
      "The reviewer holding the claim overrides (or, with decision null, restores) the engine's decision of one condition for one benefit",
    tags: WORKBENCH,
    params: idParams,
    body: overrideBodySchema,
    headers: idempotentHeadersSchema,
    responses: { 200: okSchema(overridesAnswerSchema) },
  }),
  disclosureOverrides: route(endpoints.disclosureOverrides, {
    summary:
      "A disclosure's current overrides beside the engine's decisions; a caller system (scope disclosure:read) reads those of the ones it requested",
    tags: WORKBENCH,
    clientScope: CLIENT_SCOPES.read,
    params: idParams,
    responses: { 200: okSchema(overridesAnswerSchema) },
  }),
  disclosureRevisions: route(endpoints.disclosureRevisions, {
    summary:
      "A disclosure's kept revisions (one per save, submit and catalogue update), oldest first",
    tags: WORKBENCH,
    params: idParams,
    responses: { 200: okSchema(z.array(revisionSummarySchema)) },
  }),
  disclosureCompare: route(endpoints.disclosureCompare, {
    summary: "What changed between two revisions of a disclosure, in the caller's language",
    tags: WORKBENCH,
    params: idParams,
    query: compareQuerySchema,
    responses: { 200: okSchema(revisionCompareSchema) },
  }),
  disclosureAudit: route(endpoints.disclosureAudit, {
    summary: "A disclosure's audit trail, oldest first",
    tags: DISCLOSURES,
    params: idParams,
    responses: { 200: okSchema(z.array(auditEntrySchema)) },
  }),
  disclosureFhir: route(endpoints.disclosureFhir, {
    summary:
      "A disclosure as an HL7 FHIR R4 QuestionnaireResponse to its catalogue version's Questionnaire (not an envelope; design §13 describes the mapping); a caller system (scope disclosure:read) reads the ones it requested",
    tags: DISCLOSURES,
    clientScope: CLIENT_SCOPES.read,
    params: idParams,
    produces: FHIR_JSON,
  }),

  trackEvent: route(endpoints.trackEvent, {
    summary: 'Record a tracking event of the web app',
    tags: ANALYTICS,
    body: trackingEventSchema,
    responses: { 200: okSchema(recordedSchema) },
  }),
  logSearch: route(endpoints.logSearch, {
    summary:
      'Record a condition search: 1 chosen from the list, 2 custom condition added, 3 no match',
    tags: ANALYTICS,
    body: searchEventSchema,
    responses: { 200: okSchema(recordedSchema) },
  }),
  conclusion: route(endpoints.conclusion, {
    summary: 'Record the conclusion the interviewer reached',
    tags: ANALYTICS,
    body: conclusionSchema,
    responses: { 200: okSchema(recordedSchema) },
  }),
  requestAnalytics: route(endpoints.requestAnalytics, {
    summary: 'A disclosure request and the tracking events recorded for it',
    tags: ANALYTICS,
    params: requestIdParams,
    responses: { 200: okSchema(requestAnalyticsSchema) },
  }),

  accountRequest: route(endpoints.accountRequest, {
    summary: 'Ask for access: recorded for the administrators of the insurer named',
    tags: ACCOUNT_REQUESTS,
    public: true,
    body: accountRequestSchema,
    responses: { 201: createdSchema(z.object({ id: z.string() })) },
  }),
  accountRequests: route(endpoints.accountRequests, {
    summary:
      "Requests for access naming the administrator's insurers (and those naming no administrator's insurer), newest first",
    tags: ADMINISTRATION,
    query: accountRequestListQuerySchema,
    responses: { 200: okSchema(adminAccountRequestPageSchema) },
  }),
  accountRequestApprove: route(endpoints.accountRequestApprove, {
    summary: 'Approve a request for access: creates the user as edited by the administrator',
    tags: ADMINISTRATION,
    params: accountRequestParamsSchema,
    body: approveAccountRequestSchema,
    responses: { 200: okSchema(approvedAccountRequestSchema) },
  }),
  accountRequestDecline: route(endpoints.accountRequestDecline, {
    summary: 'Decline a request for access with a reason',
    tags: ADMINISTRATION,
    params: accountRequestParamsSchema,
    body: declineAccountRequestSchema,
    responses: { 200: okSchema(adminAccountRequestSchema) },
  }),
  adminUsers: route(endpoints.adminUsers, {
    summary: 'People sharing an insurer with the administrator, searched and filtered',
    tags: ADMINISTRATION,
    query: userListQuerySchema,
    responses: { 200: okSchema(userPageSchema) },
  }),
  adminUserCreate: route(endpoints.adminUserCreate, {
    summary:
      'Create a user of the embedded sign-in (first password answered once) or pre-register one of the external provider',
    tags: ADMINISTRATION,
    body: createUserSchema,
    responses: { 201: createdSchema(createdUserSchema) },
  }),
  adminUserUpdate: route(endpoints.adminUserUpdate, {
    summary:
      "Change a person's name, email, role, insurers or activation (409 when changed meanwhile)",
    tags: ADMINISTRATION,
    params: subjectParamsSchema,
    body: updateUserSchema,
    responses: { 200: okSchema(adminUserSchema) },
  }),
  adminInsurers: route(endpoints.adminInsurers, {
    summary: "The administrator's insurers, channels and products in the active catalogue",
    tags: ADMINISTRATION,
    responses: { 200: okSchema(adminInsurersSchema) },
  }),
  adminInsurerCreate: route(endpoints.adminInsurerCreate, {
    summary: 'Add an insurer: a new catalogue version with it, activated',
    tags: ADMINISTRATION,
    body: saveInsurerSchema,
    responses: { 201: createdSchema(savedInsurerSchema) },
  }),
  adminInsurerUpdate: route(endpoints.adminInsurerUpdate, {
    summary: 'Change an insurer, its channels or products: a new catalogue version, activated',
    tags: ADMINISTRATION,
    params: insurerParamsSchema,
    body: saveInsurerSchema,
    responses: { 200: okSchema(savedInsurerSchema) },
  }),
  adminAudit: route(endpoints.adminAudit, {
    summary: "The administration trail of the caller's insurers, newest first",
    tags: ADMINISTRATION,
    query: adminAuditQuerySchema,
    responses: { 200: okSchema(adminAuditPageSchema) },
  }),
  adminWebhooks: route(endpoints.adminWebhooks, {
    summary: "The webhook endpoints of the administrator's insurers, oldest first",
    tags: WEBHOOKS,
    responses: { 200: okSchema(webhookEndpointListSchema) },
  }),
  adminWebhookCreate: route(endpoints.adminWebhookCreate, {
    summary: 'Register a webhook endpoint for an insurer: its signing secret is answered this once',
    tags: WEBHOOKS,
    body: createWebhookSchema,
    responses: { 201: createdSchema(webhookSecretAnswerSchema) },
  }),
  adminWebhookUpdate: route(endpoints.adminWebhookUpdate, {
    summary: "Change a webhook endpoint's URL, events or description, or disable or enable it",
    tags: WEBHOOKS,
    params: webhookParamsSchema,
    body: updateWebhookSchema,
    responses: { 200: okSchema(webhookEndpointSchema) },
  }),
  adminWebhookDelete: route(endpoints.adminWebhookDelete, {
    summary: 'Delete a webhook endpoint with its delivery log',
    tags: WEBHOOKS,
    params: webhookParamsSchema,
    responses: { 200: okSchema(z.null()) },
  }),
  adminWebhookRotate: route(endpoints.adminWebhookRotate, {
    summary:
      'Rotate the signing secret: the new one is answered this once; the old one also signs for a day',
    tags: WEBHOOKS,
    params: webhookParamsSchema,
    body: emptyBody,
    responses: { 200: okSchema(webhookSecretAnswerSchema) },
  }),
  adminWebhookDeliveries: route(endpoints.adminWebhookDeliveries, {
    summary: "A page of an endpoint's delivery log, newest first, with each attempt",
    tags: WEBHOOKS,
    params: webhookParamsSchema,
    query: webhookDeliveryQuerySchema,
    responses: { 200: okSchema(webhookDeliveryPageSchema) },
  }),
  adminWebhookResend: route(endpoints.adminWebhookResend, {
    summary:
      'Send a delivered or dead delivery again, with the same webhook-id (409 while it is pending)',
    tags: WEBHOOKS,
    params: webhookDeliveryParamsSchema,
    body: emptyBody,
    responses: { 200: okSchema(webhookDeliverySchema) },
  }),
  dashboard: route(endpoints.dashboard, {
    summary: "The operations dashboard of the caller's insurers",
    tags: ['dashboard'],
    query: dashboardQuerySchema,
    responses: { 200: okSchema(dashboardSchema) },
  }),
});

export type ApiRoutes = typeof apiRoutes;
export type ApiRouteName = keyof ApiRoutes;

type SuccessSchema<R extends ApiRoute> = R['responses'] extends { 200: infer S }
  ? S
  : R['responses'] extends { 201: infer S }
    ? S
    : never;

/** The `body` a route's success envelope carries. */
export type ApiResponse<R extends ApiRoute> =
  z.output<SuccessSchema<R>> extends { body: infer B } ? B : unknown;
/** What a caller sends as a route's body. */
export type ApiBody<R extends ApiRoute> = R['body'] extends z.ZodType ? z.input<R['body']> : never;
/** What a caller sends as a route's query. */
export type ApiQuery<R extends ApiRoute> = R['query'] extends z.ZodType
  ? z.input<R['query']>
  : never;
