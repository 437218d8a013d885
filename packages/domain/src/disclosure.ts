/**
 * The disclosure document (design §4, schemaVersion 1): written from the screen's state,
 * read back into it and checked against the catalogue (evaluation.ts recomputes it for the
 * server, which trusts no decision the client sent). Also what enables Save, Submit, Export
 * and Print (requirements §4, §5, design §8).
 */
import { parseTextAnswer } from './answers.ts';
import { answerShapeIssue, questionType } from './question-types.ts';
import type { AnswerMap } from './answers.ts';
import { basicDataComplete } from './applicant.ts';
import type { BasicData } from './applicant.ts';
import { formatDecision } from './decision-engine.ts';
import type { ImpairmentDecision } from './decision-engine.ts';
import { isSelfDefinedUuid, selfDefinedCondition } from './impairments.ts';
import { answerOf, forEachVisibleQuestion, questionnaireIndex } from './questionnaire.ts';
import type { ChosenImpairment } from './questionnaire.ts';
import { needsSmokingStatus } from './smoking.ts';
import { isAnswered } from './validation.ts';
import type {
  AnswerValue,
  Catalog,
  DisclosedImpairment,
  DisclosureDocument,
  Impairment,
  Issue,
  Profile,
  Question,
  RecordedAnswer,
  ValidationResult,
} from './model.ts';

/** What the screen holds of a disclosure. */
export interface DisclosureState {
  profile: Profile;
  chosen: ChosenImpairment[];
}

/**
 * Whether an answer goes into the document: answered as requirements §5 counts it, or a T/N answer
 * with anything typed in a line (a draft keeps a value whose unit is not chosen yet).
 */
function worthRecording(q: Question, raw: AnswerValue | undefined): raw is AnswerValue {
  if (raw === undefined) return false;
  if (isAnswered(q, raw)) return true;
  return (
    questionType(q.type).lines &&
    parseTextAnswer(raw).some((line) => line.value.trim() !== '' || line.unit.trim() !== '')
  );
}

/** The answers of the shown questions, in questionnaire order, as the document lists them. */
export function recordedAnswers(impairment: Impairment, answers: AnswerMap): RecordedAnswer[] {
  const recorded: RecordedAnswer[] = [];
  forEachVisibleQuestion(impairment, answers, (q) => {
    const raw = answerOf(answers, q.uuid);
    if (worthRecording(q, raw)) recorded.push({ questionUuid: q.uuid, answer: raw });
  });
  return recorded;
}

/**
 * The disclosure document for the screen's state (design §4): the profile, and per chosen
 * impairment its uuid, name (the typed one for a self-defined condition), the answers of its
 * shown questions only, children under their own uuid, and — when `decisions` are given —
 * its decision as the document writes it ('EX1,EX3'; empty while incomplete).
 */
export function buildDocument(
  state: DisclosureState,
  options: { catalogVersion: string; decisions?: readonly ImpairmentDecision[] },
): DisclosureDocument {
  const decisionOf = new Map(options.decisions?.map((d) => [d.impairmentUuid, d]));
  return {
    schemaVersion: 1,
    catalogVersion: options.catalogVersion,
    profile: state.profile,
    impairments: state.chosen.map(({ impairment, answers }) => {
      const decision = decisionOf.get(impairment.uuid);
      return {
        uuid: impairment.uuid,
        name: impairment.name.en,
        selfDefined: impairment.selfDefined,
        answers: recordedAnswers(impairment, answers),
        ...(decision ? { decision: formatDecision(decision) } : {}),
      };
    }),
  };
}

/** Where a reader finds the impairments a document names. */
export interface ImpairmentSource {
  /** The impairment of a uuid, with its questions; undefined when unknown. */
  impairment(uuid: string): Impairment | undefined;
  /** The uuid of the Others template self-defined conditions are built from. */
  othersTemplateUuid: string;
}

const sources = new WeakMap<Catalog, ImpairmentSource>();

/** A catalogue as an {@link ImpairmentSource} (built once per catalogue object). */
export function catalogSource(catalog: Catalog): ImpairmentSource {
  const known = sources.get(catalog);
  if (known) return known;
  const byUuid = new Map(catalog.impairments.map((i) => [i.uuid, i]));
  const source: ImpairmentSource = {
    impairment: (uuid) => byUuid.get(uuid),
    othersTemplateUuid: catalog.settings.otherImpairment,
  };
  sources.set(catalog, source);
  return source;
}

/**
 * The uuids whose questions a reader needs for a document: each catalogue impairment's, and
 * the Others template once for self-defined conditions.
 */
export function impairmentsToLoad(doc: DisclosureDocument, othersTemplateUuid: string): string[] {
  const uuids = doc.impairments.map((d) => (d.selfDefined ? othersTemplateUuid : d.uuid));
  return [...new Set(uuids)];
}

/**
 * The impairment a disclosed entry stands for: the catalogue's, or for a self-defined one
 * the Others template under the entry's uuid and typed name. Undefined when unknown: a
 * self-defined uuid not made from the template, or a template or impairment the source lacks.
 */
export function resolveImpairment(
  entry: Pick<DisclosedImpairment, 'uuid' | 'name' | 'selfDefined'>,
  source: ImpairmentSource,
): Impairment | undefined {
  if (!entry.selfDefined) {
    const found = source.impairment(entry.uuid);
    return found && !found.selfDefined ? found : undefined;
  }
  if (!isSelfDefinedUuid(entry.uuid, source.othersTemplateUuid)) return undefined;
  const template = source.impairment(source.othersTemplateUuid);
  return template && selfDefinedCondition(template, entry.uuid, entry.name.trim());
}

