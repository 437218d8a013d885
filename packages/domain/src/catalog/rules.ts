/**
 * The catalogue's rules beyond its schema (docs/catalogue.md): unique uuids, complete
 * decisions, no dangling reference, both languages, the safe HTML subset, well-formed bands.
 * Each rule reports where the problem sits, as a file and a path inside it.
 */
import {
  DEFAULT_ABNORMAL_BMI_NAME,
  DEFAULT_HIGH_LOW_BMI_NAME,
  OTHERS_TEMPLATE_UUID,
  QUESTION_TYPES,
  type Decision,
  type QuestionType,
} from '../model.ts';
import { LANGUAGE_CODES } from '../languages.ts';
import { isChoiceType, questionType, type QuestionTypeDefinition } from '../question-types.ts';
import { checkQuestionHtml } from './html.ts';
import type {
  CatalogFile,
  ImpairmentFile,
  InsurersFile,
  SourceBand,
  SourceQuestion,
} from './source-schema.ts';

/** A path inside one source document: keys and list positions from its root. */
export type SourcePath = (string | number)[];

/** One problem found in a catalogue. */
export interface CatalogProblem {
  /** The file, relative to the catalogue's folder: `impairments/asthma.yaml`. */
  file: string;
  path: SourcePath;
  message: string;
  /**
   * `format` when the file is not a catalogue file at all (its YAML or its shape is wrong), so
   * nothing can be made of it; absent when a rule or a regression case fails.
   */
  kind?: 'format';
}

/** A schema-checked source document and the file it came from. */
export interface Located<T> {
  file: string;
  data: T;
}

/** The schema-checked parts of a catalogue; a part that failed its schema is absent. */
export interface CheckedParts {
  catalog?: Located<CatalogFile> | undefined;
  insurers?: Located<InsurersFile> | undefined;
  impairments: Located<ImpairmentFile>[];
  /**
   * Uuid and English name of every impairment file, sound or not, so that a file failing its
   * schema does not also make every reference to it dangle.
   */
  declared: { uuid: string; name?: string | undefined }[];
}

/** The five smoking values every smoking list offers, in this order (docs/catalogue.md). */
export const SMOKING_VALUES = [
  'current-over-1-pack',
  'current-under-1-pack',
  'quit-within-period',
  'quit-before-period',
  'never',
] as const;
/** Look-back of each smoking list in months (requirements §9). */
export const SMOKING_LOOKBACK = { A: 6, B: 12 } as const;

const EXCLUSION = /^EX\d+$/;

type Report = (path: SourcePath, message: string) => void;

/** "a T question", "an N question": the letters' names decide the article. */
function an(type: QuestionType): string {
  return `${'NMSRH'.includes(type) ? 'an' : 'a'} ${type}`;
}

/** The question types that pass a test, in the model's order. */
function typesOf(test: (definition: QuestionTypeDefinition) => boolean): QuestionType[] {
  return QUESTION_TYPES.filter((type) => test(questionType(type)));
}

/** Question type letters for a message: 'T, N and W'. */
function typeList(types: readonly QuestionType[], last = ' and '): string {
  return types.length < 2
    ? types.join('')
    : `${types.slice(0, -1).join(', ')}${last}${types.at(-1)}`;
}

/** The question types that pass a test, for a message. */
function typesWith(test: (definition: QuestionTypeDefinition) => boolean, last?: string): string {
  return typeList(typesOf(test), last);
}

/** The types that take bands, those on a number first: 'N, H, W and D'. */
const BANDED_TYPES = typeList([
  ...typesOf((t) => t.bands === 'number'),
  ...typesOf((t) => t.bands === 'months'),
]);

function isChoice(type: QuestionType): boolean {
  return isChoiceType(type);
}

/**
 * Every text given in both languages must be written in both, and a text written by hand in
 * another language (cn_simplified) must not be empty either.
 */
function checkLanguages(data: unknown, path: SourcePath, report: Report): void {
  if (Array.isArray(data)) {
    data.forEach((item, index) => checkLanguages(item, [...path, index], report));
    return;
  }
  if (data === null || typeof data !== 'object') return;
  const record = data as Record<string, unknown>;
  if ('en' in record && 'cn_traditional' in record) {
    for (const language of LANGUAGE_CODES.filter((code) => code in record)) {
      const text = record[language];
      if (typeof text !== 'string' || text.trim() === '') {
        report([...path, language], `the ${language} text is empty`);
      }
    }
    return;
  }
  for (const [key, value] of Object.entries(record)) checkLanguages(value, [...path, key], report);
}

