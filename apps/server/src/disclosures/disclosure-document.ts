import {
  answerShapeIssue,
  computeBmi,
  disclosureDocumentSchema,
  issueText,
  parseHeight,
  parseWeight,
  validateProfile,
  bmiDecision,
  type AnswerMap,
  type Bilingual,
  type DisclosureDocument,
  type Impairment,
  type Issue,
  type Profile,
} from '@vmer/domain';
import {
  consolidate,
  decideAll,
  formatDecision,
  todayIso,
  type ConsolidatedDecision,
  type ImpairmentDecision,
} from '@vmer/domain/decision-engine';
import { isSelfDefinedUuid, matchesGender, selfDefinedCondition } from '@vmer/domain/impairments';
import {
  pruneHiddenAnswers,
  questionnaireIndex,
  type ChosenImpairment,
} from '@vmer/domain/questionnaire';
import { needsSmokingStatus } from '@vmer/domain/smoking';
import type { CatalogView } from '../catalog/catalog-view.ts';
import { HttpError, type FieldError } from '../http/errors.ts';
import { HTTP_MESSAGES } from '../http/messages.ts';
import { htmlToText } from './plain-text.ts';

/** Where the document sits in the request body: every path of its problems starts here. */
const ROOT = 'disclosureJson';

/** The basic data carried beside the document in the payload (spec §7). */
export interface PayloadProfile {
  applicationNumber: string;
  age: number | null;
  gender: Profile['gender'];
  rsmScore: Profile['rsmScore'];
}

/** A disclosure document checked and evaluated against its catalogue version. */
export interface EvaluatedDocument {
  catalog: CatalogView;
  /** The document to store: names from the catalogue, the server's BMI and decisions. */
  document: DisclosureDocument;
  chosen: ChosenImpairment[];
  decisions: ImpairmentDecision[];
  consolidated: ConsolidatedDecision;
  bmi: number | null;
}

/** An issue of the domain in both languages, for an error answer. */
export function issueMessage(issue: Issue): Bilingual {
  return { en: issueText(issue, 'en'), cn_traditional: issueText(issue, 'cn_traditional') };
}

/**
 * Reads disclosureJson (DESIGN.md §4): JSON, then the document schema (model.ts). A problem
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
    const message =
      issue.code === 'too_big'
        ? issue.origin === 'array' || issue.origin === 'string'
          ? 'field_too_long'
          : 'field_too_big'
        : issue.code === 'invalid_type'
          ? 'field_type'
          : 'field_invalid';
    return [{ path: base, message }];
  });
  throw new HttpError(400, 'disclosure_document_invalid', errors);
}

/**
 * Checks a document against the catalogue version it names and recomputes everything the
 * server stores (DESIGN.md §4, §5): every impairment, question and option uuid must exist and
 * every answer have its type's shape, or 400 names it. Conditions must be offered for the
 * product and apply to the applicant's gender. The profile takes the payload's basic data,
 * names come from the catalogue, answers to questions not shown are dropped, and BMI and
 * every decision are computed here: whatever the client sent for them is ignored.
 */
