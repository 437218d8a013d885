import { runCase } from '@vmer/domain/catalog/cases';
import { compileImpairment } from '@vmer/domain/catalog/compile';
import { catalogFileSchema, impairmentFileSchema } from '@vmer/domain/catalog/source-schema';
import type { LocatedProblem } from '@vmer/domain/catalog/source-texts';
import { LineCounter, parseDocument, isNode } from 'yaml';

/** One regression case of a condition file and how it fares (requirements K-08). */
export interface CaseResult {
  index: number;
  /** The case's own name, or null when it has none (then it reads "case 3"). */
  name: string | null;
  /** The line the case starts on. */
  line: number;
  /** Failing, passing, or not run yet (the check stops before the cases at any other problem). */
  status: 'pass' | 'fail' | 'unknown';
  /** What the case expects: the decision per indicator, or no decision yet, or refused. */
  expected: Record<string, string> | 'incomplete' | 'refused';
  /** What the engine gives for the answers, per indicator; null when it could not run. */
  actual: Record<string, string> | null;
  /** The check's words for each way the case fails. */
  problems: string[];
}

/** The label the catalogue check puts before a case's problems (domain `runImpairmentCases`). */
function caseLabel(name: string | null, index: number): string {
  return name ? `case "${name}"` : `case ${index + 1}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The regression cases of one condition file with their results: passing or failing, what
 * each expects and what the engine gives. Failing follows the catalogue check's own problems
 * (the same check the server runs); the engine's actual decision is worked out here with the
 * domain's case runner whenever the file itself is sound.
 */
export function caseResults(
  path: string,
  text: string,
  catalogText: string | undefined,
  problems: readonly LocatedProblem[],
): CaseResult[] {
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter });
  if (doc.errors.length > 0) return [];
  const data = doc.toJS() as unknown;
  if (!isRecord(data) || !Array.isArray(data.cases)) return [];
  const fileProblems = problems.filter((problem) => problem.file === path);
  // The check runs the cases only once everything else is sound.
  const casesRan = problems.every((problem) => /^case (".*"|\d+): /.test(problem.message));

  const source = impairmentFileSchema.safeParse(data);
  const catalog = catalogText
    ? catalogFileSchema.safeParse(parseDocument(catalogText).toJS())
    : undefined;
  const indicators = catalog?.success ? catalog.data.indicators : undefined;
  const impairment =
    source.success && indicators
      ? (() => {
          try {
            return compileImpairment(source.data, indicators);
          } catch {
            return undefined;
          }
        })()
      : undefined;

  return data.cases.map((entry: unknown, index: number) => {
    const record = isRecord(entry) ? entry : {};
    const name = typeof record.name === 'string' && record.name ? record.name : null;
    const node = doc.getIn(['cases', index], true);
    const line = isNode(node) && node.range ? counter.linePos(node.range[0]).line : 0;
    const label = `${caseLabel(name, index)}: `;
    const own = fileProblems
      .filter((problem) => problem.message.startsWith(label))
      .map((problem) => problem.message.slice(label.length));
    const expect = record.expect;
    const expected =
      expect === 'incomplete' || expect === 'refused'
        ? expect
        : isRecord(expect)
          ? Object.fromEntries(Object.entries(expect).map(([key, value]) => [key, String(value)]))
          : {};
    let actual: Record<string, string> | null = null;
    const input = source.success ? source.data.cases?.[index] : undefined;
    if (impairment && indicators && input) {
      try {
        actual = runCase(
          impairment,
          indicators.map(({ code }) => code),
          input,
        ).actual;
      } catch {
        actual = null;
      }
    }
    const status = own.length > 0 ? 'fail' : casesRan ? 'pass' : 'unknown';
    return { index, name, line, status, expected, actual, problems: own };
  });
}
