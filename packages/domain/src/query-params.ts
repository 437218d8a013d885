/**
 * The shapes of query-string parameters shared by the list and report endpoints (worklist,
 * dashboard, administration), so a filter is read and refused the same way everywhere.
 */
import { z } from 'zod';

/** A catalogue code as a filter value (channel, product): letters, digits, `_` and `-`. */
export const filterCode = z
  .string()
  .min(1)
  .max(50)
  .regex(/^[A-Za-z0-9_-]+$/, 'worklist_filter_invalid');

/** A calendar date, YYYY-MM-DD. */
export const dateParam = z.iso.date('worklist_date_invalid');

/** Several values given as one comma-separated parameter or as the parameter repeated. */
export const listOf = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (value) =>
      (Array.isArray(value) ? value : [value])
        .flatMap((v) => (typeof v === 'string' ? v.split(',') : [v]))
        .filter((v) => v !== ''),
    z.array(item).max(20),
  );

/** `true` or `false` in a query string. */
export const flagParam = z.enum(['true', 'false']).transform((v) => v === 'true');
