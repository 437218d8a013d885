/**
 * Running a catalogue's regression cases (docs/catalogue.md "Regression cases") against the
 * compiled impairment with the decision engine the questionnaire uses, so a case proves what
 * the interviewer will see.
 */
import type { AnswerMap } from '../answers.ts';
import {
  decideImpairment,
  formatDecision,
  isExclusionCode,
  orderedExclusions,
  todayIso,
} from '../decision-engine.ts';
import { issueText } from '../messages.ts';
import type { Impairment, Indicator } from '../model.ts';
import { answerPlausibility } from '../plausibility.ts';
import { answerShapeIssue, questionType } from '../question-types.ts';
import { answerOf, questionnaireIndex, visibleQuestions } from '../questionnaire.ts';
import { compileImpairment } from './compile.ts';
import type { CatalogProblem, Located } from './rules.ts';
import type { CaseAnswer, ImpairmentFile } from './source-schema.ts';

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

/**
 * What a regression case expects: a decision per indicator, no decision yet ('incomplete'),
 * or a refusal of its answers by the server ('refused').
 */
type CaseExpectation = Record<string, string> | 'incomplete' | 'refused';

/** One regression case of the catalogue (docs/catalogue.md "Regression cases"), as the runner reads it. */
interface CaseInput {
  answers: Record<string, unknown>;
  asOf?: string;
  expect: CaseExpectation;
}

/** A regression case's outcome: `actual` is the decision as `expect` writes it. */
interface CaseOutcome {
  ok: boolean;
  actual: Record<string, string>;
  problems: string[];
}

const isIsoDate = (v: unknown): v is string =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);

/** An expected value as the engine writes it: exclusions unique and ordered by number. */
function normalizeExpected(expected: string): string {
  const parts = expected.split(',').map((p) => p.trim());
  if (parts.length < 2 || !parts.every(isExclusionCode)) return expected.trim();
  return orderedExclusions(parts).join(',');
}

/** 'LIFE 0, CI 25': a decision as a case failure names it. */
function decisionText(actual: Record<string, string>): string {
  return Object.entries(actual)
    .map(([indicator, value]) => `${indicator} ${value}`)
    .join(', ');
}

/**
 * Runs one catalogue regression case against an impairment (docs/catalogue.md): the short
 * answers (S R C M option uuid lists, T text, N number or the text typed, D `YYYY-MM-DD`, H
 * `{cm}`, W `{kg}`) are turned into the disclosure's answers, checked as the server checks
 * them, and the decision computed for `indicators` as of `c.asOf` (today when absent).
 * `c.expect` is the decision (exclusions written 'EX1,EX3'; only the indicators it names),
 * 'incomplete' (no decision yet) or 'refused' (the server refuses an answer: its shape, or an
 * implausible value, requirements I-16 to I-22). Problems name
 * unknown questions, unreadable answers, answers to questions not shown, answers the server
 * refuses when a decision is expected, unanswered mandatory questions and every mismatch.
 */
export function runCase(impairment: Impairment, indicators: string[], c: CaseInput): CaseOutcome {
  const problems: string[] = [];
  const index = questionnaireIndex(impairment);
  const answers: AnswerMap = {};
  const refusals: string[] = [];
  const asOf = c.asOf ?? todayIso();
  for (const [uuid, value] of Object.entries(c.answers)) {
    const q = index.questions.get(uuid);
    if (!q) {
      problems.push(`unknown question ${uuid}`);
      continue;
    }
    const answer = questionType(q.type).caseAnswer(q, value);
    if (answer === null) {
      problems.push(`answer to ${uuid} is not a ${q.type} answer`);
      continue;
    }
    answers[uuid] = answer;
    const refusal = answerShapeIssue(q, answer);
    if (refusal) refusals.push(`answer to ${uuid} is refused: ${issueText(refusal, 'en')}`);
    const implausible = answerPlausibility(q, answer, { asOf });
    if (implausible) {
      refusals.push(`answer to ${uuid} is refused: ${issueText(implausible, 'en')}`);
    }
  }
  const shown = new Set(visibleQuestions(impairment, answers).map((q) => q.uuid));
  for (const uuid of Object.keys(answers)) {
    if (!shown.has(uuid)) problems.push(`question ${uuid} is not shown for these answers`);
  }
  if (c.asOf !== undefined && !isIsoDate(c.asOf)) problems.push(`asOf ${c.asOf} is not YYYY-MM-DD`);
  const decision = decideImpairment(impairment, answers, indicators, { asOf });
  const actual = formatDecision(decision);
  if (c.expect === 'refused') {
    if (refusals.length === 0) {
      const got = decision.indicators ? decisionText(actual) : 'no decision yet';
      problems.push(`expected the answers to be refused, but they are accepted (${got})`);
    }
    return { ok: problems.length === 0, actual, problems };
  }
  problems.push(...refusals);
  if (c.expect === 'incomplete') {
    if (decision.indicators) {
      problems.push(`expected no decision yet, got ${decisionText(actual)}`);
    }
    return { ok: problems.length === 0, actual, problems };
  }
  if (decision.unanswered.length > 0) {
    problems.push(`mandatory questions unanswered: ${decision.unanswered.join(', ')}`);
  }
  for (const [indicator, expected] of Object.entries(c.expect)) {
    if (!indicators.includes(indicator)) {
      problems.push(`unknown indicator ${indicator}`);
      continue;
    }
    const got = actual[indicator];
    if (got !== undefined && got !== normalizeExpected(expected)) {
      problems.push(`${indicator}: expected ${expected}, got ${got}`);
    }
  }
  return { ok: problems.length === 0, actual, problems };
}

/**
 * Answers as a regression case writes them (docs/catalogue.md "Regression cases"), for the
 * studio's preview to hand its answers over as a case: only shown, answered questions count,
 * each in its type's short form.
 */
export function caseAnswersOf(impairment: Impairment, answers: AnswerMap): Record<string, CaseAnswer> {
  const out: Record<string, CaseAnswer> = {};
  for (const q of visibleQuestions(impairment, answers)) {
    const raw = answerOf(answers, q.uuid);
    if (raw === undefined) continue;
    const value = questionType(q.type).caseValue(q, raw);
    if (value !== null) out[q.uuid] = value;
  }
  return out;
}