export function evaluateDocument(
  doc: DisclosureDocument,
  view: CatalogView,
  basic: PayloadProfile,
  product: { insurerCode: string; channel: string; productCode: string },
  asOf: string = todayIso(),
): EvaluatedDocument {
  const { catalog } = view;
  const errors: FieldError[] = [];
  const profile: Profile = {
    ...doc.profile,
    age: basic.age,
    gender: basic.gender,
    rsmScore: basic.rsmScore,
  };
  const offered = new Set(
    view
      .product(product.insurerCode, product.channel, product.productCode)
      ?.offered.map((i) => i.uuid),
  );
  const specials = new Set(
    Object.values(view.specials).flatMap((i: Impairment | null) => i?.uuid ?? []),
  );
  const template = view.specials.others;
  const seen = new Set<string>();
  const chosen: ChosenImpairment[] = [];

  doc.impairments.forEach((disclosed, i) => {
    const at = `${ROOT}.impairments.${i}`;
    let impairment: Impairment | undefined;
    if (disclosed.selfDefined) {
      const name = disclosed.name.trim();
      if (template && isSelfDefinedUuid(disclosed.uuid, template.uuid) && name !== '') {
        impairment = selfDefinedCondition(template, disclosed.uuid, name);
      } else if (name === '') {
        errors.push({ path: `${at}.name`, message: 'field_required' });
      }
    } else {
      impairment = view.impairment(disclosed.uuid);
      if (impairment && !offered.has(impairment.uuid) && !specials.has(impairment.uuid)) {
        errors.push({ path: `${at}.uuid`, message: 'disclosure_impairment_not_offered' });
        return;
      }
    }
    if (!impairment) {
      errors.push({ path: `${at}.uuid`, message: unknown('impairment', disclosed.uuid) });
      return;
    }
    if (seen.has(impairment.uuid)) {
      errors.push({ path: `${at}.uuid`, message: 'field_not_allowed' });
      return;
    }
    seen.add(impairment.uuid);
    if (!matchesGender(impairment, profile.gender)) {
      errors.push({ path: `${at}.uuid`, message: 'disclosure_impairment_gender' });
    }
    const index = questionnaireIndex(impairment);
    const answers: AnswerMap = {};
    disclosed.answers.forEach(({ questionUuid, answer }, j) => {
      const q = index.questions.get(questionUuid);
      if (!q) {
        errors.push({
          path: `${at}.answers.${j}.questionUuid`,
          message: unknown('question', questionUuid),
        });
        return;
      }
      if (Object.hasOwn(answers, questionUuid)) {
        errors.push({ path: `${at}.answers.${j}.questionUuid`, message: 'field_not_allowed' });
        return;
      }
      const shape = answerShapeIssue(q, answer);
      if (shape) {
        errors.push({ path: `${at}.answers.${j}.answer`, message: issueMessage(shape) });
        return;
      }
      answers[questionUuid] = answer;
    });
    chosen.push({ impairment, answers: pruneHiddenAnswers(impairment, answers) });
  });
  if (errors.length > 0) throw new HttpError(400, 'disclosure_document_invalid', errors);

  const indicators = catalog.indicators.map((indicator) => indicator.code);
  const bmi = computeBmi(parseHeight(profile.height), parseWeight(profile.weight));
  const decisions = decideAll(chosen, {
    indicators,
    asOf,
    bmi: {
      impairmentName: catalog.settings.abnormalBmiImpairmentName,
      decision: bmiDecision(catalog.ruleAgeList, profile.age, profile.gender, bmi),
    },
  });
  const { bmi: _clientBmi, ...rest } = profile;
  const document: DisclosureDocument = {
    schemaVersion: 1,
    catalogVersion: view.version,
    profile: bmi === null ? rest : { ...rest, bmi },
    impairments: chosen.map(({ impairment, answers }, i) => ({
      uuid: impairment.uuid,
      name: impairment.name.en,
      selfDefined: impairment.selfDefined,
      answers: Object.entries(answers).map(([questionUuid, answer]) => ({ questionUuid, answer })),
      decision: formatDecision(decisions[i]!),
    })),
  };
  return {
    catalog: view,
    document,
    chosen,
    decisions,
    consolidated: consolidate(decisions, indicators),
    bmi,
  };
}

function unknown(kind: 'impairment' | 'question', uuid: string): Bilingual {
  const text =
    HTTP_MESSAGES[
      kind === 'impairment' ? 'disclosure_unknown_impairment' : 'disclosure_unknown_question'
    ];
  const shown = uuid.slice(0, 100);
  return {
    en: text.en.replace('{uuid}', shown),
    cn_traditional: text.cn_traditional.replace('{uuid}', shown),
  };
}

/** What save needs (spec §4, DESIGN.md §8): the basic data, and one condition with a decision. */
export function saveProblems(evaluated: EvaluatedDocument, basic: PayloadProfile): FieldError[] {
  const errors = profileProblems(evaluated, basic, false);
  if (!evaluated.decisions.some((d) => d.indicators !== null)) {
    errors.push({ path: `${ROOT}.impairments`, message: 'disclosure_no_decision' });
  }
  return errors;
}

/**
 * What submit and export need (spec §4, §5): the basic data (smoking status included when a
 * condition needs it), at least one condition, and every shown mandatory question answered,
 * each unanswered one named with its condition.
 */
export function completionProblems(
  evaluated: EvaluatedDocument,
  basic: PayloadProfile,
): FieldError[] {
  const errors = profileProblems(
    evaluated,
    basic,
    needsSmokingStatus(evaluated.chosen.map((c) => c.impairment)),
  );
  if (evaluated.chosen.length === 0) {
    errors.push({ path: `${ROOT}.impairments`, message: 'disclosure_no_decision' });
  }
  evaluated.decisions.forEach((decision, i) => {
    const { impairment } = evaluated.chosen[i]!;
    const questions = questionnaireIndex(impairment).questions;
    for (const uuid of decision.unanswered) {
      const text = questions.get(uuid)?.question;
      const prompt = HTTP_MESSAGES.disclosure_question_unanswered;
      const fill = (template: string, language: keyof Bilingual) =>
        template
          .replace('{condition}', impairment.name[language])
          .replace('{question}', htmlToText(text?.[language] ?? uuid).replace(/\n/g, ' '));
      errors.push({
        path: `${ROOT}.impairments.${i}.${uuid}`,
        message: {
          en: fill(prompt.en, 'en'),
          cn_traditional: fill(prompt.cn_traditional, 'cn_traditional'),
        },
      });
    }
  });
  return errors;
}

function profileProblems(
  evaluated: EvaluatedDocument,
  basic: PayloadProfile,
  smokingRequired: boolean,
): FieldError[] {
  const result = validateProfile(
    { ...evaluated.document.profile, applicationNumber: basic.applicationNumber },
    { smokingRequired },
  );
  return result.issues.map((issue) => ({
    path: ['applicationNumber', 'age', 'gender', 'rsmScore'].includes(issue.path)
      ? issue.path
      : `${ROOT}.profile.${issue.path}`,
    message: issueMessage(issue),
  }));
}
