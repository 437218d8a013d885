import {
  CompiledQuery,
  type Insertable,
  type Kysely,
  type Selectable,
  type Transaction,
  type Updateable,
} from 'kysely';
import { cached, PREPARED } from '../db/database.ts';
import type { Database, DisclosureAuditTable, DisclosuresTable } from '../db/schema.ts';

/**
 * The insurers a caller may work for. Every query of disclosure data takes one, so a query
 * that forgets the caller's scope does not type-check (design §9.6).
 */
export interface InsurerScope {
  readonly insurers: readonly string[];
  /**
   * A caller system reading (requirements N-01) finds only the disclosures it requested: their
   * `created_by_subject` is this.
   */
  readonly requestedBy?: string;
}

export type Executor = Kysely<Database> | Transaction<Database>;
export type DisclosureRow = Selectable<DisclosuresTable>;
/** A disclosure without its document: what a write needs to know of the row it replaces. */
export type DisclosureHead = Omit<DisclosureRow, 'document'>;

/**
 * Every column but the document, which a write replaces without reading (design §7). A column
 * added to the table and not here fails to compile: findHead's answer would lack it.
 */
const HEAD_COLUMNS = [
  'id',
  'request_id',
  'insurer_code',
  'channel',
  'product_code',
  'application_number',
  'age',
  'gender',
  'rsm_score',
  'redirection',
  'status',
  'version',
  'catalog_version',
  'reject_reason',
  'submitted_by',
  'created_by',
  'created_at',
  'updated_by',
  'updated_at',
  'created_by_subject',
  'submitted_at',
  'decisions',
  'needs_review',
  'condition_uuids',
  'condition_names',
  'reviewed_by',
  'claimed_by',
  'claimed_by_name',
  'claimed_at',
  'decision_categories',
  'condition_categories',
] as const satisfies readonly (keyof DisclosureHead)[];
export type NewDisclosure = Insertable<DisclosuresTable>;
export type AuditRow = Selectable<DisclosureAuditTable>;
/** What a write answers about the row it wrote: never the document, which the caller has. */
export type WrittenRow = Pick<DisclosureRow, 'id' | 'request_id' | 'status' | 'version'>;
type NewAuditEntry = Omit<Insertable<DisclosureAuditTable>, 'id' | 'at'>;

/** What an audit entry says beyond the disclosure it belongs to (taken from the written row). */
export type AuditOf = Pick<
  NewAuditEntry,
  'actor' | 'operation' | 'from_status' | 'catalog_version' | 'payload_sha256' | 'reason'
> & {
  /**
   * The write stores a document (save, submit, catalogue update): the same statement keeps it
   * as the disclosure's next revision and the audit entry names that revision (design §10).
   */
  keepsRevision?: boolean;
};

/**
 * A write that only passes while nobody but `subject` holds a live review claim on the row
 * (design §10: a claim lapses `minutes` after it was taken).
 */
export interface ClaimGuard {
  subject: string;
  minutes: number;
}

/** The columns given a value (an undefined one is left out, as the query builder does). */
const defined = (values: object): [string, unknown][] =>
  Object.entries(values).filter(([, value]) => value !== undefined);

const quote = (column: string) => `"${column.replace(/"/g, '""')}"`;

/** The audit entry's values, after the write's own parameters. */
const auditValues = (audit: AuditOf): unknown[] => [
  audit.actor,
  audit.operation,
  audit.from_status ?? null,
  audit.catalog_version ?? null,
  audit.payload_sha256 ?? null,
  audit.reason ?? null,
];

/**
 * The statement's part that writes the webhook outbox (design §13, requirements N-02): a
 * submit, validate or reject of a disclosure whose insurer has an endpoint for the event
 * writes the event and one delivery per such endpoint, in the statement of the change and so
 * in its transaction. `operation` is the parameter holding the audit entry's operation.
 */
