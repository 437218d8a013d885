/**
 * The decision engine (requirements §4 "Decision per indicator per impairment", design §6): what
 * each shown, answered question gives for each indicator, combined with the precedence
 * D > P > U > exclusions (all collected) > debit points (added). The server and the browser
 * both call it, so the decision on screen is the decision stored.
 */
import { parseChoices } from './answers.ts';
import type { AnswerMap } from './answers.ts';
import { isChoiceType, measureAnswer } from './question-types.ts';
import { hasUnreadableNumber, isAnswered, isMandatory } from './validation.ts';
import { answerOf, forEachVisibleQuestion } from './questionnaire.ts';
import type { ChosenImpairment } from './questionnaire.ts';
import { isAbnormalBmiImpairment } from './impairments.ts';
import { answerPlausibility } from './plausibility.ts';
import type { PlausibilityFacts } from './plausibility.ts';
import type {
  AnswerOption,
  AnswerValue,
  Band,
  Decision,
  Impairment,
  IndicatorResult,
  Question,
} from './model.ts';

/**
 * What produced one contributing value of an indicator, so a screen can explain a decision:
 * a chosen option, the band a free-form answer fell in, a free-form answer without a band
 * (always U), or the BMI rule.
 */
export type Driver =
  | { kind: 'option'; questionUuid: string; optionUuid: string; value: string }
  | {
      kind: 'band';
      questionUuid: string;
      bandIndex: number;
      /** What the band was matched on: N the number, H cm, W kg, D whole months; null for T. */
      measured: number | null;
      value: string;
    }
  | { kind: 'free-form'; questionUuid: string; value: 'U' }
  | { kind: 'bmi'; value: string };

/** One indicator's result with the drivers of the values that decided it. */
export interface IndicatorDecision extends IndicatorResult {
  /**
   * The contributions of the deciding kind: every D for a D, every P for a P, every U for a U,
   * every exclusion for EX, every debit for points.
   */
  drivers: Driver[];
}

/** The decision of one impairment. */
export interface ImpairmentDecision {
  impairmentUuid: string;
  /**
   * Per indicator; null while a shown mandatory question is unanswered, a shown number
   * answer cannot be read, or a shown answer is implausible (requirements I-22).
   */
  indicators: Record<string, IndicatorDecision> | null;
  /**
   * The shown questions keeping the decision back, by uuid, in questionnaire order: mandatory
   * ones unanswered, any whose number answer cannot be read ('-'), and any whose answer is
   * implausible (plausibility.ts, requirements I-22).
   */
  unanswered: string[];
}

/** What the engine needs besides answers. */
export interface DecisionOptions {
  /** The day D bands are measured from, YYYY-MM-DD. */
  asOf: string;
  /** Added as one more contribution: the BMI rule's decision for the Abnormal BMI impairment. */
  extra?: Decision | null;
  /** The applicant's birth date and smoking status answers are held against (I-16, I-21). */
  facts?: PlausibilityFacts;
}

// Precedence ranks: the highest present decides.
const POINTS = 0;
const EXCLUSION = 1;
const REFER = 2;
const POSTPONE = 3;
const DECLINE = 4;
const NOTHING = -1;

const WHOLE_NUMBER = /^\d+$/;
const EXCLUSION_CODE = /^EX(\d+)$/;

const ranks = new Map<string, number>();

function classify(value: string): number {
  switch (value) {
    case 'D':
      return DECLINE;
    case 'P':
      return POSTPONE;
    case 'U':
      return REFER;
  }
  if (EXCLUSION_CODE.test(value)) return EXCLUSION;
  return WHOLE_NUMBER.test(value) ? POINTS : NOTHING;
}

/** A value's precedence rank; catalogues use few distinct values, so ranks are remembered. */
function rankOf(value: string | undefined): number {
  if (value === undefined) return NOTHING;
  let rank = ranks.get(value);
  if (rank === undefined) {
    rank = classify(value);
    if (ranks.size < 10_000) ranks.set(value, rank);
  }
  return rank;
}

const exclusionNumber = (code: string): number => Number(code.slice(2));
const byExclusionNumber = (a: string, b: string): number => exclusionNumber(a) - exclusionNumber(b);

/** Exclusion codes as the engine writes them: each once, ordered by number (EX2 before EX10). */
export function orderedExclusions(codes: readonly string[]): string[] {
  return [...new Set(codes)].sort(byExclusionNumber);
}

/** Whether a value is an exclusion code (EX and its number). */
export const isExclusionCode = (value: string): boolean => EXCLUSION_CODE.test(value);

/**
 * One answer's contribution: a decision per indicator (null = U for every indicator). The BMI
 * rule's decision is one too, without a question.
 */
interface Contribution {
  question: Question | null;
  option: AnswerOption | null;
  bandIndex: number;
  measured: number | null;
  decision: Decision | null;
}