/**
 * A condition's synonyms (requirements I-01): none empty, none repeated within one language
 * (case, width and the spaces around ignored), as the search would find them the same way.
 */
function checkSynonyms(synonyms: ImpairmentFile['synonyms'], report: Report): void {
  for (const [language, list] of Object.entries(synonyms ?? {})) {
    const seen = new Map<string, number>();
    (list ?? []).forEach((synonym, index) => {
      const path = ['synonyms', language, index];
      const key = synonym.normalize('NFKC').trim().toLowerCase();
      if (key === '') {
        report(path, 'a synonym is empty');
        return;
      }
      const first = seen.get(key);
      if (first === undefined) seen.set(key, index);
      else report(path, `synonym "${synonym.trim()}" is already listed (item ${first + 1})`);
    });
  }
}

/** Checks a decision names every indicator exactly once and its exclusions have wordings. */
function checkDecision(
  decision: Decision,
  path: SourcePath,
  context: { indicators: readonly string[]; exclusions: ReadonlySet<string> },
  report: Report,
): void {
  const missing = context.indicators.filter((code) => !(code in decision));
  if (missing.length > 0) report(path, `decision misses indicator(s) ${missing.join(', ')}`);
  for (const [code, value] of Object.entries(decision)) {
    if (!context.indicators.includes(code)) {
      report([...path, code], `unknown indicator ${code} (not in catalog.yaml)`);
    }
    if (EXCLUSION.test(value) && !context.exclusions.has(value)) {
      report([...path, code], `exclusion ${value} has no wording in catalog.yaml`);
    }
  }
}

/** Checks BMI rules (the catalogue's, or an insurer's at `at`): bounds, and band decisions. */
function checkRuleAgeList(
  rules: CatalogFile['ruleAgeList'],
  at: SourcePath,
  context: { indicators: readonly string[]; exclusions: ReadonlySet<string> },
  report: Report,
): void {
  rules.forEach((rule, ruleIndex) => {
    const path = [...at, 'ruleAgeList', ruleIndex];
    if (rule.lower >= rule.upper) report(path, 'lower must be below upper');
    rule.bmiList.forEach((band, bandIndex) => {
      const bandPath = [...path, 'bmiList', bandIndex];
      if (band.lower >= band.upper) report(bandPath, 'lower must be below upper');
      checkDecision(band.decision, [...bandPath, 'decision'], context, report);
    });
  });
}

interface CatalogContext {
  indicators: readonly string[];
  exclusions: ReadonlySet<string>;
  smokingValues: ReadonlySet<string>;
}

function checkCatalogFile(catalog: CatalogFile, report: Report): CatalogContext {
  const indicators = catalog.indicators.map(({ code }) => code);
  indicators.forEach((code, index) => {
    if (indicators.indexOf(code) !== index) {
      report(['indicators', index, 'code'], `indicator ${code} is listed twice`);
    }
  });
  const exclusions = new Set<string>();
  catalog.exclusions.forEach(({ code }, index) => {
    if (exclusions.has(code)) report(['exclusions', index, 'code'], `${code} is listed twice`);
    exclusions.add(code);
  });
  const context = { indicators, exclusions, smokingValues: new Set<string>(SMOKING_VALUES) };

  checkRuleAgeList(catalog.ruleAgeList, [], context, report);

  const ids = catalog.smokingLists.map(({ id }) => id);
  for (const id of ['A', 'B'] as const) {
    const index = ids.indexOf(id);
    if (index < 0) {
      report(['smokingLists'], `smoking list ${id} is missing`);
      continue;
    }
    if (ids.lastIndexOf(id) !== index)
      report(['smokingLists'], `smoking list ${id} is listed twice`);
    const list = catalog.smokingLists[index];
    if (list && list.lookbackMonths !== SMOKING_LOOKBACK[id]) {
      report(
        ['smokingLists', index, 'lookbackMonths'],
        `list ${id} looks back ${SMOKING_LOOKBACK[id]} months`,
      );
    }
    list?.options.forEach((option, optionIndex) => {
      const expected = SMOKING_VALUES[optionIndex];
      if (option.value !== expected) {
        report(
          ['smokingLists', index, 'options', optionIndex, 'value'],
          `option ${optionIndex + 1} of a smoking list is ${expected}`,
        );
      }
    });
  }
  return context;
}