const outboxStatement = (operation: string) => `,
    e as (
      select d.id, d.insurer_code, 'disclosure.' || case d.status when 3 then 'submitted'
          when 4 then 'validated' else 'rejected' end as type,
        jsonb_build_object('disclosureId', d.id, 'requestId', d.request_id,
          'applicationNumber', d.application_number, 'insurer', d.insurer_code,
          'channel', d.channel, 'product', d.product_code, 'status', d.status,
          'version', d.version, 'decisions', d.decisions, 'needsReview', d.needs_review) as data
      from d
      where cast(${operation} as text) in ('submit', 'validate', 'reject') and d.status in (3, 4, 5)
    ),
    o as (
      insert into webhook_events (message_id, type, disclosure_id, insurer_code, data)
      select 'msg_' || replace(cast(gen_random_uuid() as text), '-', ''), e.type, e.id,
        e.insurer_code, e.data
      from e
      where exists (select 1 from webhook_endpoints p
        where p.insurer_code = e.insurer_code and p.enabled and e.type = any(p.events))
      returning id, type, insurer_code, disclosure_id
    ),
    w as (
      insert into webhook_deliveries (event_id, endpoint_id, disclosure_id)
      select o.id, p.id, o.disclosure_id
      from o join webhook_endpoints p
        on p.insurer_code = o.insurer_code and p.enabled and o.type = any(p.events)
    )`;

/**
 * The statement of a write of one disclosure row (an INSERT or UPDATE, `write`, whose
 * parameters are $1 to $count) and the audit entry of the row it wrote, in one statement: so
 * in one transaction and one round trip, and the entry exists exactly when the row was
 * written; so does the webhook outbox's event of a status change ({@link outboxStatement}).
 * Hand-written and kept by its column list, since building it with the query builder at every
 * call cost more CPU than the rest of a save; prepared (PREPARED), since planning it cost
 * PostgreSQL as much as running it.
 */
function auditedStatement(write: string, count: number, keepsRevision = false): string {
  const $ = (n: number) => `$${count + n}`;
  // Every write that keeps a revision holds the row's lock and checks its version, so two of
  // them never number the same revision; the primary key would refuse it anyway.
  const revision = keepsRevision
    ? `, document, catalog_version),
    r as (
      insert into disclosure_revisions (disclosure_id, revision, insurer_code, operation, status,
        catalog_version, document, actor)
      select d.id, coalesce((select max(k.revision) from disclosure_revisions k
          where k.disclosure_id = d.id), 0) + 1,
        d.insurer_code, ${$(2)}, d.status, d.catalog_version, d.document, ${$(1)}
      from d
      returning revision
    )`
    : ')';
  return `${PREPARED}
    with d as (${write} returning id, request_id, status, version, insurer_code,
      application_number, channel, product_code, decisions, needs_review${revision},
    a as (
      insert into disclosure_audit (disclosure_id, insurer_code, actor, operation, from_status,
        to_status, catalog_version, payload_sha256, reason, revision)
      select d.id, d.insurer_code, ${$(1)}, ${$(2)}, cast(${$(3)} as smallint), d.status,
        cast(${$(4)} as text), cast(${$(5)} as text), cast(${$(6)} as text),
        ${keepsRevision ? '(select r.revision from r)' : 'null'}
      from d
    )${outboxStatement($(2))}
    select d.id, d.request_id, d.status, d.version from d`;
}

/**
 * The condition that nobody but the subject (parameter `subject`) holds a live review claim:
 * unclaimed, claimed by them, or claimed longer ago than the lapse (parameter `minutes`).
 */
function claimFree(subject: number, minutes: number): string {
  return `(claimed_by is null or claimed_by = $${subject}
    or claimed_at <= now() - make_interval(mins => cast($${minutes} as integer)))`;
}

/** Statement texts by the kind of write and its columns: a handful, each built once. */
const statements = new Map<string, string>();

async function writeAudited(
  trx: Executor,
  text: string,
  parameters: unknown[],
): Promise<WrittenRow | undefined> {
  const result = await trx.executeQuery<WrittenRow>(CompiledQuery.raw(text, parameters));
  return result.rows[0];
}

/** The disclosures whose `column` is `value` and that belong to one of the scope's insurers. */
function inScope(trx: Executor, scope: InsurerScope, column: 'id' | 'request_id', value: string) {
  let query = trx
    .selectFrom('disclosures')
    .where(column, '=', value)
    .where('insurer_code', 'in', scope.insurers);
  if (scope.requestedBy !== undefined)
    query = query.where('created_by_subject', '=', scope.requestedBy);
  return query;
}

/** The disclosure whose `column` is `value`, if it belongs to one of the scope's insurers. */
async function findInScope(
  trx: Executor,
  scope: InsurerScope,
  column: 'id' | 'request_id',
  value: string,
): Promise<DisclosureRow | undefined> {
  if (scope.insurers.length === 0) return undefined;
  return inScope(trx, scope, column, value).selectAll().executeTakeFirst();
}

