import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * The most layout shift a page load may cause (design §7), as Lighthouse scores it (cumulative
 * layout shift, the shifts no input caused): a tenth of the 0.1 that counts as good, since a
 * desktop score of 98 leaves nothing for it. A page that grows a row above its content once its
 * data arrives moves everything below it, and scores 0.03 to 0.9.
 */
const MOST_SHIFT = 0.01;

/** One layout shift: its score and what moved, for a readable failure. */
interface Shift {
  value: number;
  moved: string[];
}

/** The layout shifts of a cold load of `url`, until `shown` shows and the network is idle. */
export async function layoutShiftsOf(page: Page, url: string, shown: Locator): Promise<Shift[]> {
  await page.addInitScript(() => {
    const shifts: Shift[] = [];
    (window as unknown as { layoutShifts: Shift[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        sources?: {
          node?: Node | null;
          previousRect: DOMRectReadOnly;
          currentRect: DOMRectReadOnly;
        }[];
      }[])
        if (!entry.hadRecentInput)
          shifts.push({
            value: entry.value,
            moved: (entry.sources ?? []).map(({ node, previousRect: a, currentRect: b }) => {
              const name =
                node instanceof Element
                  ? `${node.tagName.toLowerCase()} "${(node.textContent ?? '').slice(0, 40)}"`
                  : (node?.nodeName ?? '?');
              return `${name} (${a.x},${a.y} ${a.width}×${a.height} → ${b.x},${b.y} ${b.width}×${b.height})`;
            }),
          });
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(url);
  await shown.waitFor();
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => (window as unknown as { layoutShifts: Shift[] }).layoutShifts);
}

/** The page's cumulative layout shift is under the bound; what moved names the failure. */
export function expectStable(shifts: Shift[]) {
  const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
  expect(total, JSON.stringify(shifts, null, 1)).toBeLessThan(MOST_SHIFT);
}
