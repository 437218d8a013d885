import type { Kysely, Transaction } from 'kysely';
import type { Announcements } from '../db/announcements.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { catalogRepository, type VersionRow } from './catalog-repository.ts';
import { buildCatalogView, type CatalogView } from './catalog-view.ts';
import {
  checkSourceTexts,
  type CheckedSources,
  type LocatedProblem,
  type SourceTexts,
} from '@vmer/domain/catalog/source-texts';
import { contentHash, readSourceDir, SHIPPED_CATALOG_DIR } from './source-files.ts';

/** A version as the admin endpoints and the CLI show it. */
export interface VersionSummary {
  version: string;
  contentHash: string;
  author: string;
  notes: string;
  createdAt: string;
  active: boolean;
  activatedAt: string | null;
  approver: string | null;
  impairments: number;
}

export type ImportResult =
  | { ok: true; created: boolean; version: VersionSummary }
  | { ok: false; problems: LocatedProblem[] };

export interface ImportOptions {
  author: string;
  notes?: string | undefined;
  activate?: boolean | undefined;
  /**
   * The version the change was made on: when another is active by the time the import holds
   * the catalogue's lock, nothing is written and the import answers 409.
   */
  madeOn?: number | undefined;
  /** Runs in the import's transaction, after the version is stored (and activated). */
  alsoInTransaction?: ((trx: Transaction<Database>, version: number) => Promise<void>) | undefined;
}

/**
 * How long a server trusts its idea of which version is active before asking the database
 * again. Only a safety net: activation on this server is seen at once, and on another replica
 * as soon as it hears the activation announced (and after its announcements connection came
 * back, when it may have missed one).
 */
const ACTIVE_TTL_MS = 60_000;
/** Compiled versions kept in memory; versions are immutable, so an entry never goes stale. */
const CACHED_VERSIONS = 8;

function summary(row: VersionRow): VersionSummary {
  return {
    version: String(row.version),
    contentHash: row.content_hash,
    author: row.author,
    notes: row.notes,
    createdAt: new Date(row.created_at).toISOString(),
    active: row.active,
    activatedAt: row.activated_at ? new Date(row.activated_at).toISOString() : null,
    approver: row.approver,
    impairments: Number(row.impairments),
  };
}

/** A version number from text ("3"); undefined for anything else. */
function parseVersion(text: string): number | undefined {
  return /^[1-9]\d{0,8}$/.test(text) ? Number(text) : undefined;
}

// Checking the shipped catalogue is the same work for every server (and test app) of this
// process: done once.
let shipped: Promise<{ texts: SourceTexts; check: CheckedSources }> | undefined;
function shippedCatalog(dir: string): Promise<{ texts: SourceTexts; check: CheckedSources }> {
  if (dir !== SHIPPED_CATALOG_DIR) {
    return readSourceDir(dir).then((texts) => ({ texts, check: checkSourceTexts(texts) }));
  }
  shipped ??= readSourceDir(dir).then((texts) => ({ texts, check: checkSourceTexts(texts) }));
  return shipped;
}

/**
 * The catalogue: immutable versions in the database, the active one compiled and indexed in
 * memory so questionnaire calls do no heavy work. Activating a version announces it, in the
 * activating transaction, to the other servers on the database, which then forget which
 * version they thought active (requirements N-08).
 */
