/**
 * One evaluation of a disclosure (requirements §4, §5, design §4, §6, §8): from the profile and
 * the chosen conditions with their answers, everything derived from them at once — the BMI and
 * its rule's decision, the condition that decision joins, each condition's decision per
 * indicator with what drove it, the consolidated decision, what a save and a submit still lack,
 * and which actions are enabled. The screen, the server's save and submit checks, the stored
 * document, the spreadsheet and the printout all read this, so none of them restates a rule.
 */
import { parseHeight, parseWeight, type AnswerMap } from './answers.ts';
import { validateProfile } from './applicant.ts';
import { bmiDecision, computeBmi } from './bmi.ts';
import {
  consolidate,
  decideAll,
  decideImpairment,
  formatDecision,
  todayIso,
} from './decision-engine.ts';
import type { ConsolidatedDecision, ImpairmentDecision } from './decision-engine.ts';
import {
  catalogSource,
  enablement,
  readDocument,
  recordedAnswers,
  resolveImpairment,
} from './disclosure.ts';
import type { DisclosureState } from './disclosure.ts';
import { isAbnormalBmiImpairment } from './impairments.ts';
import type {
  Catalog,
  Decision,
  DisclosedImpairment,
  DisclosureDocument,
  Impairment,
  Issue,
  Profile,
  RuleAge,
} from './model.ts';
import { impairmentPlausibility, plausibilityFacts, profilePlausibility } from './plausibility.ts';
import { unansweredMandatory } from './questionnaire.ts';
import type { ChosenImpairment } from './questionnaire.ts';
import { needsSmokingStatus } from './smoking.ts';
import { insurerBmiRules, insurerIndicators } from './insurer-config.ts';

/** What an evaluation needs of the catalogue version a disclosure was answered on. */
export interface EvaluationContext {
  /** The indicator codes decisions are given for, in the catalogue's order. */
  indicators: readonly string[];
  /** The BMI rule's rows. */
  ruleAgeList: readonly RuleAge[];
  /** The English name of the condition the BMI rule's decision joins. */
  abnormalBmiImpairmentName: string;
  /** The day D answers are measured to, YYYY-MM-DD. */
  asOf: string;
}

/** The evaluation context of a catalogue version, for the insurer's indicators and BMI rules (K-13). */
export function evaluationContext(
  catalog: Catalog,
  asOf: string,
  insurerCode?: string | null,
): EvaluationContext {
  return {
    indicators: insurerIndicators(catalog, insurerCode).map((indicator) => indicator.code),
    ruleAgeList: insurerBmiRules(catalog, insurerCode),
    abnormalBmiImpairmentName: catalog.settings.abnormalBmiImpairmentName,
    asOf,
  };
}

/** What is evaluated: the screen's state, and the application number carried beside it. */
export interface EvaluationInput extends DisclosureState {
  chosen: ChosenImpairment[];
  applicationNumber?: string | null;
}

/** Everything derived from a disclosure. */
export interface Evaluation {
  /** From height and weight when both read, else the BMI the profile carries. */
  bmi: number | null;
  /** The BMI rule's decision for this age, gender and BMI; null when none applies. */
  bmiDecision: Decision | null;
  /** The uuid of the chosen condition the BMI rule's decision joins (Abnormal BMI); null if none. */
  abnormalBmiCondition: string | null;
  /** The decision of every chosen condition, in order, with what drove each indicator. */
  decisions: ImpairmentDecision[];
  consolidated: ConsolidatedDecision;
  /** A chosen condition needs the smoking status. */
  smokingRequired: boolean;
  /**
   * What a save lacks (requirements §4, design §8): the profile's problems but the smoking
   * status, then 'please_choose_video_mer' with no condition or
   * 'please_choose_an_answer_and_decision' when no condition has a decision yet (path
   * 'impairments').
   */
  saveIssues: Issue[];
  /**
   * What a submit lacks (requirements §4, §5): the profile's problems (the smoking status
   * when a condition needs one), 'please_choose_video_mer' with no condition, and one
   * 'disclosure_unanswered' per shown mandatory question unanswered (path `impairments[i]`,
   * `i` the condition's place among the chosen).
   */
  submitIssues: Issue[];
  /**
   * What cannot be true (requirements I-16 to I-21, plausibility.ts): the profile's issues at
   * their fields ('age', 'birthDate', 'height', 'weight'), then each implausible answer with
   * path `impairments[i]` (`i` the condition's place among the chosen) and params naming the
   * condition and the question. While any stands, Save and Submit are off and its condition
   * (the Abnormal BMI one for a height or weight) has no decision (I-22).
   */
  plausibilityIssues: Issue[];
  /** Which actions the screen enables. */
  enabled: { save: boolean; submit: boolean; export: boolean; print: boolean };
}

