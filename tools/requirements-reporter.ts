/**
 * A Vitest reporter that counts which items of the specification's checklist the passing tests
 * name (tests are named id first: `V-08 C-02 age 17 is refused`), and closes the run with the
 * plain `N passed, N failed` line that CI reads.
 */
import type { Reporter, TestModule } from 'vitest/node';

/** The checklist's groups and how many items each holds (373 in all). */
const GROUPS: Record<string, number> = {
  R: 22, L: 28, M: 29, G: 13, E: 54, S: 67, V: 62, P: 14, A: 33, X: 24, C: 27,
};
const TOTAL = Object.values(GROUPS).reduce((sum, n) => sum + n, 0);
const ID = /\b([RLMGESVPAXC])-(\d{2})\b/g;

export default class ChecklistReporter implements Reporter {
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
        for (const [, group, number] of test.fullName.matchAll(ID)) {
          const max = GROUPS[group!] ?? 0;
          if (Number(number) >= 1 && Number(number) <= max) named.add(`${group}-${number}`);
        }
      }
    }
    const byGroup = Object.entries(GROUPS)
      .map(([group, max]) => `${group} ${[...named].filter((id) => id.startsWith(`${group}-`)).length}/${max}`)
      .join(', ');
    console.log(`\nchecklist: passing tests name ${named.size} of ${TOTAL} items (${byGroup})`);
    console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  }
}
