/**
 * A catalogue version as an HL7 FHIR R4 Questionnaire (requirements N-05, design §13): one
 * group per condition, its questions as items in the screen's order, the answer options as
 * codings of the product's answer-option system, child questions enabled by the option that
 * opens them, every text in English with its Chinese translations.
 */
import type { Questionnaire, QuestionnaireItem } from 'fhir/r4.js';
import type { LocalizedText } from '../languages.ts';
import type { Catalog, Impairment, Question } from '../model.ts';
import {
  FHIR_OPTION_EXCLUSIVE,
  fhirUrls,
  optionCoding,
  translated,
  type FhirUrls,
} from './common.ts';
import { fhirItemType, itemExtensions } from './item-types.ts';

const TITLE: LocalizedText = { en: 'Video MER disclosure', cn_traditional: '視像體檢申報' };

export interface QuestionnaireOptions {
  /** The deployment's public URL (`PUBLIC_URL`): the canonical URL is built below it. */
  publicUrl: string;
  /** Whether this is the version new questionnaires use ('active'), or an older one ('retired'). */
  active: boolean;
  /** When the version was imported (ISO date-time), if known. */
  date?: string;
}

/** The enableWhen of a child question: its opening option chosen on the parent question. */
function enableWhen(question: Question, impairment: Impairment, urls: FhirUrls) {
  if (question.level === 1) return {};
  for (const parent of impairment.questionList) {
    const option = parent.answerList.find((candidate) => candidate.uuid === question.parentUuid);
    if (option) {
      const { system, code } = optionCoding(urls, option);
      return {
        enableWhen: [
          { question: parent.uuid, operator: '=' as const, answerCoding: { system, code } },
        ],
      };
    }
  }
  return {};
}

function questionItem(
  question: Question,
  impairment: Impairment,
  urls: FhirUrls,
): QuestionnaireItem {
  const reading = fhirItemType(question);
  const text = translated(question.question, true);
  const extension = itemExtensions(question);
  return {
    linkId: question.uuid,
    text: text.text,
    _text: text.translations,
    type: reading.type,
    required: question.mandatory !== 'N',
    repeats: reading.repeats,
    ...(extension.length > 0 ? { extension } : {}),
    ...enableWhen(question, impairment, urls),
    ...(question.answerList.length > 0
      ? {
          answerOption: question.answerList.map((option) => ({
            valueCoding: optionCoding(urls, option, true),
            ...(option.exclusive === true || option.unique === 'Y'
              ? { extension: [{ url: FHIR_OPTION_EXCLUSIVE, valueBoolean: true }] }
              : {}),
          })),
        }
      : {}),
  };
}

function conditionItem(
  impairment: Impairment,
  catalog: Catalog,
  urls: FhirUrls,
): QuestionnaireItem {
  const name = translated(impairment.name);
  return {
    linkId: impairment.uuid,
    text: name.text,
    _text: name.translations,
    type: 'group',
    required: false,
    // Self-defined conditions are answered on the Others template, as many as were typed.
    repeats: impairment.uuid === catalog.settings.otherImpairment,
    ...(impairment.questionList.length > 0
      ? { item: impairment.questionList.map((q) => questionItem(q, impairment, urls)) }
      : {}),
  };
}

/** A compiled catalogue version as a FHIR R4 Questionnaire. */
export function catalogQuestionnaire(
  catalog: Catalog,
  version: string,
  options: QuestionnaireOptions,
): Questionnaire {
  const urls = fhirUrls(options.publicUrl);
  const title = translated(TITLE);
  return {
    resourceType: 'Questionnaire',
    id: `catalogue-${version}`,
    language: 'en',
    url: urls.questionnaire,
    version,
    name: 'VideoMERCatalogue',
    title: title.text,
    _title: title.translations,
    status: options.active ? 'active' : 'retired',
    ...(options.date ? { date: options.date } : {}),
    subjectType: ['Patient'],
    ...(catalog.notes.trim() ? { description: catalog.notes } : {}),
    item: catalog.impairments.map((impairment) => conditionItem(impairment, catalog, urls)),
  };
}