/** The BMI of the profile's height and weight; null unless both read. */
export function measuredBmi(profile: Pick<Profile, 'height' | 'weight'>): number | null {
  return computeBmi(parseHeight(profile.height ?? ''), parseWeight(profile.weight ?? ''));
}

/** The profile's BMI: from its height and weight when both read, else the BMI it carries. */
export function profileBmi(profile: Profile): number | null {
  return measuredBmi(profile) ?? profile.bmi ?? null;
}

/** Evaluates a disclosure: see {@link Evaluation}. */
export function evaluateDisclosure(input: EvaluationInput, context: EvaluationContext): Evaluation {
  const { profile, chosen } = input;
  const bmi = profileBmi(profile);
  const bmiRule = bmiDecision([...context.ruleAgeList], profile.age, profile.gender, bmi);
  const name = context.abnormalBmiImpairmentName;
  const abnormal = chosen.find(({ impairment }) => isAbnormalBmiImpairment(impairment, name));
  const facts = plausibilityFacts(profile);
  const profileImplausible = profilePlausibility(profile, context.asOf);
  // I-22: a BMI from an implausible height or weight decides nothing either.
  const implausibleBmi = profileImplausible.some((i) => i.path === 'height' || i.path === 'weight');
  const decisions = decideAll(chosen, {
    indicators: context.indicators,
    asOf: context.asOf,
    bmi: { impairmentName: name, decision: bmiRule },
    facts,
  }).map((d) =>
    implausibleBmi && d.impairmentUuid === abnormal?.impairment.uuid
      ? { ...d, indicators: null }
      : d,
  );
  const plausibilityIssues = [...profileImplausible];
  const plausibility = { asOf: context.asOf, ...facts };
  chosen.forEach(({ impairment, answers }, i) => {
    for (const issue of impairmentPlausibility(impairment, answers, plausibility)) {
      plausibilityIssues.push({
        ...issue,
        path: `impairments[${i}]`,
        params: { ...issue.params, impairment: impairment.uuid, question: issue.path },
      });
    }
  });
  const smokingRequired = needsSmokingStatus(chosen.map((c) => c.impairment));
  const withNumber = { ...profile, applicationNumber: input.applicationNumber };

  const saveIssues = validateProfile(withNumber, { smokingRequired: false }).issues;
  if (chosen.length === 0) {
    saveIssues.push({ code: 'please_choose_video_mer', path: 'impairments' });
  } else if (!decisions.some((d) => d.indicators !== null)) {
    saveIssues.push({ code: 'please_choose_an_answer_and_decision', path: 'impairments' });
  }

  const submitIssues = validateProfile(withNumber, { smokingRequired }).issues;
  if (chosen.length === 0) {
    submitIssues.push({ code: 'please_choose_video_mer', path: 'impairments' });
  }
  chosen.forEach(({ impairment, answers }, i) => {
    for (const q of unansweredMandatory(impairment, answers)) {
      submitIssues.push({
        code: 'disclosure_unanswered',
        path: `impairments[${i}]`,
        params: { impairment: impairment.uuid, question: q.uuid },
      });
    }
  });

  return {
    bmi,
    bmiDecision: bmiRule,
    abnormalBmiCondition: abnormal?.impairment.uuid ?? null,
    decisions,
    consolidated: consolidate(decisions, context.indicators),
    smokingRequired,
    saveIssues,
    submitIssues,
    plausibilityIssues,
    enabled: enablement({
      implausible: plausibilityIssues.length > 0,
      basic: {
        applicationNumber: input.applicationNumber,
        age: profile.age,
        gender: profile.gender,
        rsmScore: profile.rsmScore,
      },
      smokingStatus: profile.smokingStatus,
      chosen,
      decisions,
    }),
  };
}

/** A document's evaluation, with the conditions read from it and the document as stored. */
export interface DocumentEvaluation extends Evaluation {
  /** The conditions the catalogue knows, with their answers, in the document's order. */
  chosen: ChosenImpairment[];
  /**
   * The document as the server stores it (design §4, §5): every decision recomputed from
   * the answers and the catalogue (client decisions ignored); the BMI from height and weight;
   * catalogue names for catalogue conditions; answers to unknown or hidden questions dropped.
   * An entry the catalogue cannot resolve is kept as sent, without a decision.
   */
  document: DisclosureDocument;
  /**
   * The submit issues with paths into the document (`impairments[i]`, `i` the entry's place in
   * the document), led by every entry the catalogue cannot resolve
   * ('disclosure_unknown_impairment').
   */
  documentSubmitIssues: Issue[];
  /**
   * The plausibility issues with paths into the document: the age at 'age' (it travels beside
   * the document), the rest of the profile at `profile.<field>`, an answer at
   * `impairments[i].answers[j].answer`.
   */
  documentPlausibilityIssues: Issue[];
}

