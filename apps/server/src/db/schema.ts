import type { ColumnType, Generated } from 'kysely';
import type {
  CatalogVersionsTable,
  QuestionnaireInstancesTable,
} from '../catalog/catalog-tables.ts';

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
  questionnaire_instances: QuestionnaireInstancesTable;
  disclosures: DisclosuresTable;
  disclosure_audit: DisclosureAuditTable;
  idempotency_keys: IdempotencyKeysTable;
  analytics_events: AnalyticsEventsTable;
  search_events: SearchEventsTable;
  conclusions: ConclusionsTable;
  account_requests: AccountRequestsTable;
}

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

interface SchemaMigrationsTable {
  name: string;
  applied_at: CreatedAt;
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
}
