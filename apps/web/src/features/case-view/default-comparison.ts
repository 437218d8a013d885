import type { AuditEntry } from '@vmer/domain/lifecycle';
import type { RevisionSummary } from '@vmer/domain/workbench';

/** Two revision numbers of one disclosure, the older first. */
export interface Comparison {
  from: number;
  to: number;
}

/**
 * The revisions the compare view opens on (requirements W-13, W-21): what changed since the
 * last rejection — the revision that was rejected against the latest — when it was rejected
 * and changed since; otherwise the latest against the one before it. None with fewer than two
 * revisions. The audit trail (oldest first) names the revision each save or submit kept; the
 * rejected one is the last kept before the rejection.
 */
export function defaultComparison(
  revisions: readonly RevisionSummary[],
  audit: readonly AuditEntry[],
): Comparison | null {
  const latest = revisions.at(-1);
  const previous = revisions.at(-2);
  if (!latest || !previous) return null;
  const rejection = audit.findLastIndex((entry) => entry.operation === 'reject');
  if (rejection >= 0) {
    const rejected =
      audit.slice(0, rejection + 1).findLast((entry) => entry.revision !== null)?.revision ??
      revisions.findLast((r) => r.at <= audit[rejection]!.at)?.revision;
    if (rejected !== undefined && rejected !== latest.revision)
      return { from: rejected, to: latest.revision };
  }
  return { from: previous.revision, to: latest.revision };
}

/** The comparison a revision picked in the timeline opens: it against the one before it. */
export function comparisonOf(revisions: readonly number[], revision: number): Comparison {
  const before = revisions.filter((r) => r < revision).at(-1);
  return before === undefined
    ? { from: revision, to: revisions.at(-1) ?? revision }
    : { from: before, to: revision };
}
