/**
 * Impact before release (requirements K-09, design §14): the disclosures submitted in the last
 * N days, replayed against a catalogue that is not live yet, tallied per condition and
 * indicator. The replay itself is the catalogue update's (each stored document moved to the
 * other version, every decision recomputed by the engine the questionnaire uses); this module
 * owns what counts as a changed decision and the shape of the answer the studio shows.
 */
import { z } from 'zod';
import { bilingualSchema, type Bilingual } from '../model.ts';

/** How far back an impact analysis looks by default, and at most. */
export const IMPACT_DEFAULT_DAYS = 90;
export const IMPACT_MAX_DAYS = 3660;
/** How many before → after examples an analysis answers. */
export const IMPACT_EXAMPLES = 50;

export const impactQuerySchema = z
  .object({ days: z.coerce.number().int().min(1).max(IMPACT_MAX_DAYS).default(IMPACT_DEFAULT_DAYS) })
  .strict();
export type ImpactQuery = z.infer<typeof impactQuerySchema>;

/** One condition and indicator: how many replayed disclosures had it, and how many changed. */
export const impactCellSchema = z.object({
  uuid: z.string(),
  name: bilingualSchema,
  indicator: z.string(),
  replayed: z.number().int(),
  changed: z.number().int(),
});
export type ImpactCell = z.infer<typeof impactCellSchema>;

/** A decision that would change: `null` for no decision (incomplete, or the condition dropped). */
export const impactExampleSchema = z.object({
  disclosureId: z.string(),
  applicationNumber: z.string(),
  insurerCode: z.string(),
  uuid: z.string(),
  name: bilingualSchema,
  indicator: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
  /** The condition is no longer offered on the replayed catalogue: it would be dropped. */
  removed: z.boolean(),
});
export type ImpactExample = z.infer<typeof impactExampleSchema>;

export const catalogImpactSchema = z.object({
  /** The catalogue replayed against: a version number, or `draft N`. */
  target: z.string(),
  days: z.number().int(),
  /** The earliest submission replayed, ISO 8601. */
  since: z.string(),
  /** Disclosures replayed, and how many of them would get at least one other decision. */
  replayed: z.number().int(),
  changed: z.number().int(),
  /** Disclosures whose stored document could not be replayed, with the first reason. */
  failed: z.number().int(),
  /** Per condition and indicator, most changes first; only pairs with a replayed decision. */
  cells: z.array(impactCellSchema),
  examples: z.array(impactExampleSchema),
});
export type CatalogImpact = z.infer<typeof catalogImpactSchema>;

/** One replayed condition: its stored decision and the decision on the other catalogue. */
export interface ReplayedCondition {
  uuid: string;
  name: Bilingual;
  before: Readonly<Record<string, string>>;
  after: Readonly<Record<string, string>>;
  removed: boolean;
}

/** The indicators whose decision differs, in the order they first appear (before, then after). */
export function changedIndicators(
  before: Readonly<Record<string, string>>,
  after: Readonly<Record<string, string>>,
): string[] {
  const codes = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return codes.filter((code) => (before[code] ?? null) !== (after[code] ?? null));
}

/** A disclosure as the tally names it in an example. */
export interface ReplayedDisclosure {
  id: string;
  applicationNumber: string;
  insurerCode: string;
}

/** Adds replays one disclosure at a time and answers the studio's table. */
export function impactTally(target: string, days: number, since: string) {
  const cells = new Map<string, ImpactCell>();
  const examples: ImpactExample[] = [];
  let replayed = 0;
  let changed = 0;
  let failed = 0;

  return {
    add(disclosure: ReplayedDisclosure, conditions: readonly ReplayedCondition[]): void {
      replayed += 1;
      let any = false;
      for (const condition of conditions) {
        const differs = new Set(changedIndicators(condition.before, condition.after));
        const codes = new Set([...Object.keys(condition.before), ...Object.keys(condition.after)]);
        for (const indicator of codes) {
          const key = `${condition.uuid}\u0000${indicator}`;
          const cell = cells.get(key) ?? {
            uuid: condition.uuid,
            name: condition.name,
            indicator,
            replayed: 0,
            changed: 0,
          };
          cell.replayed += 1;
          if (differs.has(indicator)) {
            cell.changed += 1;
            any = true;
            if (examples.length < IMPACT_EXAMPLES) {
              examples.push({
                disclosureId: disclosure.id,
                applicationNumber: disclosure.applicationNumber,
                insurerCode: disclosure.insurerCode,
                uuid: condition.uuid,
                name: condition.name,
                indicator,
                before: condition.before[indicator] ?? null,
                after: condition.after[indicator] ?? null,
                removed: condition.removed,
              });
            }
          }
          cells.set(key, cell);
        }
      }
      if (any) changed += 1;
    },
    fail(): void {
      failed += 1;
    },
    result(): CatalogImpact {
      return {
        target,
        days,
        since,
        replayed,
        changed,
        failed,
        cells: [...cells.values()].sort(
          (a, b) =>
            b.changed - a.changed ||
            a.name.en.localeCompare(b.name.en) ||
            a.indicator.localeCompare(b.indicator),
        ),
        examples,
      };
    },
  };
}
