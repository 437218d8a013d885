/**
 * What changed between two kept revisions of a disclosure (design §10, W-13), as a reader
 * sees it in their language: the profile fields, the conditions added and removed, each answer
 * added, removed or changed with its question's text and the answer in words, and each
 * decision that differs, per condition and benefit. Each revision is read against its own
 * catalogue version, so a question or option renamed by a catalogue update reads as it did.
 * Pure: the server answers it and the web app could compute it the same way.
 */
import { birthDateText, heightText, weightText } from './answer-text.ts';
import { catalogSource, resolveImpairment } from './disclosure.ts';
import { textIn, type LocalizedText } from './languages.ts';
import type {
  Catalog,
  DisclosedImpairment,
  DisclosureDocument,
  Impairment,
  Language,
} from './model.ts';
import { htmlToText } from './plain-text.ts';
import { answerLines } from './question-types.ts';
import { questionnaireIndex } from './questionnaire.ts';
import type { RevisionCompare, RevisionSummary } from './workbench.ts';

/** One side of a comparison: a revision, its document and the catalogue version it names. */
export interface RevisionSide {
  summary: RevisionSummary;
  document: DisclosureDocument;
  catalog: Catalog;
}

/** The profile fields a comparison lists, in the order the basic information shows them. */
const PROFILE_FIELDS = [
  'birthDate',
  'ageBasis',
  'age',
  'gender',
  'rsmScore',
  'height',
  'weight',
  'bmi',
  'smokingStatus',
] as const;
type ProfileField = (typeof PROFILE_FIELDS)[number];

/** Each profile field's name as the comparison shows it. */
export const PROFILE_FIELD_LABELS: Readonly<Record<ProfileField, LocalizedText>> = {
  birthDate: { en: 'Birth date', cn_traditional: '出生日期' },
  ageBasis: { en: 'Age basis', cn_traditional: '年齡計算方法' },
  age: { en: 'Age', cn_traditional: '年齡' },
  gender: { en: 'Gender', cn_traditional: '性別' },
  rsmScore: { en: 'Risk score (RSM)', cn_traditional: '風險評分 (RSM)' },
  height: { en: 'Height', cn_traditional: '身高' },
  weight: { en: 'Weight', cn_traditional: '體重' },
  bmi: { en: 'BMI', cn_traditional: '體重指數 (BMI)' },
  smokingStatus: { en: 'Smoking status', cn_traditional: '吸煙狀況' },
};

/** The words for a profile value stored as a code: the gender and the age basis. */
export const PROFILE_VALUE_LABELS = {
  Male: { en: 'Male', cn_traditional: '男' },
  Female: { en: 'Female', cn_traditional: '女' },
  last: { en: 'Age at last birthday', cn_traditional: '上次生日年齡' },
  next: { en: 'Age at next birthday', cn_traditional: '下次生日年齡' },
} as const satisfies Record<string, LocalizedText>;

/** A profile field's value in words; empty when it is not given. */
function profileValue(
  side: RevisionSide,
  field: ProfileField,
  insurerCode: string,
  language: Language,
): string {
  const { profile } = side.document;
  const value = profile[field];
  if (value === undefined || value === null || value === '') return '';
  switch (field) {
    case 'birthDate':
      return birthDateText(profile.birthDate);
    case 'height':
      return heightText(profile.height, language);
    case 'weight':
      return weightText(profile.weight, language);
    case 'bmi':
      return typeof value === 'number' ? value.toFixed(1) : String(value);
    case 'smokingStatus': {
      const listId = side.catalog.insurers.find((i) => i.code === insurerCode)?.smokingList;
      const option = side.catalog.smokingLists
        .find((list) => list.id === listId)
        ?.options.find((o) => o.value === value);
      return option ? textIn(option.label, language) : String(value);
    }
    default: {
      const code = String(value);
      return Object.hasOwn(PROFILE_VALUE_LABELS, code)
        ? textIn(PROFILE_VALUE_LABELS[code as keyof typeof PROFILE_VALUE_LABELS], language)
        : code;
    }
  }
}

/** A disclosed condition read against its revision's catalogue. */
interface Condition {
  entry: DisclosedImpairment;
  impairment: Impairment | undefined;
}

