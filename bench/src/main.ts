/**
 * `npm run bench`: runs every benchmark and prints one table (DESIGN.md §7). Each row has a
 * baseline measured in the same run. Exits non-zero when a target is missed.
 */
import { decisionRows } from './decisions.ts';
import { formatTable } from './harness.ts';
import { lifecycleRows } from './lifecycle-bench.ts';
import { lighthouseRows } from './lighthouse-bench.ts';
import type { Row } from './harness.ts';
import { bundleRows, interactionRows } from './web-bench.ts';

const rows: Row[] = [
  ...decisionRows(),
  ...(await lifecycleRows()),
  ...bundleRows(),
  ...(await interactionRows()),
  ...(await lighthouseRows()),
];
console.log(formatTable(rows));
if (rows.some((row) => row.ok === false)) process.exitCode = 1;
