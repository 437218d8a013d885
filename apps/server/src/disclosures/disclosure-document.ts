import {
  disclosureDocumentSchema,
  issueText,
  type Bilingual,
  type DisclosureDocument,
  type Issue,
  type Profile,
} from '@vmer/domain';
import {
  todayIso,
  type ConsolidatedDecision,
  type ImpairmentDecision,
} from '@vmer/domain/decision-engine';
import { catalogSource, checkDocument, resolveImpairment } from '@vmer/domain/disclosure';
import {
  evaluateDocument as evaluateAgainstCatalogue,
  type DocumentEvaluation,
} from '@vmer/domain/evaluation';
import { matchesGender } from '@vmer/domain/impairments';
import { inEveryLanguage, textIn, type LanguageCode } from '@vmer/domain/languages';
import { questionnaireIndex, type ChosenImpairment } from '@vmer/domain/questionnaire';
import type { CatalogView } from '../catalog/catalog-view.ts';
import { HttpError, schemaIssueMessage, type FieldError } from '../http/errors.ts';
import { refuseBadText } from '../http/nul-guard.ts';
import { htmlToText } from '@vmer/domain/plain-text';

/** Where the document sits in the request body: every path of its problems starts here. */
const ROOT = 'disclosureJson';

/** The basic data carried beside the document in the payload (requirements §7). */
export interface PayloadProfile {
  applicationNumber: string;
  age: number | null;
  gender: Profile['gender'];
  rsmScore: Profile['rsmScore'];
}

/** A disclosure document checked and recomputed against its catalogue version. */
export interface EvaluatedDocument {
  catalog: CatalogView;
  /** The document to store: names from the catalogue, the server's BMI and decisions. */
  document: DisclosureDocument;
  /** The day D answers were measured to. */
  asOf: string;
  /** Everything the domain derived from the document, computed once. */
  evaluation: DocumentEvaluation;
}

/** The decisions behind an evaluated document, for the spreadsheet. */
export interface DocumentDecisions {
  chosen: ChosenImpairment[];
  decisions: ImpairmentDecision[];
  consolidated: ConsolidatedDecision;
  bmi: number | null;
}

/** An issue of the domain in both languages, for an error answer. */
function issueMessage(issue: Issue): Bilingual {
  return inEveryLanguage((language) => issueText(issue, language));
}

/** A domain path into the document (`impairments[0].answers[2].answer`) as a body path. */
function bodyPath(path: string): string {
  return `${ROOT}.${path.replace(/\[(\d+)\]/g, '.$1')}`;
}

/** A JSON escape of a UTF-16 surrogate, paired or not. */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

/**
 * Reads disclosureJson (design §4): JSON, then the document schema (model.ts). A problem
 * answers 400 naming the field (`disclosureJson.impairments.3.uuid`) and nothing is written.
 */
export function parseDocument(json: string): DisclosureDocument {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw new HttpError(400, 'disclosure_document_invalid', [
      { path: ROOT, message: 'disclosure_json_malformed' },
    ]);
  }
  // JSON carries U+0000 only escaped (always \u0000), and a lone surrogate escaped (\ud800, any
  // case) or as is, which the body's own check refuses: walk the document only when its text
  // has such an escape.
  if (json.includes('\\u0000') || SURROGATE_ESCAPE.test(json)) refuseBadText(raw, ROOT);
  const parsed = disclosureDocumentSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.flatMap((issue): FieldError[] => {
    const base = [ROOT, ...issue.path.map(String)].join('.');
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        path: `${base}.${key}`,
        message: 'field_unknown' as const,
      }));
    }
    return [{ path: base, message: schemaIssueMessage(issue) }];
  });
  throw new HttpError(400, 'disclosure_document_invalid', errors);
}

/**
 * Checks a document against the catalogue version it names and recomputes what the server
 * stores (design §4, §5): every impairment, question and option uuid must exist and every
 * answer have its type's shape (the domain's checkDocument), each condition must be offered
 * for the product and apply to the applicant's gender, or 400 names it. The profile takes
 * the payload's basic data; names, BMI and every decision are the server's (the domain's
 * recomputeDocument): whatever the client sent for them is ignored.
 */