/** Answers by question uuid, for the questions the impairment has; the first of duplicates wins. */
function answerMapOf(impairment: Impairment, answers: readonly RecordedAnswer[]): AnswerMap {
  const questions = questionnaireIndex(impairment).questions;
  const map: AnswerMap = {};
  for (const { questionUuid, answer } of answers) {
    if (questions.has(questionUuid) && !Object.hasOwn(map, questionUuid))
      map[questionUuid] = answer;
  }
  return map;
}

/**
 * The screen's state from a document: the profile, and the impairments the source knows, each
 * with its answers. Entries it cannot resolve are left out and reported as issues
 * ('disclosure_unknown_impairment'); decisions in the document are not read (recompute them).
 */
export function readDocument(
  doc: DisclosureDocument,
  source: ImpairmentSource,
): DisclosureState & { issues: Issue[] } {
  const chosen: ChosenImpairment[] = [];
  const issues: Issue[] = [];
  doc.impairments.forEach((entry, i) => {
    const impairment = resolveImpairment(entry, source);
    if (!impairment) {
      issues.push(unknownImpairment(entry, i));
      return;
    }
    chosen.push({ impairment, answers: answerMapOf(impairment, entry.answers) });
  });
  return { profile: doc.profile, chosen, issues };
}

function unknownImpairment(entry: Pick<DisclosedImpairment, 'uuid'>, i: number): Issue {
  return {
    code: 'disclosure_unknown_impairment',
    path: `impairments[${i}].uuid`,
    params: { impairment: entry.uuid },
  };
}

/**
 * Checks a document against a catalogue (design §4: the server answers 400 naming each):
 * unknown impairment uuids (a self-defined one must be '<Others uuid>-<digits>' and is checked
 * against the Others template), an impairment listed twice, a self-defined one without a
 * name, unknown or repeated question uuids, unknown option uuids and answers of the wrong
 * shape for their question's type. Paths point into the document:
 * `impairments[0].answers[2].answer`.
 */
export function checkDocument(doc: DisclosureDocument, catalog: Catalog): ValidationResult {
  const source = catalogSource(catalog);
  const issues: Issue[] = [];
  const seen = new Set<string>();
  doc.impairments.forEach((entry, i) => {
    const at = `impairments[${i}]`;
    if (seen.has(entry.uuid)) {
      issues.push({
        code: 'disclosure_duplicate_impairment',
        path: `${at}.uuid`,
        params: { impairment: entry.uuid },
      });
    }
    seen.add(entry.uuid);
    if (entry.selfDefined && entry.name.trim() === '') {
      issues.push({ code: 'disclosure_self_defined_name', path: `${at}.name` });
    }
    const impairment = resolveImpairment(entry, source);
    if (!impairment) {
      issues.push(unknownImpairment(entry, i));
      return;
    }
    const questions = questionnaireIndex(impairment).questions;
    const answered = new Set<string>();
    entry.answers.forEach(({ questionUuid, answer }, j) => {
      const path = `${at}.answers[${j}]`;
      const q = questions.get(questionUuid);
      const params = { impairment: entry.uuid, question: questionUuid };
      if (!q) {
        issues.push({ code: 'disclosure_unknown_question', path: `${path}.questionUuid`, params });
        return;
      }
      if (answered.has(questionUuid)) {
        issues.push({ code: 'disclosure_duplicate_answer', path: `${path}.questionUuid`, params });
      }
      answered.add(questionUuid);
      const shape = answerShapeIssue(q, answer);
      if (shape) issues.push({ ...shape, path: `${path}.answer` });
    });
  });
  return { ok: issues.length === 0, issues };
}

/** What decides which actions are enabled. */
export interface EnablementInput {
  basic: BasicData;
  /** The smoking status given, if any. */
  smokingStatus?: string | null;
  chosen: readonly ChosenImpairment[];
  /** The decision of every chosen impairment, in order: `decideAll(chosen, …)`. */
  decisions: readonly ImpairmentDecision[];
  /** Something cannot be true (requirements I-16 to I-21): the server refuses the save. */
  implausible?: boolean;
}

const hasDecision = (d: ImpairmentDecision): boolean => d.indicators !== null;

/**
 * Save (requirements §4, design §8): application number, age (18 or over), gender and risk score
 * filled, at least one condition with a decision, and nothing implausible (requirements I-16
 * to I-21: the server refuses it).
 */
export function canSave(input: EnablementInput): boolean {
  return basicDataComplete(input.basic) && input.decisions.some(hasDecision) && !input.implausible;
}

/**
 * Submit (design §8): as Save, and every chosen condition complete (has a decision), and
 * a smoking status when a chosen condition needs one (requirements §5).
 */
export function canSubmit(input: EnablementInput): boolean {
  const smokingMissing =
    needsSmokingStatus(input.chosen.map((c) => c.impairment)) &&
    (input.smokingStatus ?? '').trim() === '';
  return canSave(input) && input.decisions.every(hasDecision) && !smokingMissing;
}

/** Export (requirements §5): basic data complete and no shown mandatory question unanswered. */
export function canExport(input: EnablementInput): boolean {
  return basicDataComplete(input.basic) && input.decisions.every((d) => d.unanswered.length === 0);
}

/** Print (requirements §5): every chosen condition has a decision. */
export function canPrint(input: EnablementInput): boolean {
  return input.decisions.every(hasDecision);
}

/** All four enablements at once. */
export function enablement(input: EnablementInput): {
  save: boolean;
  submit: boolean;
  export: boolean;
  print: boolean;
} {
  return {
    save: canSave(input),
    submit: canSubmit(input),
    export: canExport(input),
    print: canPrint(input),
  };
}