function conditionsOf(side: RevisionSide): Map<string, Condition> {
  const source = catalogSource(side.catalog);
  return new Map(
    side.document.impairments.map((entry) => [
      entry.uuid,
      { entry, impairment: resolveImpairment(entry, source) },
    ]),
  );
}

function conditionName(condition: Condition, language: Language): string {
  return condition.impairment && !condition.entry.selfDefined
    ? textIn(condition.impairment.name, language)
    : condition.entry.name;
}

type AnswerLine = NonNullable<RevisionCompare['answers'][number]['before']>;

/** Each answer of a condition as a line a reader understands, by question uuid. */
function answerLinesOf(
  condition: Condition | undefined,
  language: Language,
): Map<string, AnswerLine & { raw: string }> {
  const lines = new Map<string, AnswerLine & { raw: string }>();
  if (!condition) return lines;
  const questions = condition.impairment
    ? questionnaireIndex(condition.impairment).questions
    : undefined;
  for (const { questionUuid, answer } of condition.entry.answers) {
    if (lines.has(questionUuid)) continue;
    const question = questions?.get(questionUuid);
    lines.set(questionUuid, {
      questionUuid,
      question: question
        ? htmlToText(textIn(question.question, language)).replace(/\n/g, ' ')
        : questionUuid,
      answer: question
        ? answerLines(question, answer, language).join('; ')
        : JSON.stringify(answer),
      raw: JSON.stringify(answer),
    });
  }
  return lines;
}

const withoutRaw = (line: (AnswerLine & { raw: string }) | undefined): AnswerLine | null =>
  line ? { questionUuid: line.questionUuid, question: line.question, answer: line.answer } : null;

/** The uuids of both sides in order: the later revision's order, then what only the earlier had. */
function unionInOrder<K>(before: Iterable<K>, after: Iterable<K>): K[] {
  const keys = [...after];
  for (const key of before) if (!keys.includes(key)) keys.push(key);
  return keys;
}

/**
 * What changed from one revision to another, in the language given. `insurerCode` is the
 * disclosure's insurer, whose smoking list names the smoking status. Only differences are
 * listed: two revisions with the same content compare as empty lists.
 */
export function compareRevisions(
  from: RevisionSide,
  to: RevisionSide,
  insurerCode: string,
  language: Language,
): RevisionCompare {
  const profile = PROFILE_FIELDS.flatMap((field) => {
    const before = profileValue(from, field, insurerCode, language);
    const after = profileValue(to, field, insurerCode, language);
    return before === after
      ? []
      : [{ field: textIn(PROFILE_FIELD_LABELS[field], language), before, after }];
  });

  const beforeConditions = conditionsOf(from);
  const afterConditions = conditionsOf(to);
  const uuids = unionInOrder(beforeConditions.keys(), afterConditions.keys());
  const result: RevisionCompare = {
    from: from.summary,
    to: to.summary,
    profile,
    conditionsAdded: [],
    conditionsRemoved: [],
    answers: [],
    decisions: [],
  };

  for (const uuid of uuids) {
    const before = beforeConditions.get(uuid);
    const after = afterConditions.get(uuid);
    const name = conditionName((after ?? before)!, language);
    if (!before) result.conditionsAdded.push(name);
    if (!after) result.conditionsRemoved.push(name);

    const beforeLines = answerLinesOf(before, language);
    const afterLines = answerLinesOf(after, language);
    for (const question of unionInOrder(beforeLines.keys(), afterLines.keys())) {
      const was = beforeLines.get(question);
      const is = afterLines.get(question);
      if (was && is && was.raw === is.raw && was.answer === is.answer) continue;
      result.answers.push({
        condition: name,
        change: !was ? 'added' : !is ? 'removed' : 'changed',
        before: withoutRaw(was),
        after: withoutRaw(is),
      });
    }

    const beforeDecision = before?.entry.decision ?? {};
    const afterDecision = after?.entry.decision ?? {};
    for (const indicator of unionInOrder(Object.keys(beforeDecision), Object.keys(afterDecision))) {
      const was = beforeDecision[indicator] ?? null;
      const is = afterDecision[indicator] ?? null;
      if (was !== is) result.decisions.push({ condition: name, indicator, before: was, after: is });
    }
  }
  return result;
}
