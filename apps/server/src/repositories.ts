import type { Kysely } from 'kysely';
import { accountRequestRepository } from './accounts/account-request-repository.ts';
import { adminAuditRepository } from './admin/admin-audit-repository.ts';
import { analyticsRepository } from './analytics/analytics-repository.ts';
import { catalogRepository } from './catalog/catalog-repository.ts';
import { dashboardRepository } from './dashboard/dashboard-repository.ts';
import type { Database } from './db/schema.ts';
import { disclosureRepository } from './disclosures/disclosure-repository.ts';
import { idempotencyRepository } from './disclosures/idempotency-repository.ts';
import { reviewRepository } from './disclosures/review-repository.ts';
import { revisionRepository } from './disclosures/revision-repository.ts';
import { worklistRepository } from './disclosures/worklist-repository.ts';

/** Every repository over the app's database, made once when the app is built. */
export function repositories(db: Kysely<Database>) {
  return {
    accountRequests: accountRequestRepository(db),
    adminAudit: adminAuditRepository(db),
    analytics: analyticsRepository(db),
    catalog: catalogRepository(db),
    dashboard: dashboardRepository(db),
    disclosures: disclosureRepository(db),
    idempotency: idempotencyRepository(db),
    reviews: reviewRepository(db),
    revisions: revisionRepository(db),
    worklist: worklistRepository(db),
  };
}

export type Repositories = ReturnType<typeof repositories>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The repositories over `db`, decorated once in app.ts; route plugins and jobs take them from here. */
    repositories: Repositories;
  }
}
