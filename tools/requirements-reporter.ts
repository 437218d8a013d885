/**
 * A Vitest reporter that counts which behaviours of docs/requirements.md the passing tests
 * name (tests are named ids first: `V-08 C-02 age 17 is refused`), and closes the run with the
 * plain `N passed, N failed` line that CI reads.
 */
import { readFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

const REQUIREMENTS = new URL('../docs/requirements.md', import.meta.url);

/** Every id the requirements define (`- **R-01** …`), in the order they are written. */
function requirementIds(markdown: string): string[] {
  return [...markdown.matchAll(/^- \*\*([A-Z]-\d{2})\*\*/gm)].map((match) => match[1]!);
}

const IDS = new Set(requirementIds(readFileSync(REQUIREMENTS, 'utf8')));
const GROUPS = [...new Set([...IDS].map((id) => id[0]!))];
const ID = /\b([A-Z]-\d{2})\b/g;

export default class RequirementsReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const named = new Set<string>();
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'failed') failed += 1;
        else if (state === 'passed') passed += 1;
        else skipped += 1;
        if (state !== 'passed') continue;
        for (const [, id] of test.fullName.matchAll(ID)) if (IDS.has(id!)) named.add(id!);
      }
    }
    const count = (group: string, ids: Iterable<string>) =>
      [...ids].filter((id) => id[0] === group).length;
    const byGroup = GROUPS.map(
      (group) => `${group} ${count(group, named)}/${count(group, IDS)}`,
    ).join(', ');
    console.log(
      `\nrequirements: passing tests name ${named.size} of ${IDS.size} behaviours (${byGroup})`,
    );
    console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  }
}