function checkInsurers(
  insurers: InsurersFile,
  impairmentUuids: ReadonlySet<string> | undefined,
  context: CatalogContext | undefined,
  report: Report,
): void {
  const indicators = context?.indicators;
  const codes = new Set<string>();
  insurers.insurers.forEach((insurer, insurerIndex) => {
    const insurerPath = ['insurers', insurerIndex];
    if (codes.has(insurer.code)) report([...insurerPath, 'code'], `insurer ${insurer.code} twice`);
    codes.add(insurer.code);
    const used = new Set<string>();
    insurer.indicators?.forEach((code, index) => {
      const path = [...insurerPath, 'indicators', index];
      if (indicators && !indicators.includes(code)) {
        report(path, `unknown indicator ${code} (not in catalog.yaml)`);
      }
      if (used.has(code)) report(path, `indicator ${code} is listed twice`);
      used.add(code);
    });
    if (insurer.ruleAgeList && context) {
      checkRuleAgeList(insurer.ruleAgeList, insurerPath, context, report);
    }
    const worded = new Set<string>();
    insurer.exclusions?.forEach(({ code }, index) => {
      const path = [...insurerPath, 'exclusions', index, 'code'];
      if (context && !context.exclusions.has(code)) {
        report(path, `exclusion ${code} is not in catalog.yaml`);
      }
      if (worded.has(code)) report(path, `${code} is listed twice`);
      worded.add(code);
    });
    const channels = new Set<string>();
    insurer.channels.forEach((channel, channelIndex) => {
      const channelPath = [...insurerPath, 'channels', channelIndex];
      if (channels.has(channel.code))
        report([...channelPath, 'code'], `channel ${channel.code} twice`);
      channels.add(channel.code);
      const products = new Set<string>();
      channel.products.forEach((product, productIndex) => {
        const productPath = [...channelPath, 'products', productIndex];
        if (products.has(product.code)) {
          report([...productPath, 'code'], `product ${product.code} twice in this channel`);
        }
        products.add(product.code);
        if (product.impairments === 'all' || !impairmentUuids) return;
        const seen = new Set<string>();
        product.impairments.forEach((uuid, index) => {
          const path = [...productPath, 'impairments', index];
          if (!impairmentUuids.has(uuid)) report(path, `no impairment ${uuid} in the catalogue`);
          if (seen.has(uuid)) report(path, `${uuid} is listed twice`);
          seen.add(uuid);
        });
      });
    });
  });
}

/** One side of a band: its bound's field, value and whether the value itself is inside. */
interface BandEdge {
  key: 'from' | 'above' | 'to' | 'below' | 'maxMonths';
  value: number;
  inclusive: boolean;
}

function lowerEdge(band: SourceBand): BandEdge | undefined {
  if (band.from !== undefined) return { key: 'from', value: band.from, inclusive: true };
  if (band.above !== undefined) return { key: 'above', value: band.above, inclusive: false };
  return undefined;
}

function upperEdge(band: SourceBand, dated: boolean): BandEdge | undefined {
  if (dated) {
    return band.maxMonths === undefined
      ? undefined
      : { key: 'maxMonths', value: band.maxMonths, inclusive: true };
  }
  if (band.to !== undefined) return { key: 'to', value: band.to, inclusive: true };
  if (band.below !== undefined) return { key: 'below', value: band.below, inclusive: false };
  return undefined;
}

/** `160`, or `from 150 to 160`: the values between two bounds, for a message. */
function span(low: number, high: number): string {
  return low === high ? `${low}` : `from ${low} to ${high}`;
}

/**
 * Bands read in order, each starting where the one before ended unless it gives its own lower
 * bound (`from` inclusive, `above` exclusive); its upper bound is `to` (inclusive) or `below`
 * (exclusive), or for D `maxMonths`. Reported: a bound of the other kind of question, two
 * lower or two upper bounds, a band taking no value, bands overlapping or leaving a gap, upper
 * bounds that do not increase, and an upper bound on the last band or none on another.
 */
