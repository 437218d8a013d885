/**
 * A small benchmark harness: time a function many times, keep the median, and print rows
 * with a baseline measured in the same run, so a result reads the same on a slow or a fast
 * machine (the ratio), beside the target design §7 sets.
 */

/** The timing of one measured function. */
export interface Measurement {
  name: string;
  /** Median time of one call, in microseconds. */
  medianUs: number;
  /** 99th percentile of one call, in microseconds. */
  p99Us: number;
  runs: number;
}

export interface MeasureOptions {
  /** Timed runs (default 1000). */
  runs?: number;
  /** Untimed runs first, so the JIT has settled (default a tenth of runs). */
  warmup?: number;
  /** Calls per timed run, for functions too quick to time one call at a time (default 1). */
  batch?: number;
}

/** Keeps results alive so the JIT cannot drop the work that made them. */
let sink: unknown;

/** Times `fn`: `runs` timed runs of `batch` calls each, after `warmup` untimed runs. */
export function measure(
  name: string,
  fn: () => unknown,
  options: MeasureOptions = {},
): Measurement {
  const runs = options.runs ?? 1000;
  const warmup = options.warmup ?? Math.ceil(runs / 10);
  const batch = options.batch ?? 1;
  for (let i = 0; i < warmup; i++) sink = fn();
  const times = new Float64Array(runs);
  for (let r = 0; r < runs; r++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < batch; i++) sink = fn();
    times[r] = Number(process.hrtime.bigint() - start) / 1000 / batch;
  }
  times.sort();
  return {
    name,
    medianUs: quantile(times, 0.5),
    p99Us: quantile(times, 0.99),
    runs,
  };
}

/**
 * Times an asynchronous `fn` called one at a time: `runs` timed calls after `warmup` untimed
 * ones. Answers the time of one call in microseconds at a quantile (0.5 the median).
 */
export async function measureAsync(
  fn: () => Promise<unknown>,
  runs: number,
  warmup: number,
): Promise<(q: number) => number> {
  for (let i = 0; i < warmup; i++) await fn();
  const times = new Float64Array(runs);
  for (let r = 0; r < runs; r++) {
    const start = process.hrtime.bigint();
    await fn();
    times[r] = Number(process.hrtime.bigint() - start) / 1000;
  }
  times.sort();
  return (q) => quantile(times, q);
}

function quantile(sorted: Float64Array, q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

/**
 * Whatever the last measured call returned; read it so the work counts.
 * @public kept for a benchmark to read, so the measured results stay observable
 */
export function lastResult(): unknown {
  return sink;
}

/** One row of the printed table. */
export interface Row {
  benchmark: string;
  /** The measured value, with its unit ("84.2 µs", "1 830 req/s", "212 KB"). */
  result: string;
  /** The baseline measured in the same run, with what it is ("JSON.parse of the document 9.1 µs"). */
  baseline: string;
  /** result ÷ baseline, or "" when a ratio means nothing. */
  ratio: string;
  /** The target (design §7), e.g. "< 1 ms"; "" for a row measured for information. */
  target: string;
  /** Whether the target is met; null without a target. */
  ok: boolean | null;
}

/** Microseconds as a short text: "84.2 µs", "1.24 ms". */
export function formatUs(us: number): string {
  return us >= 1000 ? `${(us / 1000).toFixed(2)} ms` : `${us.toFixed(1)} µs`;
}

/** A ratio as "×12.3". */
export function formatRatio(value: number, baseline: number): string {
  return baseline > 0 ? `×${(value / baseline).toFixed(1)}` : '';
}

const COLUMNS = ['benchmark', 'result', 'baseline', 'ratio', 'target', 'ok'] as const;

/** The rows as a plain-text table, one line per row under a header. */
export function formatTable(rows: readonly Row[]): string {
  const cells = rows.map((row) =>
    COLUMNS.map((c) => {
      if (c !== 'ok') return row[c] || '—';
      return row.ok === null ? '—' : row.ok ? 'yes' : 'NO';
    }),
  );
  const widths = COLUMNS.map((c, i) =>
    Math.max(c.length, ...cells.map((line) => [...line[i]!].length)),
  );
  const line = (values: readonly string[]): string =>
    values
      .map((v, i) => v + ' '.repeat(widths[i]! - [...v].length))
      .join('  ')
      .trimEnd();
  return [line(COLUMNS), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
}
