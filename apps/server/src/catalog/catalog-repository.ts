import type { Catalog } from '@vmer/domain';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { CatalogVersionsTable } from './catalog-tables.ts';

export type Executor = Kysely<Database> | Transaction<Database>;

/** A version's row without its (large) sources and compiled catalogue. */
export type VersionRow = Omit<Selectable<CatalogVersionsTable>, 'sources' | 'compiled'> & {
  impairments: number;
  approver: string | null;
};

export interface NewVersion {
  contentHash: string;
  author: string;
  notes: string;
  sources: Record<string, string>;
  compiled: Catalog;
}

/** The insurers a caller may work for; questionnaire instances are read within them only. */
export interface InsurerScope {
  readonly insurers: readonly string[];
}

export interface InstanceRow {
  id: string;
  catalogVersion: number;
  diseaseList: unknown[];
}

const SUMMARY = [
  'version',
  'content_hash',
  'author',
  'notes',
  'created_at',
  'active',
  'activated_at',
] as const;

/** Queries of catalogue versions and questionnaire instances. Each takes an optional transaction. */
export function catalogRepository(db: Kysely<Database>) {
  const impairmentCount = sql<number>`jsonb_array_length(compiled -> 'impairments')`.as(
    'impairments',
  );
  // Who approved the version's last release (K-01).
  const approver = sql<string | null>`(select r.approver_name from catalog_releases r
    where r.version = catalog_versions.version and r.status in ('scheduled', 'activated')
    order by r.id desc limit 1)`.as('approver');
  return {
    /** Every version, newest first. */
    async list(trx: Executor = db): Promise<VersionRow[]> {
      return trx
        .selectFrom('catalog_versions')
        .select([...SUMMARY, impairmentCount, approver])
        .orderBy('version', 'desc')
        .execute();
    },

    async summary(version: number, trx: Executor = db): Promise<VersionRow | undefined> {
      return trx
        .selectFrom('catalog_versions')
        .select([...SUMMARY, impairmentCount, approver])
        .where('version', '=', version)
        .executeTakeFirst();
    },

    async isEmpty(trx: Executor = db): Promise<boolean> {
      const row = await trx
        .selectFrom('catalog_versions')
        .select('version')
        .limit(1)
        .executeTakeFirst();
      return row === undefined;
    },

    async activeVersion(trx: Executor = db): Promise<number | undefined> {
      const row = await trx
        .selectFrom('catalog_versions')
        .select('version')
        .where('active', '=', true)
        .executeTakeFirst();
      return row?.version;
    },

    async compiled(version: number, trx: Executor = db): Promise<Catalog | undefined> {
      const row = await trx
        .selectFrom('catalog_versions')
        .select('compiled')
        .where('version', '=', version)
        .executeTakeFirst();
      return row?.compiled;
    },

    async sources(
      version: number,
      trx: Executor = db,
    ): Promise<Record<string, string> | undefined> {
      const row = await trx
        .selectFrom('catalog_versions')
        .select('sources')
        .where('version', '=', version)
        .executeTakeFirst();
      return row?.sources;
    },

    /**
     * Serialises imports and activations across every server sharing the database, so version
     * numbers come out gapless and at most one version is active. Call inside a transaction.
     */
    async lock(trx: Transaction<Database>): Promise<void> {
      await sql`lock table catalog_versions in share row exclusive mode`.execute(trx);
    },

    async findByHash(contentHash: string, trx: Executor = db): Promise<number | undefined> {
      const row = await trx
        .selectFrom('catalog_versions')
        .select('version')
        .where('content_hash', '=', contentHash)
        .executeTakeFirst();
      return row?.version;
    },

    /** Adds a version numbered one past the highest; call under `lock`. */
    async insert(values: NewVersion, trx: Executor = db): Promise<number> {
      const { max } = await trx
        .selectFrom('catalog_versions')
        .select(sql<number>`coalesce(max(version), 0)`.as('max'))
        .executeTakeFirstOrThrow();
      const version = Number(max) + 1;
      await trx
        .insertInto('catalog_versions')
        .values({
          version,
          content_hash: values.contentHash,
          author: values.author,
          notes: values.notes,
          sources: JSON.stringify(values.sources),
          compiled: JSON.stringify(values.compiled),
        })
        .execute();
      return version;
    },

    /** Makes `version` the only active one; false when there is no such version. Call under `lock`. */
    async activate(version: number, trx: Executor = db): Promise<boolean> {
      const exists = await trx
        .selectFrom('catalog_versions')
        .select('active')
        .where('version', '=', version)
        .executeTakeFirst();
      if (!exists) return false;
      if (exists.active) return true;
      await trx
        .updateTable('catalog_versions')
        .set({ active: false })
        .where('active', '=', true)
        .execute();
      await trx
        .updateTable('catalog_versions')
        .set({ active: true, activated_at: new Date() })
        .where('version', '=', version)
        .execute();
      return true;
    },

    async insertInstance(
      values: {
        id: string;
        subject: string;
        insurerCode: string;
        channel: string;
        productCode: string;
        catalogVersion: number;
        request: Record<string, unknown>;
        diseaseList: unknown[];
      },
      trx: Executor = db,
    ): Promise<void> {
      await trx
        .insertInto('questionnaire_instances')
        .values({
          id: values.id,
          subject: values.subject,
          insurer_code: values.insurerCode,
          channel: values.channel,
          product_code: values.productCode,
          catalog_version: values.catalogVersion,
          request: JSON.stringify(values.request),
          disease_list: JSON.stringify(values.diseaseList),
        })
        .execute();
    },

    /** A questionnaire instance, if it belongs to one of the caller's insurers. */
    async findInstance(
      scope: InsurerScope,
      id: string,
      trx: Executor = db,
    ): Promise<InstanceRow | undefined> {
      if (scope.insurers.length === 0) return undefined;
      const row = await trx
        .selectFrom('questionnaire_instances')
        .select(['id', 'catalog_version', 'disease_list'])
        .where('id', '=', id)
        .where('insurer_code', 'in', [...scope.insurers])
        .executeTakeFirst();
      return (
        row && { id: row.id, catalogVersion: row.catalog_version, diseaseList: row.disease_list }
      );
    },
  };
}