export function catalogService(db: Kysely<Database>, announcements: Announcements) {
  const repository = catalogRepository(db);
  const views = new Map<number, Promise<CatalogView | undefined>>();
  let active: { version: number | undefined; at: number } | undefined;
  /**
   * Counts the times the active version was forgotten: an answer the database gave to a
   * question asked before the last of them may predate the change, and is not kept.
   */
  let forgotten = 0;
  const forget = () => {
    active = undefined;
    forgotten += 1;
  };
  announcements.subscribe('catalogue', forget);

  function load(version: number): Promise<CatalogView | undefined> {
    let view = views.get(version);
    if (!view) {
      view = repository
        .compiled(version)
        .then((catalog) => catalog && buildCatalogView(String(version), catalog));
      view.catch(() => views.delete(version));
      views.set(version, view);
      if (views.size > CACHED_VERSIONS) {
        const oldest = views.keys().next().value;
        if (oldest !== undefined) views.delete(oldest);
      }
    }
    return view;
  }

  async function activeVersion(): Promise<number | undefined> {
    if (active && Date.now() - active.at <= ACTIVE_TTL_MS) return active.version;
    const asked = forgotten;
    const version = await repository.activeVersion();
    if (asked === forgotten) active = { version, at: Date.now() };
    return version;
  }

  async function doImport(
    texts: SourceTexts,
    options: ImportOptions,
    checked?: CheckedSources,
  ): Promise<ImportResult> {
    const check = checked ?? checkSourceTexts(texts);
    if (!check.catalog) return { ok: false, problems: check.problems };
    const compiled = check.catalog;
    const hash = contentHash(texts);
    const { version, created } = await db.transaction().execute(async (trx) => {
      await repository.lock(trx);
      if (
        options.madeOn !== undefined &&
        (await repository.activeVersion(trx)) !== options.madeOn
      ) {
        throw new HttpError(409, 'catalog_version_stale');
      }
      const existing = await repository.findByHash(hash, trx);
      const number =
        existing ??
        (await repository.insert(
          {
            contentHash: hash,
            author: options.author,
            notes: options.notes ?? '',
            sources: texts,
            compiled,
          },
          trx,
        ));
      if (options.activate) {
        await repository.activate(number, trx);
        await announcements.publish(trx, { kind: 'catalogue', version: String(number) });
      }
      await options.alsoInTransaction?.(trx, number);
      return { version: number, created: existing === undefined };
    });
    if (options.activate) forget();
    const row = await repository.summary(version);
    if (!row) throw new Error(`catalogue version ${version} vanished`);
    return { ok: true, created, version: summary(row) };
  }

  return {
    /** The active version; 503 while there is none (a database whose seeding failed). */
    async active(): Promise<CatalogView> {
      const version = await activeVersion();
      const view = version === undefined ? undefined : await load(version);
      if (!view) throw new HttpError(503, 'service_unavailable');
      return view;
    },

    /** Any version, active or not: disclosures are read against the version they were answered on. */
    async version(version: string): Promise<CatalogView | undefined> {
      const number = parseVersion(version);
      return number === undefined ? undefined : load(number);
    },

    async list(): Promise<VersionSummary[]> {
      return (await repository.list()).map(summary);
    },

    async sources(version: string): Promise<SourceTexts | undefined> {
      const number = parseVersion(version);
      return number === undefined ? undefined : repository.sources(number);
    },

    /**
     * Checks and stores a catalogue as a new version. The same files again answer the
     * version they were first stored as (created false).
     */
    import: (texts: SourceTexts, options: ImportOptions) => doImport(texts, options),

    /**
     * Makes a version the active one; undefined when there is no such version. Only a release
     * approved by a second administrator calls this (K-11, design §14); `alsoInTransaction`
     * records the release in the activating transaction.
     */
    async activate(
      version: string,
      alsoInTransaction?: (trx: Transaction<Database>) => Promise<void>,
    ): Promise<VersionSummary | undefined> {
      const number = parseVersion(version);
      if (number === undefined) return undefined;
      const done = await db.transaction().execute(async (trx) => {
        await repository.lock(trx);
        const activated = await repository.activate(number, trx);
        if (activated) {
          await announcements.publish(trx, { kind: 'catalogue', version: String(number) });
          await alsoInTransaction?.(trx);
        }
        return activated;
      });
      forget();
      const row = done ? await repository.summary(number) : undefined;
      return row && summary(row);
    },

    /**
     * On a database without any catalogue version, imports the shipped catalogue as version 1
     * and activates it.
     * @returns the shipped catalogue's problems when it is not sound; nothing is imported then.
     */
    async seed(dir: string = SHIPPED_CATALOG_DIR): Promise<LocatedProblem[]> {
      if (!(await repository.isEmpty())) return [];
      const { texts, check } = await shippedCatalog(dir);
      if (!check.catalog) return check.problems;
      // Another server may seed at the same moment: the lock and the content hash make one win.
      await doImport(
        texts,
        { author: 'system', notes: 'Shipped sample catalogue', activate: true },
        check,
      );
      return [];
    },
  };
}

export type CatalogService = ReturnType<typeof catalogService>;