/** Today's date in local time as YYYY-MM-DD, the default `asOf`. */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The first band an answer falls in, or -1: `from` and `to` inclusive, `above` and `below`
 * exclusive, `maxMonths` inclusive, a band without bounds matching everything. An unreadable
 * answer (null) falls in no band.
 */
export function matchBand(bands: readonly Band[], measured: number | null): number {
  if (measured === null) return -1;
  for (let i = 0; i < bands.length; i++) {
    const band = bands[i]!;
    if (band.from !== undefined && !(measured >= band.from)) continue;
    if (band.above !== undefined && !(measured > band.above)) continue;
    if (band.to !== undefined && !(measured <= band.to)) continue;
    if (band.below !== undefined && !(measured < band.below)) continue;
    if (band.maxMonths !== undefined && !(measured <= band.maxMonths)) continue;
    return i;
  }
  return -1;
}

function collect(
  q: Question,
  raw: AnswerValue | undefined,
  asOf: string,
  out: Contribution[],
): void {
  if (isChoiceType(q.type)) {
    const chosen = parseChoices(raw);
    for (const option of q.answerList) {
      if (option.decision && chosen.includes(option.uuid)) {
        out.push({ question: q, option, bandIndex: -1, measured: null, decision: option.decision });
      }
    }
    return;
  }
  const bands = q.bands;
  if (!bands || bands.length === 0) {
    out.push({ question: q, option: null, bandIndex: -1, measured: null, decision: null });
    return;
  }
  const measured = measureAnswer(q, raw, asOf);
  const bandIndex = matchBand(bands, measured);
  // An answer no band takes is referred, as an unbanded one is: never silently passed.
  const decision = bandIndex < 0 ? null : bands[bandIndex]!.decision;
  out.push({ question: q, option: null, bandIndex, measured, decision });
}

function valueOf(c: Contribution, indicator: string): string | undefined {
  return c.decision === null ? 'U' : c.decision[indicator];
}

function driverOf(c: Contribution, value: string): Driver {
  if (!c.question) return { kind: 'bmi', value };
  if (c.option) {
    return { kind: 'option', questionUuid: c.question.uuid, optionUuid: c.option.uuid, value };
  }
  if (c.bandIndex >= 0) {
    return {
      kind: 'band',
      questionUuid: c.question.uuid,
      bandIndex: c.bandIndex,
      measured: c.measured,
      value,
    };
  }
  return { kind: 'free-form', questionUuid: c.question.uuid, value: 'U' };
}

function resultOf(rank: number, points: number, exclusions: string[]): IndicatorResult {
  switch (rank) {
    case DECLINE:
      return { value: 'D', exclusions: [] };
    case POSTPONE:
      return { value: 'P', exclusions: [] };
    case REFER:
      return { value: 'U', exclusions: [] };
    case EXCLUSION:
      return { value: 'EX', exclusions: orderedExclusions(exclusions) };
    default:
      return { value: String(points), exclusions: [] };
  }
}

function decideIndicator(
  contributions: readonly Contribution[],
  indicator: string,
): IndicatorDecision {
  let rank = NOTHING;
  for (const c of contributions) {
    const own = rankOf(valueOf(c, indicator));
    if (own > rank) rank = own;
  }
  let points = 0;
  const exclusions: string[] = [];
  const drivers: Driver[] = [];
  for (const c of contributions) {
    const value = valueOf(c, indicator);
    if (value === undefined || rankOf(value) !== rank) continue;
    if (rank === POINTS) points += Number(value);
    else if (rank === EXCLUSION) exclusions.push(value);
    drivers.push(driverOf(c, value));
  }
  return { ...resultOf(rank, points, exclusions), drivers };
}

/**
 * The decision of one impairment for its answers (requirements §4, design §6), per indicator.
 * Over the shown, answered questions: a chosen option gives its decision (an option that only
 * opens children gives nothing); a T, N, D, H or W answer gives U, or with bands the first
 * matching band's decision (N the first line's number, H cm, W kg, D whole months to `asOf`;
 * `from` and `to` inclusive, `above` and `below` exclusive, `maxMonths` inclusive; an answer
 * no band takes gives U). Then D, else P,
 * else U, else every exclusion code (unique, by number), else the debit points added ("0"
 * when nothing contributes). With any shown mandatory question unanswered, or a number answer
 * that is not a number (it falls in no band and the server refuses it), or an answer that
 * cannot be true (plausibility.ts: a date after `asOf` or before the birth date, a height,
 * weight or number out of bounds, a smoking answer contradicting the status; requirements
 * I-22), there is no decision (`indicators` null). `options.extra` joins as one more contribution (the BMI
 * rule's decision for the Abnormal BMI impairment).
 */
