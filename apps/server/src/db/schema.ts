import type { ColumnType, Generated } from 'kysely';
import type {
  CatalogDraftConflictsTable,
  CatalogDraftsTable,
  CatalogReleasesTable,
  CatalogVersionsTable,
  QuestionnaireInstancesTable,
} from '../catalog/catalog-tables.ts';
import type {
  WebhookAttemptsTable,
  WebhookDeliveriesTable,
  WebhookEndpointsTable,
  WebhookEventsTable,
} from '../webhooks/webhook-tables.ts';

/**
 * The database as Kysely sees it. Each part adds its tables here, next to the migration
 * that creates them (apps/server/migrations, number ranges in docs and contracts).
 */
export interface Database {
  schema_migrations: SchemaMigrationsTable;
  users: UsersTable;
  oidc_payloads: OidcPayloadsTable;
  platform_secrets: PlatformSecretsTable;
  catalog_versions: CatalogVersionsTable;
  catalog_drafts: CatalogDraftsTable;
  catalog_draft_conflicts: CatalogDraftConflictsTable;
  catalog_releases: CatalogReleasesTable;
  questionnaire_instances: QuestionnaireInstancesTable;
  disclosures: DisclosuresTable;
  disclosure_audit: DisclosureAuditTable;
  disclosure_revisions: DisclosureRevisionsTable;
  disclosure_overrides: DisclosureOverridesTable;
  disclosure_conditions: DisclosureConditionsTable;
  idempotency_keys: IdempotencyKeysTable;
  analytics_events: AnalyticsEventsTable;
  search_events: SearchEventsTable;
  conclusions: ConclusionsTable;
  account_requests: AccountRequestsTable;
  admin_audit: AdminAuditTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
}

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

interface SchemaMigrationsTable {
  name: string;
  applied_at: CreatedAt;
  /** The file's SHA-256 as it was applied; null for a file applied before sums were kept. */
  checksum: string | null;
}

