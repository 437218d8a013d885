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