function checkBands(
  question: SourceQuestion,
  path: SourcePath,
  context: CatalogContext,
  report: Report,
) {
  const bands = question.bands;
  if (!bands) return;
  if (questionType(question.type).bands === null) {
    report(
      [...path, 'bands'],
      `bands apply to ${BANDED_TYPES} questions only, not ${question.type}`,
    );
    return;
  }
  const dated = questionType(question.type).bands === 'months';
  const bound = dated ? 'maxMonths' : 'to or below';
  const wrong = dated ? (['from', 'above', 'to', 'below'] as const) : (['maxMonths'] as const);
  let previous: { edge: BandEdge; index: number } | undefined;
  bands.forEach((band, index) => {
    const bandPath = [...path, 'bands', index];
    for (const key of wrong) {
      if (band[key] !== undefined) {
        report(
          [...bandPath, key],
          `${an(question.type)} band is bounded by ${dated ? 'maxMonths' : 'from, above, to or below'}, not ${key}`,
        );
      }
    }
    if (band.from !== undefined && band.above !== undefined) {
      report([...bandPath, 'above'], 'a band takes one lower bound: from or above, not both');
    }
    if (band.to !== undefined && band.below !== undefined) {
      report([...bandPath, 'below'], 'a band takes one upper bound: to or below, not both');
    }
    const low = dated ? undefined : lowerEdge(band);
    const high = upperEdge(band, dated);
    const last = index === bands.length - 1;
    if (last && high) {
      report(bandPath, `the last band has no ${high.key}, so every answer gets a decision`);
    } else if (!last && !high) {
      report(bandPath, `only the last band may leave out ${bound}`);
    } else if (
      low &&
      high &&
      (low.value > high.value || (low.value === high.value && !(low.inclusive && high.inclusive)))
    ) {
      report(
        bandPath,
        `the band takes no value: ${low.key} ${low.value} and ${high.key} ${high.value}`,
      );
    } else if (previous && low) {
      const end = previous.edge;
      const here = `band ${index + 1}`;
      const before = `band ${previous.index + 1}`;
      if (low.value < end.value || (low.value === end.value && low.inclusive && end.inclusive)) {
        const top = high && high.value < end.value ? high.value : end.value;
        report(
          [...bandPath, low.key],
          `${here} overlaps ${before}: ${span(low.value, top)} falls in both (the first listed takes it); start ${here} with ${end.inclusive ? 'above' : 'from'} ${end.value}`,
        );
      } else if (
        low.value > end.value ||
        (low.value === end.value && !low.inclusive && !end.inclusive)
      ) {
        const gap = low.value === end.value ? `${end.value} itself` : span(end.value, low.value);
        report(
          [...bandPath, low.key],
          `gap between ${before} and ${here}: ${gap} falls in no band (such an answer is referred); start ${here} with ${end.inclusive ? 'above' : 'from'} ${end.value}`,
        );
      }
    } else if (previous && high) {
      const end = previous.edge;
      if (
        high.value < end.value ||
        (high.value === end.value && !(high.inclusive && !end.inclusive))
      ) {
        report([...bandPath, high.key], `${high.key} must increase from band to band`);
      }
    }
    if (high) previous = { edge: high, index };
    checkDecision(band.decision, [...bandPath, 'decision'], context, report);
  });
}

/** Where every uuid of the catalogue was first seen, to report duplicates across files. */
type UuidIndex = Map<string, string>;

function claimUuid(
  uuid: string,
  file: string,
  path: SourcePath,
  seen: UuidIndex,
  report: Report,
): void {
  const first = seen.get(uuid);
  if (first === undefined) seen.set(uuid, file);
  else
    report(
      path,
      `uuid ${uuid} is already used${first === file ? ' in this file' : ` in ${first}`}`,
    );
}

