import type { BrowserContext, Page } from 'playwright-core';

/** The `Intl` constructors whose first use costs a page ICU's data (15–60 ms in a fresh Chromium). */
type Kind = 'NumberFormat' | 'DateTimeFormat';

/** Records, by locale, every `Intl[kind]` the context's pages build, called or constructed. */
export async function recordIntlBuilt(context: BrowserContext, kind: Kind): Promise<void> {
  await context.addInitScript((name: Kind) => {
    const built: string[] = [];
    (window as unknown as { intlBuilt: string[] }).intlBuilt = built;
    const native = Intl[name] as unknown as new (...args: unknown[]) => object;
    const record = (locales: unknown) => built.push(String(locales));
    (Intl as unknown as Record<Kind, unknown>)[name] = new Proxy(native, {
      construct: (target, args: unknown[]) => {
        record(args[0]);
        return Reflect.construct(target, args) as object;
      },
      apply: (target, self, args: unknown[]) => {
        record(args[0]);
        return Reflect.apply(target, self, args) as object;
      },
    });
  }, kind);
}

/** The locales of what the page has built so far, as `recordIntlBuilt` recorded them. */
export const intlBuilt = (page: Page): Promise<string[]> =>
  page.evaluate(() => [...(window as unknown as { intlBuilt: string[] }).intlBuilt]);