export function evaluateDocument(
  doc: DisclosureDocument,
  view: CatalogView,
  basic: PayloadProfile,
  product: { insurerCode: string; channel: string; productCode: string },
  asOf: string = todayIso(),
): EvaluatedDocument {
  const { catalog } = view;
  const sent: DisclosureDocument = {
    ...doc,
    catalogVersion: view.version,
    profile: { ...doc.profile, age: basic.age, gender: basic.gender, rsmScore: basic.rsmScore },
  };
  const errors: FieldError[] = checkDocument(sent, catalog).issues.map((issue) => ({
    path: bodyPath(issue.path),
    message: issueMessage(issue),
  }));
  const offered = view.product(product.insurerCode, product.channel, product.productCode)?.offered;
  const source = catalogSource(catalog);
  sent.impairments.forEach((entry, i) => {
    const impairment = resolveImpairment(entry, source);
    if (!impairment) return;
    const path = `${ROOT}.impairments.${i}.uuid`;
    const special = Object.values(view.specials).some((s) => s?.uuid === impairment.uuid);
    // Each reason names its condition, so that the screen can show which one it is.
    const params = { condition: impairment.name };
    if (!impairment.selfDefined && !special && !offered?.some((o) => o.uuid === impairment.uuid)) {
      errors.push({ path, message: { key: 'disclosure_impairment_not_offered', params } });
    } else if (!matchesGender(impairment, sent.profile.gender)) {
      errors.push({ path, message: { key: 'disclosure_impairment_gender', params } });
    }
  });
  if (errors.length > 0) throw new HttpError(400, 'disclosure_document_invalid', errors);
  const evaluation = evaluateAgainstCatalogue(
    sent,
    catalog,
    asOf,
    basic.applicationNumber,
    product.insurerCode,
  );
  return { catalog: view, document: evaluation.document, asOf, evaluation };
}

/** The per-condition and consolidated decisions of an evaluated document, as evaluated. */
export function documentDecisions(evaluated: EvaluatedDocument): DocumentDecisions {
  const { chosen, decisions, consolidated, bmi } = evaluated.evaluation;
  return { chosen, decisions, consolidated, bmi };
}

/** Profile issues at their body paths: the basic fields beside the document, the rest in it. */
function profileProblems(issues: readonly Issue[]): FieldError[] {
  const basicFields = ['applicationNumber', 'age', 'gender', 'rsmScore'];
  return issues.map((issue) => ({
    path: basicFields.includes(issue.path)
      ? issue.path
      : `${ROOT}.profile.${issue.path.replace(/^profile\./, '')}`,
    message: issueMessage(issue),
  }));
}

/**
 * Refuses what cannot be true (requirements I-16 to I-21, the domain's plausibility.ts): 400
 * naming each implausible field at its body path with its translated message — an answer's
 * message names its condition and question — and nothing is written. Save, submit and export
 * call it; a catalogue update does not, its implausible answers simply decide nothing (I-22).
 */
export function refuseImplausible(evaluated: EvaluatedDocument): void {
  const issues = evaluated.evaluation.documentPlausibilityIssues;
  if (issues.length === 0) return;
  const source = catalogSource(evaluated.catalog.catalog);
  const errors = issues.map((issue): FieldError => {
    if (!issue.path.startsWith('impairments[')) return profileProblems([issue])[0]!;
    const index = Number(/\[(\d+)\]/.exec(issue.path)?.[1]);
    const entry = evaluated.document.impairments[index];
    const impairment = entry && resolveImpairment(entry, source);
    const question =
      impairment &&
      questionnaireIndex(impairment).questions.get(String(issue.params?.question ?? ''));
    if (!impairment || !question)
      return { path: bodyPath(issue.path), message: issueMessage(issue) };
    const text = (language: LanguageCode) =>
      htmlToText(textIn(question.question, language)).replace(/\n/g, ' ');
    return {
      path: bodyPath(issue.path),
      message: {
        key: 'disclosure_answer_implausible',
        params: {
          condition: impairment.name,
          question: inEveryLanguage(text),
          reason: issueMessage(issue),
        },
      },
    };
  });
  throw new HttpError(400, 'disclosure_implausible', errors);
}

