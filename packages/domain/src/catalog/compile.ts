/**
 * Source → compiled catalogue: nested child questions are flattened into the requirements' Question
 * form (requirements §3) so that every consumer reads one shape.
 */
import {
  catalogSettingsSchema,
  type AnswerOption,
  type Catalog,
  type Decision,
  type Impairment,
  type Indicator,
  type Question,
  type QuestionGroup,
} from '../model.ts';
import { questionType } from '../question-types.ts';
import type {
  CatalogFile,
  ImpairmentFile,
  InsurersFile,
  SourceBand,
  SourceOption,
  SourceQuestion,
} from './source-schema.ts';

/** The three kinds of source document of one catalogue, already schema-checked. */
export interface CatalogSources {
  catalog: CatalogFile;
  insurers: InsurersFile;
  impairments: ImpairmentFile[];
}

const EXCLUSION = /^EX\d+$/;

/** Every decision an impairment's options and bands can give, in source order. */
function* decisionsOf(questions: readonly SourceQuestion[]): Generator<Decision> {
  for (const question of questions) {
    for (const band of question.bands ?? []) yield band.decision;
    for (const option of question.options ?? []) {
      if (option.decision) yield option.decision;
      yield* decisionsOf(option.questions ?? []);
    }
  }
}

/** Sorted exclusion codes an impairment may give, e.g. ['EX1', 'EX3']. */
function exclusionsOf(questions: readonly SourceQuestion[]): string[] {
  const codes = new Set<string>();
  for (const decision of decisionsOf(questions)) {
    for (const value of Object.values(decision)) if (EXCLUSION.test(value)) codes.add(value);
  }
  return [...codes].sort((a, b) => Number(a.slice(2)) - Number(b.slice(2)));
}

function isFreeForm(type: Question['type']): boolean {
  return questionType(type).options === null;
}

/**
 * Flattens one impairment file. Questions come out depth-first, each child right after the
 * question whose option opens it, numbered from 1 by `index`.
 */
export function compileImpairment(
  source: ImpairmentFile,
  indicators: readonly Indicator[],
): Impairment {
  const groups = new Map<string, QuestionGroup>(
    source.groups.map((group, index) => [
      group.uuid,
      {
        uuid: group.uuid,
        index,
        header: group.header,
        ...(group.description ? { description: group.description } : {}),
      },
    ]),
  );
  const alwaysRefer: Decision = Object.fromEntries(indicators.map(({ code }) => [code, 'U']));
  const questionList: Question[] = [];

  const visit = (
    question: SourceQuestion,
    parentPath: readonly string[],
    level: number,
    inherited: QuestionGroup | undefined,
  ): void => {
    const group = (question.group ? groups.get(question.group) : undefined) ?? inherited;
    if (!group) throw new Error(`question ${question.uuid} has no group`);
    const options = question.options ?? [];
    const answerList = options.map((option) => compileOption(option, question));
    const bands: SourceBand[] | undefined = question.bands;
    const compiled: Question = {
      uuid: question.uuid,
      index: questionList.length + 1,
      type: question.type,
      question: question.question,
      ...(question.mandatory ? { mandatory: question.mandatory } : {}),
      parentUuid: parentPath.at(-1) ?? source.uuid,
      uuidPath: parentPath.join(','),
      level,
      group,
      answerList,
      answer: null,
      choiceList: answerList.filter((option) => !option.hasDecision).map((option) => option.uuid),
      decision: isFreeForm(question.type) && !bands ? alwaysRefer : null,
      ...(bands ? { bands } : {}),
      ...(question.placeholder ? { placeholder: question.placeholder } : {}),
      ...(question.units ? { units: question.units } : {}),
      ...(question.min !== undefined ? { min: question.min } : {}),
      ...(question.max !== undefined ? { max: question.max } : {}),
      // No consolidated view re-orders answers yet: each lands at its own place and type.
      c_index: questionList.length + 1,
      c_type: question.type,
    };
    questionList.push(compiled);
    for (const option of options) {
      for (const child of option.questions ?? []) {
        visit(child, [...parentPath, question.uuid, option.uuid], level + 1, group);
      }
    }
  };
  for (const question of source.questions) visit(question, [source.uuid], 1, undefined);

  return {
    uuid: source.uuid,
    name: source.name,
    gender: source.gender,
    decision: indicators.map(({ code }) => code),
    exNoList: exclusionsOf(source.questions),
    questionList,
    selfDefined: false,
    ...(source.category ? { group: source.category } : {}),
    ...(source.needsSmoking !== undefined ? { needsSmoking: source.needsSmoking } : {}),
    ...(source.smokingQuestion ? { smokingQuestionUuid: source.smokingQuestion } : {}),
    ...(source.synonyms ? { synonyms: source.synonyms } : {}),
  };
}

function compileOption(option: SourceOption, question: SourceQuestion): AnswerOption {
  // `unique: Y` is the older spelling of `exclusive: true` on a checkbox.
  const exclusive = option.exclusive === true || option.unique === 'Y';
  return {
    uuid: option.uuid,
    label: option.label,
    decision: option.decision ?? null,
    hasDecision: option.decision !== undefined,
    parentUuid: question.uuid,
    ...(questionType(question.type).uniqueOptions ? { unique: exclusive ? 'Y' : 'N' } : {}),
    ...(exclusive ? { exclusive: true } : {}),
    ...(option.smokingValue ? { smokingValue: option.smokingValue } : {}),
  };
}

/**
 * Compiles a whole catalogue. The sources must have passed `lintCatalog`; impairments come
 * out sorted by English name, the order the condition chooser offers them in.
 */
export function compileCatalog(sources: CatalogSources): Catalog {
  const { catalog, insurers } = sources;
  const impairments = sources.impairments
    .map((impairment) => compileImpairment(impairment, catalog.indicators))
    .sort((a, b) => a.name.en.localeCompare(b.name.en, 'en') || a.uuid.localeCompare(b.uuid));
  return {
    notes: catalog.notes,
    indicators: catalog.indicators,
    exclusions: catalog.exclusions,
    ruleAgeList: catalog.ruleAgeList,
    smokingLists: catalog.smokingLists,
    settings: catalogSettingsSchema.parse(catalog.settings ?? {}),
    insurers: insurers.insurers,
    impairments,
  };
}
