/**
 * The operations dashboard (docs/design.md §11): what a head of underwriting reads every
 * morning, for the caller's insurers. The server answers one query with every figure; the
 * web app draws each as a chart with a table view and a CSV download.
 */
import { z } from 'zod';
import { disclosureStatusSchema, insurerCodeSchema } from './lifecycle.ts';
import { type DecisionValue } from './model.ts';
import { dateParam, filterCode, listOf } from './query-params.ts';

/** The widest date range of one dashboard, in days. */
export const DASHBOARD_RANGE_MAX_DAYS = 366;
/** The range shown when none is asked for: the last 90 days, today included. */
export const DASHBOARD_DEFAULT_DAYS = 90;
/** How many conditions, searched terms and rejection reasons the top lists hold. */
export const DASHBOARD_TOP = 20;

/**
 * GET /api/dashboard. Every filter is optional and they combine with AND; a day is a UTC
 * calendar day and a range runs from its first to its last day inclusive, never reversed nor
 * wider than {@link DASHBOARD_RANGE_MAX_DAYS}. Without `from` and `to` the range is the last
 * {@link DASHBOARD_DEFAULT_DAYS} days. A disclosure belongs to the day it was created.
 */
export const dashboardQuerySchema = z
  .object({
    insurer: listOf(insurerCodeSchema).optional(),
    channel: filterCode.optional(),
    product: filterCode.optional(),
    from: dateParam.optional(),
    to: dateParam.optional(),
  })
  .strict();
export type DashboardQuery = z.output<typeof dashboardQuerySchema>;
export type DashboardQueryInput = z.input<typeof dashboardQuerySchema>;

/**
 * How a decision of one benefit is counted in a decision mix: standard (no decision or 0
 * debits), debit points, an exclusion, refer to an underwriter, postpone, decline.
 */
export const DECISION_CATEGORIES = [
  'standard',
  'debits',
  'exclusion',
  'refer',
  'postpone',
  'decline',
] as const;
export type DecisionCategory = (typeof DECISION_CATEGORIES)[number];

/**
 * The category of a consolidated decision as the document writes it ('', '0', '50', 'EX1,EX3',
 * 'U', 'P', 'D'): the most severe part decides (decline over postpone over refer over an
 * exclusion over debits).
 */
export function decisionCategory(
  decision: DecisionValue | string | null | undefined,
): DecisionCategory {
  const parts = (decision ?? '')
    .split(',')
    .map((part) => part.trim().toUpperCase())
    .filter((part) => part !== '');
  if (parts.includes('D')) return 'decline';
  if (parts.includes('P')) return 'postpone';
  if (parts.includes('U')) return 'refer';
  if (parts.some((part) => part.startsWith('EX'))) return 'exclusion';
  if (parts.some((part) => Number(part) > 0)) return 'debits';
  return 'standard';
}

const countsByCategory = z.object(
  Object.fromEntries(DECISION_CATEGORIES.map((category) => [category, z.number().int()])) as Record<
    DecisionCategory,
    z.ZodNumber
  >,
);
export type CategoryCounts = z.infer<typeof countsByCategory>;

/** A median and a 90th percentile of durations, in seconds, over `count` disclosures. */
const durationSchema = z.object({
  count: z.number().int(),
  medianSeconds: z.number().nullable(),
  p90Seconds: z.number().nullable(),
});

export const dashboardSchema = z.object({
  /** The range answered, YYYY-MM-DD inclusive. */
  from: z.string(),
  to: z.string(),
  /** ISO 8601: when the figures were last brought up to date (rollups refresh by a job). */
  asOf: z.string(),
  /** Disclosures created per day, by their status now; days without any are left out. */
  perDay: z.array(
    z.object({ day: z.string(), status: disclosureStatusSchema, count: z.number().int() }),
  ),
  /**
   * Per ISO week (its Monday, YYYY-MM-DD) of submission: disclosures submitted and those of
   * them whose every decision is free of U, P and D (decided without an underwriter).
   */
  straightThrough: z.array(
    z.object({ week: z.string(), submitted: z.number().int(), straightThrough: z.number().int() }),
  ),
  /** Per benefit (indicator), the submitted disclosures' consolidated decisions by category. */
  decisionMix: z.array(z.object({ indicator: z.string(), counts: countsByCategory })),
  /** The most disclosed conditions (submitted disclosures) and their decisions by category, all benefits together. */
  topConditions: z.array(
    z.object({
      uuid: z.string(),
      name: z.string(),
      disclosures: z.number().int(),
      counts: countsByCategory,
    }),
  ),
  /** Searched terms that found no condition (the search log's type 3), most frequent first. */
  searchMisses: z.array(z.object({ term: z.string(), count: z.number().int() })),
  /** From request (creation) to the last submission, and from that submission to validation. */
  durations: z.object({ requestToSubmit: durationSchema, submitToValidate: durationSchema }),
  /** Disclosures reviewed in the range, those rejected, and the most given reasons. */
  rejections: z.object({
    reviewed: z.number().int(),
    rejected: z.number().int(),
    reasons: z.array(z.object({ reason: z.string(), count: z.number().int() })),
  }),
  /** Underwriters' overrides of the engine's decision per catalogue version and condition. */
  overrides: z.array(
    z.object({
      catalogVersion: z.string(),
      conditionUuid: z.string(),
      name: z.string(),
      count: z.number().int(),
    }),
  ),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