function checkImpairment(
  { file, data: impairment }: Located<ImpairmentFile>,
  context: CatalogContext | undefined,
  uuids: UuidIndex,
  report: Report,
): void {
  const expectedFile = `impairments/${impairment.uuid}.yaml`;
  if (file !== expectedFile)
    report(['uuid'], `the file of impairment ${impairment.uuid} is ${expectedFile}`);
  claimUuid(impairment.uuid, file, ['uuid'], uuids, report);

  const groups = new Set<string>();
  impairment.groups.forEach(({ uuid }, index) => {
    if (groups.has(uuid)) report(['groups', index, 'uuid'], `group ${uuid} is listed twice`);
    groups.add(uuid);
  });

  const questions = new Map<string, SourceQuestion>();
  const visit = (question: SourceQuestion, path: SourcePath, inheritedGroup?: string) => {
    claimUuid(question.uuid, file, [...path, 'uuid'], uuids, report);
    if (!questions.has(question.uuid)) questions.set(question.uuid, question);
    if (inheritedGroup === undefined) {
      if (question.group === undefined) report(path, 'a top-level question names its group');
      else if (!groups.has(question.group)) {
        report([...path, 'group'], `no group ${question.group} in this file's groups`);
      }
    } else if (question.group !== undefined && question.group !== inheritedGroup) {
      report([...path, 'group'], `a child question inherits group ${inheritedGroup}`);
    }
    const group = question.group ?? inheritedGroup ?? '';

    for (const language of LANGUAGE_CODES.filter((code) => question.question[code] !== undefined)) {
      for (const message of checkQuestionHtml(question.question[language] ?? '')) {
        report([...path, 'question', language], message);
      }
    }
    if (question.units) {
      if (!questionType(question.type).units) {
        report(
          [...path, 'units'],
          `units apply to ${typesWith((t) => t.units)} questions only, not ${question.type}`,
        );
      } else {
        const { unitChoices } = questionType(question.type);
        question.units.forEach((unit, index) => {
          if (unitChoices && !unitChoices.list.includes(unit)) {
            report(
              [...path, 'units', index],
              `a ${unitChoices.name} unit is ${unitChoices.list.join(' or ')}`,
            );
          }
        });
      }
    }
    checkBounds(question, path, report);
    if (context) checkBands(question, path, context, report);

    const options = question.options ?? [];
    if (isChoice(question.type)) {
      if (options.length < 2)
        report(path, `${an(question.type)} question offers at least two options`);
    } else if (question.options) {
      report([...path, 'options'], `${an(question.type)} question has no options`);
    }
    const smoking = impairment.smokingQuestion === question.uuid;
    options.forEach((option, index) => {
      const optionPath = [...path, 'options', index];
      claimUuid(option.uuid, file, [...optionPath, 'uuid'], uuids, report);
      if (option.decision && option.questions) {
        report(optionPath, 'an option has a decision or child questions, not both');
      } else if (!option.decision && !option.questions) {
        report(optionPath, 'an option needs a decision or child questions');
      }
      if (option.decision && context) {
        checkDecision(option.decision, [...optionPath, 'decision'], context, report);
      }
      if (option.unique !== undefined && !questionType(question.type).uniqueOptions) {
        report(
          [...optionPath, 'unique'],
          `unique applies to ${typesWith((t) => t.uniqueOptions)} (checkbox) options only`,
        );
      }
      if (option.exclusive !== undefined && !questionType(question.type).exclusiveOptions) {
        report(
          [...optionPath, 'exclusive'],
          `exclusive applies to options of multi-choice (${typesWith((t) => t.exclusiveOptions, ' or ')}) questions only, not ${an(question.type)} question`,
        );
      }
      if (option.smokingValue !== undefined) {
        if (!smoking) {
          report(
            [...optionPath, 'smokingValue'],
            'smokingValue belongs on the smokingQuestion only',
          );
        } else if (context && !context.smokingValues.has(option.smokingValue)) {
          report([...optionPath, 'smokingValue'], `no smoking value ${option.smokingValue}`);
        }
      }
      option.questions?.forEach((child, childIndex) =>
        visit(child, [...optionPath, 'questions', childIndex], group),
      );
    });
  };
  impairment.questions.forEach((question, index) => visit(question, ['questions', index]));

  if (impairment.smokingQuestion !== undefined) {
    const question = questions.get(impairment.smokingQuestion);
    if (!question) {
      report(['smokingQuestion'], `no question ${impairment.smokingQuestion} in this impairment`);
    } else if (questionType(question.type).options !== 'single') {
      report(['smokingQuestion'], 'the smoking question is an R or S question');
    } else {
      const values = (question.options ?? []).map((option) => option.smokingValue);
      const missing = SMOKING_VALUES.filter((value) => !values.includes(value));
      if (missing.length > 0 || values.length !== SMOKING_VALUES.length) {
        report(
          ['smokingQuestion'],
          `the smoking question has one option per smoking value (${SMOKING_VALUES.join(', ')})`,
        );
      }
    }
  }

  if (context) checkCases(impairment, questions, context, report);
}

/**
 * `min` and `max` (requirements I-19): on the types that take them only (N, H in cm, W in
 * kg), and `min` not above `max`.
 */
function checkBounds(question: SourceQuestion, path: SourcePath, report: Report): void {
  const { min, max } = question;
  if (min === undefined && max === undefined) return;
  if (!questionType(question.type).bounds) {
    const key = min === undefined ? 'max' : 'min';
    report(
      [...path, key],
      `min and max apply to ${typesWith((t) => t.bounds)} questions only, not ${question.type}`,
    );
    return;
  }
  if (min !== undefined && max !== undefined && min > max) {
    report([...path, 'min'], `min ${min} is above max ${max}`);
  }
}

