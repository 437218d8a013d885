/**
 * `npm run bench`: runs every benchmark and prints one table (design §7). Each row has a
 * baseline measured in the same run. Exits non-zero when a target is missed.
 *
 * `npm run bench -- lifecycle web` runs only the groups named (decisions, lifecycle,
 * worklist, dashboard, impact, web, lighthouse, search, scroll, peer), for working on one of them.
 */
import { dashboardRows } from './dashboard-bench.ts';
import { decisionRows } from './decisions.ts';
import { formatTable } from './harness.ts';
import { impactRows } from './impact-bench.ts';
import { lifecycleRows } from './lifecycle-bench.ts';
import { lighthouseRows } from './lighthouse-bench.ts';
import type { Row } from './harness.ts';
import { searchRows } from './search-bench.ts';
import { oneScrollRows } from './one-scroll-bench.ts';
import { peerRows } from './peer-bench.ts';
import { bundleRows, interactionRows } from './web-bench.ts';
import { worklistRows } from './worklist-bench.ts';

const GROUPS: Record<string, () => Promise<Row[]> | Row[]> = {
  decisions: decisionRows,
  lifecycle: lifecycleRows,
  worklist: worklistRows,
  dashboard: dashboardRows,
  impact: impactRows,
  web: async () => [...bundleRows(), ...(await interactionRows())],
  lighthouse: lighthouseRows,
  scroll: oneScrollRows,
  search: searchRows,
  peer: peerRows,
};

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in GROUPS));
if (unknown.length > 0) {
  console.error(
    `unknown group ${unknown.join(', ')}: choose from ${Object.keys(GROUPS).join(', ')}`,
  );
  process.exit(2);
}
const rows: Row[] = [];
for (const [name, run] of Object.entries(GROUPS)) {
  if (asked.length === 0 || asked.includes(name)) rows.push(...(await run()));
}
console.log(formatTable(rows));
if (rows.some((row) => row.ok === false)) process.exitCode = 1;