export function disclosureRepository(db: Kysely<Database>) {
  return {
    /**
     * Adds a disclosure with the audit entry of its creation, in one statement (so in one
     * transaction and one round trip). Refuses (throws) one outside the scope, which the
     * service has checked.
     */
    async insert(
      scope: InsurerScope,
      values: NewDisclosure,
      audit: AuditOf,
      trx: Executor = db,
    ): Promise<WrittenRow> {
      if (!scope.insurers.includes(values.insurer_code)) {
        throw new Error('disclosure outside the caller scope');
      }
      const columns = defined(values);
      const names = columns.map(([column]) => column);
      const revision = audit.keepsRevision === true;
      const text = cached(statements, `insert ${names.join(',')} ${revision}`, () =>
        auditedStatement(
          `insert into disclosures (${names.map(quote).join(', ')})
           values (${names.map((_, i) => `$${i + 1}`).join(', ')})`,
          names.length,
          revision,
        ),
      );
      const row = await writeAudited(trx, text, [
        ...columns.map(([, value]) => value),
        ...auditValues(audit),
      ]);
      if (!row) throw new Error('the disclosure insert wrote no row');
      return row;
    },

    /** The disclosure opened at /questionnaire/{requestId}, if the caller may see it. */
    async findByRequestId(
      scope: InsurerScope,
      requestId: string,
      trx: Executor = db,
    ): Promise<DisclosureRow | undefined> {
      return findInScope(trx, scope, 'request_id', requestId);
    },

    /**
     * A disclosure without its document, by id or else by request id, if the caller may see
     * it: a save replaces the document without reading the old one.
     */
    async findHead(
      scope: InsurerScope,
      key: { id: string } | { requestId: string },
      trx: Executor = db,
    ): Promise<DisclosureHead | undefined> {
      if (scope.insurers.length === 0) return undefined;
      const [column, value] =
        'id' in key ? (['id', key.id] as const) : (['request_id', key.requestId] as const);
      return inScope(trx, scope, column, value).select(HEAD_COLUMNS).executeTakeFirst();
    },

    /** A disclosure by id, if the caller may see it. */
    async findById(
      scope: InsurerScope,
      id: string,
      trx: Executor = db,
    ): Promise<DisclosureRow | undefined> {
      return findInScope(trx, scope, 'id', id);
    },

    /**
     * Changes a disclosure if it still has the version the change was based on, moves the
     * version on by one and adds the change's audit entry, in one statement: two changes based
     * on one version cannot both pass (the second finds the version moved on). Undefined when
     * the row is gone, outside the scope or changed since.
     */
    async update(
      scope: InsurerScope,
      id: string,
      expectedVersion: number,
      changes: Omit<
        Updateable<DisclosuresTable>,
        'id' | 'version' | 'insurer_code' | 'created_at' | 'created_by'
      >,
      audit: AuditOf,
      trx: Executor = db,
      claim?: ClaimGuard,
    ): Promise<WrittenRow | undefined> {
      if (scope.insurers.length === 0) return undefined;
      const columns = defined(changes);
      const names = columns.map(([column]) => column);
      const count = names.length;
      const revision = audit.keepsRevision === true;
      const guarded = claim !== undefined;
      const key = `update ${names.join(',')} ${revision} ${guarded}`;
      const text = cached(statements, key, () =>
        auditedStatement(
          `update disclosures
           set ${names.map((name, i) => `${quote(name)} = $${i + 1}`).join(', ')},
             version = version + 1, updated_at = now()
           where id = $${count + 1} and insurer_code = any($${count + 2}::text[])
             and version = $${count + 3}${guarded ? ` and ${claimFree(count + 4, count + 5)}` : ''}`,
          count + (guarded ? 5 : 3),
          revision,
        ),
      );
      return writeAudited(trx, text, [
        ...columns.map(([, value]) => value),
        id,
        [...scope.insurers],
        expectedVersion,
        ...(claim ? [claim.subject, claim.minutes] : []),
        ...auditValues(audit),
      ]);
    },

    /** A disclosure's audit trail, oldest first. */
    async audit(
      scope: InsurerScope,
      disclosureId: string,
      trx: Executor = db,
    ): Promise<AuditRow[]> {
      if (scope.insurers.length === 0) return [];
      return trx
        .selectFrom('disclosure_audit')
        .selectAll()
        .where('disclosure_id', '=', disclosureId)
        .where('insurer_code', 'in', scope.insurers)
        .orderBy('id')
        .execute();
    },
  };
}