/** People who sign in: demo users of the embedded provider, or subjects of an external issuer. */
export interface UsersTable {
  /** The OpenID Connect subject (`sub`). */
  subject: string;
  user_name: string;
  display_name: string;
  /** One of model.ts ROLES; null for an external user not yet given a role. */
  role: string | null;
  insurers: string[];
  language: Generated<string>;
  /** scrypt hash; only for users of the embedded provider. */
  password_hash: string | null;
  /** Demo users are refused when NODE_ENV=production. */
  demo: Generated<boolean>;
  /** False: the user's tokens are refused and they cannot sign in (the row is kept). */
  active: Generated<boolean>;
  /** For an external user pre-registered by email until their first sign-in binds the subject. */
  email: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** Storage of the embedded OpenID Connect provider (sessions, grants, codes, tokens). */
interface OidcPayloadsTable {
  model: string;
  id: string;
  payload: ColumnType<Record<string, unknown>, string, string>;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: Date | null;
  consumed_at: Date | null;
}

/** Secrets generated once and kept (signing keys, cookie keys), so tokens survive a restart. */
interface PlatformSecretsTable {
  name: string;
  value: ColumnType<unknown, string, string>;
  created_at: CreatedAt;
}

/** A disclosure (migration 0200, design §4). */
export interface DisclosuresTable {
  id: string;
  request_id: string;
  insurer_code: string;
  channel: string;
  product_code: string;
  application_number: string;
  age: number | null;
  gender: string | null;
  rsm_score: string | null;
  redirection: string | null;
  status: number;
  version: Generated<number>;
  catalog_version: string | null;
  /** The server's disclosure document; null until the first save or submit. */
  document: ColumnType<unknown, string | null, string | null>;
  reject_reason: string | null;
  /** The subject of the person who last submitted it (migration 0202). */
  submitted_by: ColumnType<string | null, string | null | undefined, string | null>;
  created_by: string;
  created_at: CreatedAt;
  updated_by: string;
  updated_at: UpdatedAt;
  /** Workbench columns (migration 0300, design §10). */
  created_by_subject: ColumnType<string | null, string | null | undefined, string | null>;
  submitted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  decisions: ColumnType<Record<string, string>, string | undefined, string>;
  needs_review: ColumnType<boolean, boolean | undefined, boolean>;
  condition_uuids: ColumnType<string[], string[] | undefined, string[]>;
  condition_names: ColumnType<string[], string[] | undefined, string[]>;
  reviewed_by: ColumnType<string | null, string | null | undefined, string | null>;
  claimed_by: ColumnType<string | null, string | null | undefined, string | null>;
  claimed_by_name: ColumnType<string | null, string | null | undefined, string | null>;
  claimed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Decision categories for the dashboard (migration 0410), JSON as the row summary writes them. */
  decision_categories: ColumnType<Record<string, string>, string | undefined, string>;
  condition_categories: ColumnType<Record<string, number[]>, string | undefined, string>;
}

/** The append-only audit trail of disclosures (migration 0200). */
export interface DisclosureAuditTable {
  id: Generated<number>;
  disclosure_id: string;
  insurer_code: string;
  actor: string;
  operation: string;
  from_status: number | null;
  to_status: number;
  catalog_version: string | null;
  payload_sha256: string | null;
  reason: string | null;
  at: CreatedAt;
  /** The revision a save, submit or catalogue update kept (migration 0300). */
  revision: ColumnType<number | null, number | null | undefined, never>;
}

/** Every stored document of a disclosure, append-only (migration 0300). */
export interface DisclosureRevisionsTable {
  disclosure_id: string;
  revision: number;
  insurer_code: string;
  operation: string;
  status: number;
  catalog_version: string | null;
  document: ColumnType<unknown, string, never>;
  actor: string;
  at: CreatedAt;
}

/** A reviewer's override of the engine's decision (migration 0300). */
export interface DisclosureOverridesTable {
  disclosure_id: string;
  impairment_uuid: string;
  indicator: string;
  insurer_code: string;
  catalog_version: string | null;
  engine_decision: string;
  decision: string;
  reason: string;
  note: string | null;
  by_subject: string;
  by_name: string;
  at: UpdatedAt;
}

/**
 * One disclosed condition of a disclosure with the worklist's filter and sort columns, kept by
 * a trigger on disclosures (migration 0310, design §10); read only.
 */
interface DisclosureConditionsTable {
  disclosure_id: string;
  condition_uuid: string;
  insurer_code: string;
  status: number;
  needs_review: boolean;
  created_at: Date;
  updated_at: Date;
  submitted_at: Date | null;
  /** The condition's decisions by category (migration 0410); null for rows saved before. */
  categories: number[] | null;
}

/** First answers of requests sent with an Idempotency-Key (migration 0200). */
export interface IdempotencyKeysTable {
  subject: string;
  key: string;
  operation: string;
  request_sha256: string;
  response: ColumnType<unknown, string | null, string>;
  created_at: CreatedAt;
}

/** Tracking events of POST /api/analytics/web/create (migration 0201). */
export interface AnalyticsEventsTable {
  id: Generated<number>;
  insurer_code: string;
  request_id: string | null;
  subject: string;
  activity: string;
  from_page: string;
  details: string | null;
  question_list: ColumnType<string[], string, string>;
  created_at: CreatedAt;
}

/** Condition searches of POST /api/search/disease/create (migration 0201). */
interface SearchEventsTable {
  id: Generated<number>;
  insurer_code: string;
  subject: string;
  keyword: string;
  disease: string | null;
  type: number;
  created_at: CreatedAt;
}

/** Conclusions of POST /api/conclusion/create (migration 0201). */
interface ConclusionsTable {
  id: Generated<number>;
  insurer_code: string;
  request_id: string | null;
  subject: string;
  conclusion: ColumnType<unknown, string, string>;
  created_at: CreatedAt;
}

/** Requests for access from the public Create An Account page (migration 0203). */
export interface AccountRequestsTable {
  id: string;
  name: string;
  email: string;
  insurer_code: string;
  role: string;
  message: string | null;
  created_at: CreatedAt;
  state: Generated<'pending' | 'approved' | 'declined'>;
  decided_by: string | null;
  decided_at: Date | null;
  decline_reason: string | null;
  /** The user an approval created. */
  user_subject: string | null;
}

/** The administration audit trail (design §11): appended, never changed. */
export interface AdminAuditTable {
  id: Generated<string>;
  at: CreatedAt;
  actor_subject: string;
  actor_name: string;
  subject_type:
    'user' | 'accountRequest' | 'insurer' | 'webhook' | 'catalogueDraft' | 'catalogueRelease';
  subject_id: string;
  action: string;
  /** The insurers the change concerns: the administrators who read it. */
  insurers: string[];
  changes: ColumnType<
    { field: string; before: unknown; after: unknown }[],
    string | undefined,
    never
  >;
}
