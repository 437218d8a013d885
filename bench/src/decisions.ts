/** DESIGN.md §7: recomputing every decision of a 10 × 30 disclosure takes under 1 ms. */
import { decideAll } from '@vmer/domain/decision-engine';
import { answerCount, disclosureDocument, disclosureState, INDICATORS } from './disclosure-workload.ts';
import { formatRatio, formatUs, measure } from './harness.ts';
import type { Row } from './harness.ts';

const TARGET_US = 1000;

/** The decision benchmark's row. */
export function decisionRows(): Row[] {
  const chosen = disclosureState();
  const json = JSON.stringify(disclosureDocument(chosen));
  const context = { indicators: INDICATORS, asOf: '2026-01-01' };
  const decide = measure('decisions', () => decideAll(chosen, context), { runs: 2000 });
  const parse = measure('JSON.parse', () => JSON.parse(json), { runs: 2000 });
  return [
    {
      benchmark: `decisions, ${chosen.length} impairments × ${answerCount(chosen) / chosen.length} answers`,
      result: formatUs(decide.medianUs),
      baseline: `JSON.parse of the document ${formatUs(parse.medianUs)}`,
      ratio: formatRatio(decide.medianUs, parse.medianUs),
      target: `< ${formatUs(TARGET_US)}`,
      ok: decide.medianUs < TARGET_US,
    },
  ];
}
