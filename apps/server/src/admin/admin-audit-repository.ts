import type { AdminAuditEntry } from '@vmer/domain/admin';
import { sql, type Kysely } from 'kysely';
import type { Executor } from '../catalog/catalog-repository.ts';
import type { AdminAuditTable, Database } from '../db/schema.ts';
import type { InsurerScope } from '../disclosures/disclosure-repository.ts';

/** One field of a change, before → after (null when absent). Never a password or a hash. */
export interface AuditChange {
  field: string;
  before: unknown;
  after: unknown;
}

export interface AuditRecord {
  /** Who made the change: the signed-in administrator. */
  actor: { subject: string; displayName: string };
  subjectType: AdminAuditTable['subject_type'];
  subjectId: string;
  action: string;
  /** The insurers the change concerns: the administrators holding one of them read it. */
  insurers: readonly string[];
  changes: readonly AuditChange[];
}

/** Fields that must never reach the trail, whatever a caller passes. */
const SECRET_FIELD = /password|hash|secret|token/i;
/** Fields holding insurer codes: a reader sees only the codes they hold (design §11). */
const INSURER_FIELDS = new Set(['insurers']);

/**
 * The fields of `after` that differ from `before` (compared as JSON), in the order of `fields`.
 * @example changesBetween({ role: 'agent' }, { role: 'underwriter' }, ['role'])
 */
export function changesBetween<T extends object>(
  before: Partial<T> | null,
  after: Partial<T>,
  fields: readonly (keyof T & string)[],
): AuditChange[] {
  return fields.flatMap((field) => {
    const was = before?.[field] ?? null;
    const now = after[field] ?? null;
    return JSON.stringify(was) === JSON.stringify(now) ? [] : [{ field, before: was, after: now }];
  });
}

/** An audit page's position: the id of the last entry read. */
const CURSOR = /^[1-9]\d{0,18}$/;

export interface AuditPageQuery {
  subjectType?: AdminAuditTable['subject_type'] | undefined;
  subjectId?: string | undefined;
  /** The id of the last entry of the previous page. */
  after?: string | undefined;
  limit: number;
}

/**
 * The administration trail (design §11): appended in the transaction of the change it
 * records, read by the administrators of the insurers it concerns. The table refuses updates
 * and deletes (migration 0400).
 */
export function adminAuditRepository(db: Kysely<Database>) {
  return {
    /** Appends one entry in the caller's transaction. */
    async record(executor: Executor, entry: AuditRecord): Promise<void> {
      const secret = entry.changes.find((change) => SECRET_FIELD.test(change.field));
      if (secret) throw new Error(`admin_audit never records ${secret.field}`);
      await executor
        .insertInto('admin_audit')
        .values({
          actor_subject: entry.actor.subject,
          actor_name: entry.actor.displayName,
          subject_type: entry.subjectType,
          subject_id: entry.subjectId,
          action: entry.action,
          insurers: [...new Set(entry.insurers)],
          changes: JSON.stringify(entry.changes),
        })
        .execute();
    },

    /** Whether `cursor` is a position {@link page} can start after. */
    isCursor: (cursor: string) => CURSOR.test(cursor),

    /**
     * A page of the entries concerning the reader's insurers, newest first (`limit + 1` read,
     * so the caller can tell whether another page follows). Insurer codes in the changes are
     * limited to those the reader holds.
     */
    async page(scope: InsurerScope, query: AuditPageQuery): Promise<AdminAuditEntry[]> {
      if (scope.insurers.length === 0) return [];
      let select = db
        .selectFrom('admin_audit')
        .selectAll()
        .where(sql<boolean>`insurers && ${sql.val([...scope.insurers])}::text[]`)
        .orderBy('id', 'desc')
        .limit(query.limit + 1);
      if (query.subjectType) select = select.where('subject_type', '=', query.subjectType);
      if (query.subjectId !== undefined) select = select.where('subject_id', '=', query.subjectId);
      if (query.after !== undefined) select = select.where('id', '<', query.after);
      const rows = await select.execute();
      const held = (value: unknown) =>
        Array.isArray(value) ? value.filter((code) => scope.insurers.includes(code)) : value;
      return rows.map((row) => ({
        id: String(row.id),
        at: new Date(row.at).toISOString(),
        actor: row.actor_name,
        subjectType: row.subject_type,
        subjectId: row.subject_id,
        action: row.action,
        // A change of insurers the reader does not hold is no change to them.
        changes: row.changes.flatMap((change) => {
          if (!INSURER_FIELDS.has(change.field))
            return [
              { field: change.field, before: change.before ?? null, after: change.after ?? null },
            ];
          const before = held(change.before);
          const after = held(change.after);
          return JSON.stringify(before) === JSON.stringify(after)
            ? []
            : [{ field: change.field, before, after }];
        }),
      }));
    },
  };
}
