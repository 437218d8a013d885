/** design §7: recomputing every decision of a 10 × 30 disclosure takes under 1 ms. */
import { decideAll } from '@vmer/domain/decision-engine';
import { checkDocument } from '@vmer/domain/disclosure';
import { recomputeDocument } from '@vmer/domain/evaluation';
import type { DisclosureDocument } from '@vmer/domain/model';
import {
  answerCount,
  disclosureCatalog,
  disclosureDocument,
  disclosureState,
  INDICATORS,
} from './disclosure-workload.ts';
import { formatRatio, formatUs, measure } from './harness.ts';
import type { Row } from './harness.ts';

const TARGET_US = 1000;

/**
 * The decision benchmarks: the screen's recomputation (state → decisions), and the server's
 * (document → checked → recomputed document), each beside JSON.parse of the same document.
 */
export function decisionRows(): Row[] {
  const chosen = disclosureState();
  const json = JSON.stringify(disclosureDocument(chosen));
  const context = { indicators: INDICATORS, asOf: '2026-01-01' };
  const decide = measure('decisions', () => decideAll(chosen, context), { runs: 2000 });
  const parse = measure('JSON.parse', () => JSON.parse(json), { runs: 2000 });
  const catalog = disclosureCatalog(chosen);
  const server = measure(
    'server recompute',
    () => {
      const doc = JSON.parse(json) as DisclosureDocument;
      return checkDocument(doc, catalog).ok && recomputeDocument(doc, catalog, '2026-01-01');
    },
    { runs: 1000 },
  );
  const size = `${chosen.length} impairments × ${answerCount(chosen) / chosen.length} answers`;
  return [
    {
      benchmark: `decisions, ${size}`,
      result: formatUs(decide.medianUs),
      baseline: `JSON.parse of the document ${formatUs(parse.medianUs)}`,
      ratio: formatRatio(decide.medianUs, parse.medianUs),
      target: `< ${formatUs(TARGET_US)}`,
      ok: decide.medianUs < TARGET_US,
    },
    {
      benchmark: `server parse + check + recompute, ${size}`,
      result: formatUs(server.medianUs),
      baseline: `JSON.parse of the document ${formatUs(parse.medianUs)}`,
      ratio: formatRatio(server.medianUs, parse.medianUs),
      target: '',
      ok: null,
    },
  ];
}