/**
 * Evaluates a disclosure document against its catalogue version as of `asOf` (YYYY-MM-DD):
 * see {@link Evaluation} and {@link DocumentEvaluation}, decided on the indicators of the
 * insurer `insurerCode` (all when absent, K-13). Call `checkDocument` first.
 */
export function evaluateDocument(
  doc: DisclosureDocument,
  catalog: Catalog,
  asOf: string,
  applicationNumber?: string | null,
  insurerCode?: string | null,
): DocumentEvaluation {
  const source = catalogSource(catalog);
  const state = readDocument(doc, source);
  const evaluation = evaluateDisclosure(
    { profile: doc.profile, chosen: state.chosen, applicationNumber },
    evaluationContext(catalog, asOf, insurerCode),
  );
  const decisionOf = new Map(evaluation.decisions.map((d) => [d.impairmentUuid, d]));
  const chosenOf = new Map(state.chosen.map((c) => [c.impairment.uuid, c]));
  const impairments = doc.impairments.map((entry): DisclosedImpairment => {
    const chosen = resolveImpairment(entry, source) && chosenOf.get(entry.uuid);
    const decision = decisionOf.get(entry.uuid);
    if (!chosen || !decision) return { ...entry, decision: {} };
    const { impairment, answers } = chosen;
    return {
      uuid: entry.uuid,
      name: impairment.name.en,
      selfDefined: impairment.selfDefined,
      answers: recordedAnswers(impairment, answers),
      decision: formatDecision(decision),
    };
  });
  const { bmi } = evaluation;
  const profile: Profile = bmi === null ? doc.profile : { ...doc.profile, bmi };
  // With entries sent but none known, the unknown ones are the problem, not their absence.
  const sentNone = doc.impairments.length === 0;
  const documentSubmitIssues = [
    ...state.issues,
    ...evaluation.submitIssues.flatMap((issue) => {
      if (issue.code === 'please_choose_video_mer') return sentNone ? [issue] : [];
      if (issue.code !== 'disclosure_unanswered') return [issue];
      const i = doc.impairments.findIndex((d) => d.uuid === issue.params?.impairment);
      return [{ ...issue, path: `impairments[${i}]` }];
    }),
  ];
  const documentPlausibilityIssues = evaluation.plausibilityIssues.map((issue): Issue => {
    if (!issue.path.startsWith('impairments[')) {
      return { ...issue, path: issue.path === 'age' ? 'age' : `profile.${issue.path}` };
    }
    const i = doc.impairments.findIndex((d) => d.uuid === issue.params?.impairment);
    const j = doc.impairments[i]?.answers.findIndex(
      (a) => a.questionUuid === issue.params?.question,
    );
    return { ...issue, path: `impairments[${i}].answers[${j ?? -1}].answer` };
  });
  return {
    ...evaluation,
    chosen: state.chosen,
    document: { ...doc, profile, impairments },
    documentSubmitIssues,
    documentPlausibilityIssues,
  };
}

/**
 * The document as the server stores it (see {@link DocumentEvaluation.document}), as of `asOf`
 * (YYYY-MM-DD). Call `checkDocument` first.
 */
export function recomputeDocument(
  doc: DisclosureDocument,
  catalog: Catalog,
  asOf: string,
): DisclosureDocument {
  return evaluateDocument(doc, catalog, asOf).document;
}

/**
 * What a submit of the document still lacks (design §4: the server refuses it, listing them):
 * see {@link DocumentEvaluation.documentSubmitIssues}.
 */
export function submitIssues(
  applicationNumber: string | null | undefined,
  doc: DisclosureDocument,
  catalog: Catalog,
  asOf: string = todayIso(),
): Issue[] {
  return evaluateDocument(doc, catalog, asOf, applicationNumber).documentSubmitIssues;
}

/**
 * One condition evaluated alone, with no applicant around it (the studio's preview, design
 * §14): its decision per indicator with what drove it, and the consolidated decision.
 */
export function evaluateCondition(
  impairment: Impairment,
  answers: AnswerMap,
  indicators: readonly string[],
  asOf: string,
): { decisions: ImpairmentDecision[]; consolidated: ConsolidatedDecision } {
  const decisions = [decideImpairment(impairment, answers, [...indicators], { asOf })];
  return { decisions, consolidated: consolidate(decisions, [...indicators]) };
}