/** What save needs (requirements §4, design §8): the basic data, and one condition with a decision. */
export function saveProblems(evaluated: EvaluatedDocument): FieldError[] {
  const { saveIssues } = evaluated.evaluation;
  const conditionsOf = (code: string) => saveIssues.some((issue) => issue.code === code);
  const errors = profileProblems(saveIssues.filter((issue) => issue.path !== 'impairments'));
  if (conditionsOf('please_choose_video_mer')) {
    errors.push({ path: `${ROOT}.impairments`, message: 'disclosure_choose_condition' });
  } else if (conditionsOf('please_choose_an_answer_and_decision')) {
    errors.push({ path: `${ROOT}.impairments`, message: 'disclosure_answer_a_condition' });
  }
  return errors;
}

/**
 * The 400 of a refused save, its message naming the reason: the basic information when any
 * of it is missing, else no condition chosen, else no condition with a decision yet.
 */
export function saveRefused(problems: FieldError[]): HttpError {
  const only = (message: string) =>
    problems.length === 1 &&
    problems[0]?.path === `${ROOT}.impairments` &&
    problems[0].message === message;
  if (only('disclosure_choose_condition'))
    return new HttpError(400, 'disclosure_no_condition', problems);
  if (only('disclosure_answer_a_condition'))
    return new HttpError(400, 'disclosure_no_decision', problems);
  return new HttpError(400, 'disclosure_basic_data_incomplete', problems);
}

/**
 * What submit needs (requirements §4, §5, the domain's submitIssues): the basic data (smoking status
 * included when a condition needs it), at least one condition, and every shown mandatory
 * question answered. Export needs the same but for the smoking status and the condition
 * (requirements §5: complete basic data, no unanswered mandatory question). Each unanswered question
 * is named with its condition and its text.
 */
export function completionProblems(
  evaluated: EvaluatedDocument,
  purpose: 'submit' | 'export',
): FieldError[] {
  const { catalog } = evaluated.catalog;
  const { document } = evaluated;
  const issues = evaluated.evaluation.documentSubmitIssues.filter(
    (issue) =>
      purpose === 'submit' ||
      (issue.code !== 'smoking_required' && issue.code !== 'please_choose_video_mer'),
  );
  const source = catalogSource(catalog);
  const errors = profileProblems(
    issues.filter(
      (issue) => issue.code !== 'disclosure_unanswered' && issue.code !== 'please_choose_video_mer',
    ),
  );
  if (issues.some((issue) => issue.code === 'please_choose_video_mer')) {
    errors.push({ path: `${ROOT}.impairments`, message: 'disclosure_choose_condition' });
  }
  for (const issue of issues) {
    if (issue.code !== 'disclosure_unanswered') continue;
    const index = Number(/\[(\d+)\]/.exec(issue.path)?.[1]);
    const entry = document.impairments[index];
    const impairment = entry && resolveImpairment(entry, source);
    const uuid = String(issue.params?.question ?? '');
    const question = impairment && questionnaireIndex(impairment).questions.get(uuid);
    if (!impairment || !question) {
      errors.push({ path: bodyPath(issue.path), message: issueMessage(issue) });
      continue;
    }
    const text = (language: LanguageCode) =>
      htmlToText(textIn(question.question, language)).replace(/\n/g, ' ');
    errors.push({
      path: `${bodyPath(issue.path)}.${uuid}`,
      message: {
        key: 'disclosure_question_unanswered',
        params: {
          condition: impairment.name,
          question: inEveryLanguage(text),
        },
      },
    });
  }
  return errors;
}
