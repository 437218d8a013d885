import type { DisclosureDocument } from '@vmer/domain';
import { DECISION_CATEGORIES, decisionCategory } from '@vmer/domain/dashboard';
import { formatIndicatorResult } from '@vmer/domain/decision-engine';
import type { DocumentEvaluation } from '@vmer/domain/evaluation';

/** The values of a disclosure that review them: decline, postpone, refer and exclusions. */
const REVIEW_VALUES = new Set(['D', 'P', 'U', 'EX']);

/**
 * What a worklist row shows of a disclosure's document (design §10: kept beside the row, so
 * the worklist never reads documents), as the `disclosures` columns hold it.
 */
export interface RowSummary {
  /** The consolidated decision per indicator as the document writes it ('D', 'EX1,EX3', '50'), JSON. */
  decisions: string;
  /** The category of each of those decisions ({"LIFE": "decline"}), JSON: the dashboard's decision mix. */
  decision_categories: string;
  /**
   * Each decided condition's decisions, all indicators, counted by category in
   * DECISION_CATEGORIES order ({"<uuid>": [standard, debits, …]}), JSON: the dashboard's
   * conditions, copied to each disclosure_conditions row by migration 0410's trigger.
   */
  condition_categories: string;
  needs_review: boolean;
  condition_uuids: string[];
  condition_names: string[];
}

/**
 * The row summary of a document the server evaluated (the one owner of this derivation): the
 * consolidated decision per indicator over the conditions that have a decision (none while
 * no condition has one), whether any of it is D, P, U or an exclusion, and the disclosed
 * conditions' uuids and names in the document's order.
 */
export function rowSummary(
  document: DisclosureDocument,
  evaluation: Pick<DocumentEvaluation, 'decisions' | 'consolidated'>,
): RowSummary {
  const decided = evaluation.decisions.some((d) => d.indicators !== null);
  const results = decided ? Object.entries(evaluation.consolidated.indicators) : [];
  // Each decision's category read once, then counted (a save writes this at every call).
  const categories = (decisions: readonly string[]) => {
    const counts = DECISION_CATEGORIES.map(() => 0);
    for (const decision of decisions)
      counts[DECISION_CATEGORIES.indexOf(decisionCategory(decision))]!++;
    return counts;
  };
  const written = results.map(([code, result]) => [code, formatIndicatorResult(result)] as const);
  return {
    decisions: JSON.stringify(Object.fromEntries(written)),
    decision_categories: JSON.stringify(
      Object.fromEntries(written.map(([code, text]) => [code, decisionCategory(text)])),
    ),
    condition_categories: JSON.stringify(
      Object.fromEntries(
        evaluation.decisions.flatMap((d) =>
          d.indicators === null
            ? []
            : [
                [
                  d.impairmentUuid,
                  categories(Object.values(d.indicators).map(formatIndicatorResult)),
                ],
              ],
        ),
      ),
    ),
    needs_review: results.some(([, result]) => REVIEW_VALUES.has(result.value)),
    condition_uuids: document.impairments.map((i) => i.uuid),
    condition_names: document.impairments.map((i) => i.name),
  };
}
