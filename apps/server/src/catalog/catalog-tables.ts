import type { Catalog } from '@vmer/domain';
import type { ColumnType, Generated } from 'kysely';

/** One immutable catalogue version (migrations/0100_catalog.sql). */
export interface CatalogVersionsTable {
  version: number;
  content_hash: string;
  author: string;
  notes: Generated<string>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  /** The source files by path. */
  sources: ColumnType<Record<string, string>, string, never>;
  compiled: ColumnType<Catalog, string, never>;
  active: Generated<boolean>;
  activated_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** A disease list answered by POST /api/disease/list, kept for GET /api/disease/list/{id}. */
export interface QuestionnaireInstancesTable {
  id: string;
  subject: string;
  insurer_code: string;
  channel: string;
  product_code: string;
  catalog_version: number;
  request: ColumnType<Record<string, unknown>, string, never>;
  disease_list: ColumnType<unknown[], string, never>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Moment = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Text = ColumnType<string | null, string | null | undefined, string | null>;

/** A catalogue draft of the studio (migrations/0600_catalogue_studio.sql). */
export interface CatalogDraftsTable {
  id: Generated<string>;
  based_on: number;
  files: ColumnType<Record<string, string>, string, string>;
  revision: Generated<number>;
  status: ColumnType<
    'draft' | 'submitted' | 'approved' | 'released' | 'retired',
    'draft' | undefined,
    'draft' | 'submitted' | 'approved' | 'released' | 'retired'
  >;
  author_subject: string;
  author_name: string;
  editors: string[];
  notes: Generated<string>;
  submission_note: Text;
  submitted_by_subject: Text;
  submitted_by_name: Text;
  submitted_at: Moment;
  return_note: Text;
  approver_subject: Text;
  approver_name: Text;
  approved_at: Moment;
  activate_at: Moment;
  version: ColumnType<number | null, number | null | undefined, number | null>;
  release_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_by: string;
}

/** An edit of a draft refused as stale, kept to be recovered (K-06). */
export interface CatalogDraftConflictsTable {
  id: Generated<string>;
  draft_id: string;
  revision: number;
  files: ColumnType<Record<string, string | null>, string, never>;
  saved_by_subject: string;
  saved_by_name: string;
  saved_at: CreatedAt;
}

/** A request to activate a version, approved by another administrator (K-11). */
export interface CatalogReleasesTable {
  id: Generated<string>;
  version: number;
  kind: 'draft' | 'rollback';
  draft_id: string | null;
  status: 'requested' | 'scheduled' | 'activated' | 'cancelled';
  note: Generated<string>;
  requested_by_subject: string;
  requested_by_name: string;
  requested_at: CreatedAt;
  approver_subject: Text;
  approver_name: Text;
  approved_at: Moment;
  activate_at: Moment;
  activated_at: Moment;
  cancelled_by_name: Text;
  cancelled_at: Moment;
}
