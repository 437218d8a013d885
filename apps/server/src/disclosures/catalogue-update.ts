import { inEveryLanguage, textIn } from '@vmer/domain/languages';
import type {
  Bilingual,
  DisclosedImpairment,
  DisclosureDocument,
  Impairment,
  Question,
} from '@vmer/domain';
import { answerShapeIssue } from '@vmer/domain/question-types';
import { catalogSource, resolveImpairment } from '@vmer/domain/disclosure';
import { matchesGender } from '@vmer/domain/impairments';
import type { CatalogueUpdateCondition, CatalogueUpdateSummary } from '@vmer/domain/lifecycle';
import { questionnaireIndex } from '@vmer/domain/questionnaire';
import type { CatalogView } from '../catalog/catalog-view.ts';
import {
  evaluateDocument,
  type EvaluatedDocument,
  type PayloadProfile,
} from './disclosure-document.ts';
import { htmlToText } from '@vmer/domain/plain-text';

/** A planned move of a stored document to another catalogue version. */
export interface CatalogueUpdatePlan {
  evaluated: EvaluatedDocument;
  summary: CatalogueUpdateSummary;
}

const questionText = (question: Question): Bilingual =>
  inEveryLanguage((language) =>
    htmlToText(textIn(question.question, language)).replace(/\n/g, ' '),
  );

/** The questions a condition gains and loses between two versions, worked out once per pair. */
const movedQuestions = new WeakMap<Impairment, WeakMap<Impairment | typeof NONE, QuestionsMoved>>();
const NONE = {} as Impairment;
interface QuestionsMoved {
  added: Bilingual[];
  removed: Bilingual[];
}

function questionsMoved(before: Impairment | undefined, after: Impairment): QuestionsMoved {
  const byBefore = movedQuestions.get(after) ?? new WeakMap();
  movedQuestions.set(after, byBefore);
  const known = byBefore.get(before ?? NONE);
  if (known) return known;
  const oldQuestions = before ? questionnaireIndex(before).questions : new Map<string, Question>();
  const newQuestions = questionnaireIndex(after).questions;
  const moved = {
    added: [...newQuestions.values()].filter((q) => !oldQuestions.has(q.uuid)).map(questionText),
    removed: [...oldQuestions.values()].filter((q) => !newQuestions.has(q.uuid)).map(questionText),
  };
  byBefore.set(before ?? NONE, moved);
  return moved;
}

/**
 * What a stored disclosure becomes on another catalogue version, and a summary of the change:
 * conditions that no longer exist, are no longer offered for the product or no longer apply to
 * the applicant's gender are dropped; the others keep each answer whose question still exists,
 * still shows and still takes that answer; every decision is recomputed on the new version,
 * measured to `asOf` (today by default; an impact replay measures to the day of submission).
 */
export function planCatalogueUpdate(
  stored: DisclosureDocument,
  from: CatalogView,
  to: CatalogView,
  basic: PayloadProfile,
  product: { insurerCode: string; channel: string; productCode: string },
  asOf?: string,
): CatalogueUpdatePlan {
  const fromSource = catalogSource(from.catalog);
  const toSource = catalogSource(to.catalog);
  const offered = to.product(product.insurerCode, product.channel, product.productCode)?.offered;
  const specials = Object.values(to.specials).flatMap((special) => (special ? [special.uuid] : []));
  const kept: DisclosedImpairment[] = [];
  const conditions: CatalogueUpdateCondition[] = [];

  for (const entry of stored.impairments) {
    const before = resolveImpairment(entry, fromSource);
    const after = resolveImpairment(entry, toSource);
    const name = after?.name ?? before?.name ?? inEveryLanguage(() => entry.name);
    const available =
      after !== undefined &&
      (after.selfDefined ||
        specials.includes(after.uuid) ||
        (offered?.some((o) => o.uuid === after.uuid) ?? false)) &&
      matchesGender(after, basic.gender);
    const summary: CatalogueUpdateCondition = {
      uuid: entry.uuid,
      name,
      removed: !available,
      questionsAdded: [],
      questionsRemoved: [],
      answersKept: 0,
      answersDropped: entry.answers.length,
      before: entry.decision ?? {},
      after: {},
    };
    conditions.push(summary);
    if (!available || !after) continue;
    const newQuestions = questionnaireIndex(after).questions;
    const moved = questionsMoved(before, after);
    summary.questionsAdded = moved.added;
    summary.questionsRemoved = moved.removed;
    kept.push({
      uuid: entry.uuid,
      name: entry.name,
      selfDefined: entry.selfDefined,
      answers: entry.answers.filter(({ questionUuid, answer }) => {
        const question = newQuestions.get(questionUuid);
        return question !== undefined && answerShapeIssue(question, answer) === null;
      }),
    });
  }

  const evaluated = evaluateDocument(
    { ...stored, catalogVersion: to.version, impairments: kept },
    to,
    basic,
    product,
    asOf,
  );
  for (const summary of conditions) {
    const moved = evaluated.document.impairments.find((entry) => entry.uuid === summary.uuid);
    if (!moved) continue;
    summary.answersKept = moved.answers.length;
    summary.answersDropped =
      (stored.impairments.find((entry) => entry.uuid === summary.uuid)?.answers.length ?? 0) -
      moved.answers.length;
    summary.after = moved.decision ?? {};
  }
  return {
    evaluated,
    summary: { fromVersion: from.version, toVersion: to.version, conditions },
  };
}
