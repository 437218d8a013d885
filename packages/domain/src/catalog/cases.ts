/**
 * Running a catalogue's regression cases (docs/catalogue.md "Regression cases") against the
 * compiled impairment with the decision engine the questionnaire uses, so a case proves what
 * the interviewer will see.
 */
import { runCase } from '../decision-engine.ts';
import type { Indicator } from '../model.ts';
import { compileImpairment } from './compile.ts';
import type { CatalogProblem, Located } from './rules.ts';
import type { ImpairmentFile } from './source-schema.ts';

/**
 * Runs one impairment's cases; the impairment must have passed the rules.
 * @returns one problem per failure, at the case that failed.
 */
export function runImpairmentCases(
  { file, data }: Located<ImpairmentFile>,
  indicators: readonly Indicator[],
): CatalogProblem[] {
  if (!data.cases?.length) return [];
  const impairment = compileImpairment(data, indicators);
  const codes = indicators.map(({ code }) => code);
  return data.cases.flatMap((regressionCase, index) => {
    const label = regressionCase.name ? `case "${regressionCase.name}"` : `case ${index + 1}`;
    return runCase(impairment, codes, regressionCase).problems.map((problem) => ({
      file,
      path: ['cases', index],
      message: `${label}: ${problem}`,
    }));
  });
}