export function decideImpairment(
  impairment: Impairment,
  answers: AnswerMap,
  indicators: readonly string[],
  options: DecisionOptions,
): ImpairmentDecision {
  const contributions: Contribution[] = [];
  const unanswered: string[] = [];
  const plausibility = { asOf: options.asOf, ...options.facts };
  forEachVisibleQuestion(impairment, answers, (q) => {
    const raw = answerOf(answers, q.uuid);
    if (raw === undefined || !isAnswered(q, raw)) {
      if (isMandatory(q) || hasUnreadableNumber(q, raw)) unanswered.push(q.uuid);
      return;
    }
    // I-22: an implausible answer decides nothing, as an unreadable number (T-28).
    if (answerPlausibility(q, raw, plausibility)) {
      unanswered.push(q.uuid);
      return;
    }
    collect(q, raw, options.asOf, contributions);
  });
  if (unanswered.length > 0) {
    return { impairmentUuid: impairment.uuid, indicators: null, unanswered };
  }
  if (options.extra) {
    contributions.push({
      question: null,
      option: null,
      bandIndex: -1,
      measured: null,
      decision: options.extra,
    });
  }
  const result: Record<string, IndicatorDecision> = {};
  for (const indicator of indicators) {
    result[indicator] = decideIndicator(contributions, indicator);
  }
  return { impairmentUuid: impairment.uuid, indicators: result, unanswered };
}

/** What the whole disclosure's decisions need besides the chosen impairments. */
export interface DisclosureDecisionContext {
  indicators: readonly string[];
  asOf: string;
  /**
   * The BMI rule: its decision joins the decision of the chosen impairment whose English name
   * is `impairmentName` (userInfo.abnormalBmiImpairmentName).
   */
  bmi?: { impairmentName: string; decision: Decision | null };
  /** The applicant's birth date and smoking status answers are held against (I-16, I-21). */
  facts?: PlausibilityFacts;
}

/** The decision of every chosen impairment, in order (see {@link decideImpairment}). */
export function decideAll(
  chosen: readonly ChosenImpairment[],
  context: DisclosureDecisionContext,
): ImpairmentDecision[] {
  const { bmi } = context;
  return chosen.map(({ impairment, answers }) =>
    decideImpairment(impairment, answers, context.indicators, {
      asOf: context.asOf,
      ...(context.facts ? { facts: context.facts } : {}),
      extra: bmi && isAbnormalBmiImpairment(impairment, bmi.impairmentName) ? bmi.decision : null,
    }),
  );
}

/** The consolidated decision across impairments. */
export interface ConsolidatedDecision {
  /** Per indicator, over the impairments that have a decision. */
  indicators: Record<string, IndicatorResult>;
  /** Whether every impairment has a decision. */
  complete: boolean;
}

/**
 * The decision across impairments per indicator, with the same precedence as within one:
 * any D gives D, else P, else U, else every exclusion collected, else the points added.
 * Impairments without a decision are left out and make it incomplete.
 */
export function consolidate(
  decisions: readonly ImpairmentDecision[],
  indicators: readonly string[],
): ConsolidatedDecision {
  const result: Record<string, IndicatorResult> = {};
  for (const indicator of indicators) {
    let rank = POINTS;
    let points = 0;
    const exclusions: string[] = [];
    for (const d of decisions) {
      const r = d.indicators?.[indicator];
      if (!r) continue;
      const own = r.value === 'EX' ? EXCLUSION : rankOf(r.value);
      rank = Math.max(rank, own);
      if (own === POINTS) points += Number(r.value);
      if (own === EXCLUSION) exclusions.push(...r.exclusions);
    }
    result[indicator] = resultOf(rank, points, exclusions);
  }
  return { indicators: result, complete: decisions.every((d) => d.indicators !== null) };
}

/** An indicator result as the disclosure document writes it: 'EX1,EX3' for exclusions. */
export function formatIndicatorResult(result: IndicatorResult): string {
  return result.value === 'EX' ? result.exclusions.join(',') : result.value;
}

/** A decision as the disclosure document writes it ('D', 'EX1,EX3', '50') read back into a result. */
export function readIndicatorResult(text: string): IndicatorResult {
  return isExclusionCode(text.split(',')[0] ?? '')
    ? { value: 'EX', exclusions: text.split(',') }
    : { value: text, exclusions: [] };
}

/**
 * Every exclusion code the decisions name, once each, in code order (EX2 before EX10): the
 * wordings a printout or a spreadsheet lists below the decisions.
 */
export function exclusionCodesOf(decisions: readonly ImpairmentDecision[]): string[] {
  const codes = new Set<string>();
  for (const decision of decisions) {
    for (const result of Object.values(decision.indicators ?? {})) {
      for (const code of result.exclusions) codes.add(code);
    }
  }
  const number = (code: string) => Number(code.replace(/^\D+/, ''));
  return [...codes].sort((a, b) => number(a) - number(b) || a.localeCompare(b));
}

/** A decision as the disclosure document writes it; empty while there is none (requirements §4). */
export function formatDecision(decision: ImpairmentDecision): Record<string, string> {
  const out: Record<string, string> = {};
  if (!decision.indicators) return out;
  for (const [indicator, result] of Object.entries(decision.indicators)) {
    out[indicator] = formatIndicatorResult(result);
  }
  return out;
}
