import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountRequestRoutes } from '../accounts/account-request-routes.ts';
import { adminInsurersRoutes } from '../admin/insurers-routes.ts';
import { adminUserRoutes } from '../admin/users-routes.ts';
import { analyticsRoutes } from '../analytics/analytics-routes.ts';
import { catalogRoutes } from '../catalog/catalog-plugin.ts';
import { dashboardRoutes } from '../dashboard/dashboard-routes.ts';
import { disclosureRoutes } from '../disclosures/disclosure-routes.ts';
import { disclosureFhirRoutes } from '../disclosures/fhir-routes.ts';
import { reviewRoutes } from '../disclosures/review-routes.ts';
import { worklistRoutes } from '../disclosures/worklist-routes.ts';
import { authConfigRoutes } from './platform/auth-config.ts';
import { healthRoutes } from './platform/health.ts';
import { userLanguageRoutes } from './user/language.ts';
import { webhookRoutes } from '../webhooks/webhook-routes.ts';

/**
 * Every /api route plugin, in one list (design §9.5). Each registers its routes from the
 * HTTP contract (`@vmer/domain/api`), which holds their paths and zod schemas for params,
 * query, body and responses; all need a bearer token unless the contract marks a route public.
 */
const routePlugins: FastifyPluginAsyncZod[] = [
  healthRoutes,
  authConfigRoutes,
  userLanguageRoutes,
  catalogRoutes,
  // After the catalogue: disclosures read app.catalog.
  disclosureRoutes,
  disclosureFhirRoutes,
  reviewRoutes,
  worklistRoutes,
  dashboardRoutes,
  analyticsRoutes,
  accountRequestRoutes,
  adminInsurersRoutes,
  adminUserRoutes,
  webhookRoutes,
];

export const apiRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const plugin of routePlugins) await app.register(plugin);
};
