/**
 * How each question type (requirements §3) reads in FHIR R4: the Questionnaire item's type,
 * whether it repeats, its item control and units, and its answers in a QuestionnaireResponse.
 * One row per type, so that a new type does not compile until it says how it reads here.
 */
import type {
  Coding,
  Extension,
  QuestionnaireItem,
  QuestionnaireResponseItemAnswer,
} from 'fhir/r4.js';
import {
  parseChoices,
  parseDateAnswer,
  parseHeight,
  parseNumber,
  parseTextAnswer,
  parseWeight,
} from '../answers.ts';
import type { Question, QuestionType } from '../model.ts';
import {
  FHIR_ITEM_CONTROL,
  FHIR_ITEM_CONTROL_SYSTEM,
  FHIR_UNIT_OPTION,
  optionCoding,
  UCUM,
  type FhirUrls,
} from './common.ts';

interface FhirItemType {
  type: QuestionnaireItem['type'];
  repeats: boolean;
  /** The standard item control (http://hl7.org/fhir/questionnaire-item-control), if any. */
  control?: 'check-box' | 'drop-down' | 'radio-button';
  /** The units a quantity is given in: the question's own, or one fixed UCUM unit. */
  units?: (q: Question) => Coding[];
  /** The document's answer as FHIR answers; none for an empty or unreadable one. */
  answers(q: Question, raw: unknown, urls: FhirUrls): QuestionnaireResponseItemAnswer[];
}

const ucum = (code: string): Coding => ({ system: UCUM, code, display: code });

function choices(q: Question, raw: unknown, urls: FhirUrls): QuestionnaireResponseItemAnswer[] {
  return parseChoices(raw).flatMap((uuid) => {
    const option = q.answerList.find((candidate) => candidate.uuid === uuid);
    return option ? [{ valueCoding: optionCoding(urls, option) }] : [];
  });
}

/** Number lines that read as numbers, with their unit when the question has units. */
function numbers(q: Question, raw: unknown): QuestionnaireResponseItemAnswer[] {
  return parseTextAnswer(raw).flatMap(({ value, unit }): QuestionnaireResponseItemAnswer[] => {
    const number = parseNumber(value.trim());
    if (number === null) return [];
    if ((q.units ?? []).length === 0) return [{ valueDecimal: number }];
    return [{ valueQuantity: { value: number, ...(unit ? { unit } : {}) } }];
  });
}

/** A measured body value (H in cm, W in kg) as a UCUM quantity. */
function measured(value: number | undefined, code: string): QuestionnaireResponseItemAnswer[] {
  return value === undefined ? [] : [{ valueQuantity: { value, unit: code, system: UCUM, code } }];
}

const single = (control: 'drop-down' | 'radio-button'): FhirItemType => ({
  type: 'choice',
  repeats: false,
  control,
  answers: choices,
});
const multiple = (control: 'check-box' | 'drop-down'): FhirItemType => ({
  type: 'choice',
  repeats: true,
  control,
  answers: choices,
});

export const FHIR_ITEM_TYPES: Readonly<Record<QuestionType, (q: Question) => FhirItemType>> = {
  // Free text in lines, each with its unit when the question offers units.
  T: () => ({
    type: 'string',
    repeats: true,
    answers: (_q, raw) =>
      parseTextAnswer(raw).flatMap(({ value, unit }) => {
        const text = value.trim();
        if (text === '') return [];
        return [{ valueString: unit ? `${text} ${unit}` : text }];
      }),
  }),
  N: (q) =>
    (q.units ?? []).length > 0
      ? {
          type: 'quantity',
          repeats: true,
          units: () => (q.units ?? []).map((unit) => ({ display: unit })),
          answers: numbers,
        }
      : { type: 'decimal', repeats: true, answers: numbers },
  // A date whose day is not known is a partial date, as FHIR writes one (YYYY-MM).
  D: () => ({
    type: 'date',
    repeats: false,
    answers: (_q, raw) => {
      const date = parseDateAnswer(raw);
      if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date.value)) return [];
      return [{ valueDate: date.exact ? date.value : date.value.slice(0, 7) }];
    },
  }),
  C: () => multiple('check-box'),
  M: () => multiple('drop-down'),
  S: () => single('drop-down'),
  R: () => single('radio-button'),
  H: () => ({
    type: 'quantity',
    repeats: false,
    units: () => [ucum('cm')],
    answers: (_q, raw) => measured(parseHeight(raw)?.cm, 'cm'),
  }),
  W: () => ({
    type: 'quantity',
    repeats: false,
    units: () => [ucum('kg')],
    answers: (_q, raw) => measured(parseWeight(raw)?.kg, 'kg'),
  }),
};

/** A question type's FHIR reading. */
export function fhirItemType(q: Question): FhirItemType {
  return FHIR_ITEM_TYPES[q.type](q);
}

/** The item control and unit extensions of a question's Questionnaire item. */
export function itemExtensions(q: Question): Extension[] {
  const reading = fhirItemType(q);
  return [
    ...(reading.control
      ? [
          {
            url: FHIR_ITEM_CONTROL,
            valueCodeableConcept: {
              coding: [{ system: FHIR_ITEM_CONTROL_SYSTEM, code: reading.control }],
            },
          },
        ]
      : []),
    ...(reading.units?.(q) ?? []).map((valueCoding) => ({ url: FHIR_UNIT_OPTION, valueCoding })),
  ];
}