/** A case's answers must fit the questions they answer; running it is `runCase`'s job. */
function checkCases(
  impairment: ImpairmentFile,
  questions: ReadonlyMap<string, SourceQuestion>,
  context: CatalogContext,
  report: Report,
): void {
  impairment.cases?.forEach((regressionCase, caseIndex) => {
    const path = ['cases', caseIndex];
    const { expect } = regressionCase;
    const refused = expect === 'refused';
    for (const [uuid, answer] of Object.entries(regressionCase.answers)) {
      const answerPath = [...path, 'answers', uuid];
      const question = questions.get(uuid);
      if (!question) {
        report(answerPath, `no question ${uuid} in this impairment`);
        continue;
      }
      // A case about a refusal may give a number as the text typed ('-').
      const definition = questionType(question.type);
      const typedNumber =
        refused && definition.bands === 'number' && definition.lines && typeof answer === 'string';
      if (!typedNumber && !definition.caseAccepts(answer)) {
        report(answerPath, `${an(question.type)} answer is ${definition.caseHint}`);
        continue;
      }
      if (!Array.isArray(answer)) continue;
      const options = new Set((question.options ?? []).map((option) => option.uuid));
      for (const chosen of answer) {
        if (!options.has(chosen)) report(answerPath, `${chosen} is not an option of ${uuid}`);
      }
      if (!refused && definition.options === 'single' && answer.length !== 1) {
        report(answerPath, `${an(question.type)} answer chooses exactly one option`);
      }
    }
    const dated = Object.keys(regressionCase.answers).some((uuid) => {
      const question = questions.get(uuid);
      return (
        question !== undefined &&
        questionType(question.type).bands === 'months' &&
        question.bands !== undefined
      );
    });
    if (dated && regressionCase.asOf === undefined) {
      report(
        path,
        'a case answering a dated question with bands gives asOf, or it changes with time',
      );
    }
    // incomplete and refused expect no decision, so they name no indicator.
    if (typeof expect === 'string') return;
    const missing = context.indicators.filter((code) => !(code in expect));
    if (missing.length > 0) report([...path, 'expect'], `expect misses ${missing.join(', ')}`);
    for (const code of Object.keys(expect)) {
      if (!context.indicators.includes(code)) {
        report([...path, 'expect', code], `unknown indicator ${code} (not in catalog.yaml)`);
      }
    }
  });
}

/**
 * Applies every rule that needs no I/O to the schema-checked parts of a catalogue.
 * Rules that need a part that failed its schema are skipped; that part is reported already.
 */
export function lintParts(parts: CheckedParts): CatalogProblem[] {
  const problems: CatalogProblem[] = [];
  const reporter =
    (file: string): Report =>
    (path, message) =>
      problems.push({ file, path, message });

  let context: CatalogContext | undefined;
  if (parts.catalog) {
    const report = reporter(parts.catalog.file);
    checkLanguages(parts.catalog.data, [], report);
    context = checkCatalogFile(parts.catalog.data, report);
  }
  const uuids: UuidIndex = new Map();
  for (const impairment of parts.impairments) {
    const report = reporter(impairment.file);
    // Synonyms are lists per language, not one text in both: checkSynonyms reads them.
    const { synonyms, ...texts } = impairment.data;
    checkLanguages(texts, [], report);
    checkSynonyms(synonyms, report);
    checkImpairment(impairment, context, uuids, report);
  }
  const impairmentUuids = new Set(parts.declared.map(({ uuid }) => uuid));
  if (parts.insurers) {
    const report = reporter(parts.insurers.file);
    checkLanguages(parts.insurers.data, [], report);
    checkInsurers(parts.insurers.data, impairmentUuids, context, report);
  }
  if (parts.catalog) {
    const report = reporter(parts.catalog.file);
    const settings = parts.catalog.data.settings ?? {};
    const other = settings.otherImpairment ?? OTHERS_TEMPLATE_UUID;
    if (!impairmentUuids.has(other)) {
      report(['settings', 'otherImpairment'], `no impairment ${other} (the generic Others)`);
    }
    const names = new Set(parts.declared.map(({ name }) => name));
    for (const [key, fallback] of [
      ['highLowBmiImpairmentName', DEFAULT_HIGH_LOW_BMI_NAME],
      ['abnormalBmiImpairmentName', DEFAULT_ABNORMAL_BMI_NAME],
    ] as const) {
      const name = settings[key] ?? fallback;
      if (!names.has(name)) report(['settings', key], `no impairment named "${name}" in English`);
    }
  }
  return problems;
}
