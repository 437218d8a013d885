import type { Extension, Questionnaire, QuestionnaireResponse } from 'fhir/r4.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkCatalog } from '../src/catalog/check.ts';
import { fhirUrls } from '../src/fhir/common.ts';
import { FHIR_ITEM_TYPES } from '../src/fhir/item-types.ts';
import { catalogQuestionnaire } from '../src/fhir/questionnaire.ts';
import {
  disclosureQuestionnaireResponse,
  type ResponseInput,
} from '../src/fhir/questionnaire-response.ts';
import {
  DISCLOSURE_STATUS,
  QUESTION_TYPES,
  type Catalog,
  type DisclosureDocument,
  type DisclosureStatus,
} from '../src/model.ts';
import { sampleFiles } from './catalog/sample-sources.ts';
import { fhirSchemaErrors } from './fhir-schema.ts';
import { catalog } from './fixtures.ts';
import { makeQuestion } from './make-question.ts';

const PUBLIC_URL = 'https://mer.example/video-mer/';
const BASE = 'https://mer.example/video-mer/fhir';
const SCHEMA_COMPILE_MS = 180_000;

function sampleCatalog(): Catalog {
  const check = checkCatalog(sampleFiles());
  if (!check.catalog) throw new Error('the sample catalogue does not compile');
  return check.catalog;
}

const questionnaire = (from: Catalog = catalog, active = true): Questionnaire =>
  catalogQuestionnaire(from, '7', { publicUrl: PUBLIC_URL, active });

function item<I extends { linkId: string; item?: I[] }>(
  resource: { item?: I[] },
  linkId: string,
): I {
  const found = (resource.item ?? [])
    .flatMap((group) => [group, ...(group.item ?? [])])
    .find((candidate) => candidate.linkId === linkId);
  if (!found) throw new Error(`no item ${linkId}`);
  return found;
}

/** The translations of a `_text` or `_display`, by language tag. */
function translationsOf(element: { extension?: Extension[] } | undefined): Record<string, string> {
  return Object.fromEntries(
    (element?.extension ?? []).map((translation) => {
      expect(translation.url).toBe('http://hl7.org/fhir/StructureDefinition/translation');
      const part = (name: string) => translation.extension?.find((e) => e.url === name);
      return [part('lang')?.valueCode, part('content')?.valueString];
    }),
  );
}

beforeAll(() => {
  // Compiling the whole official schema takes a while on a loaded machine; it is done once.
  expect(fhirSchemaErrors({ resourceType: 'Questionnaire', status: 'draft' })).toEqual([]);
}, SCHEMA_COMPILE_MS);

describe('a catalogue version as a FHIR R4 Questionnaire', () => {
  it('N-05 is valid against the official FHIR R4 JSON schema, which refuses a broken one', () => {
    expect(fhirSchemaErrors(questionnaire())).toEqual([]);
    expect(fhirSchemaErrors(questionnaire(sampleCatalog(), false))).toEqual([]);
    expect(fhirSchemaErrors({ ...questionnaire(), status: 'finished' })).not.toEqual([]);
  });

  it('N-05 names its canonical url below the public URL, its version and status', () => {
    const resource = questionnaire();
    expect(resource).toMatchObject({
      resourceType: 'Questionnaire',
      id: 'catalogue-7',
      url: `${BASE}/Questionnaire/catalogue`,
      version: '7',
      status: 'active',
      title: 'Video MER disclosure',
      description: 'test fixture',
    });
    expect(translationsOf(resource._title)).toEqual({
      'zh-Hant': '視像體檢申報',
      'zh-Hans': '视像体检申报',
    });
    expect(questionnaire(catalog, false).status).toBe('retired');
    expect(
      catalogQuestionnaire(catalog, '7', {
        publicUrl: PUBLIC_URL,
        active: true,
        date: '2026-01-02T03:04:05.000Z',
      }).date,
    ).toBe('2026-01-02T03:04:05.000Z');
  });

  it('N-05 has one group per condition with its questions in the screen order, Others repeating', () => {
    const resource = questionnaire();
    expect(resource.item?.map((group) => [group.linkId, group.type])).toEqual(
      catalog.impairments.map((impairment) => [impairment.uuid, 'group']),
    );
    const thyroid = item(resource, 'thyroid');
    expect(thyroid.item?.map((question) => question.linkId)).toEqual(
      catalog.impairments.find((i) => i.uuid === 'thyroid')?.questionList.map((q) => q.uuid),
    );
    expect(item(resource, 'other-impairment').repeats).toBe(true);
    expect(thyroid.repeats).toBe(false);
  });

  it('N-05 gives each question type its FHIR type, repeats, item control and units', () => {
    const resource = questionnaire();
    const reading = (linkId: string) => {
      const { type, repeats, required, extension } = item(resource, linkId);
      return {
        type,
        repeats,
        required,
        extension: extension?.map(
          (e) => e.valueCodeableConcept?.coding?.[0]?.code ?? e.valueCoding,
        ),
      };
    };
    expect(reading('thy-symptoms')).toEqual({
      type: 'choice',
      repeats: true,
      required: true,
      extension: ['check-box'],
    });
    expect(reading('thy-treatment')).toEqual({
      type: 'choice',
      repeats: true,
      required: true,
      extension: ['drop-down'],
    });
    expect(reading('htn-medication')).toEqual({
      type: 'choice',
      repeats: false,
      required: true,
      extension: ['drop-down'],
    });
    expect(reading('htn-controlled')).toEqual({
      type: 'choice',
      repeats: false,
      required: true,
      extension: ['radio-button'],
    });
    expect(reading('htn-diagnosed')).toEqual({
      type: 'date',
      repeats: false,
      required: true,
      extension: undefined,
    });
    expect(reading('htn-notes')).toEqual({
      type: 'string',
      repeats: true,
      required: false,
      extension: undefined,
    });
    expect(reading('thy-dose')).toEqual({
      type: 'quantity',
      repeats: true,
      required: false,
      extension: [{ display: 'mcg' }],
    });
    const ucum = (code: string) => [{ system: 'http://unitsofmeasure.org', code, display: code }];
    expect(reading('thy-height')).toEqual({
      type: 'quantity',
      repeats: false,
      required: false,
      extension: ucum('cm'),
    });
    expect(reading('thy-weight')).toEqual({
      type: 'quantity',
      repeats: false,
      required: false,
      extension: ucum('kg'),
    });
    expect(FHIR_ITEM_TYPES.N(makeQuestion('N')).type).toBe('decimal');
    expect(QUESTION_TYPES.map((type) => FHIR_ITEM_TYPES[type](makeQuestion(type)).type)).toEqual([
      'string',
      'decimal',
      'date',
      'choice',
      'choice',
      'choice',
      'choice',
      'quantity',
      'quantity',
    ]);
  });

  it('N-05 offers the answer options as codings of the product system, an exclusive one marked', () => {
    const symptoms = item(questionnaire(), 'thy-symptoms');
    expect(symptoms.answerOption?.map((option) => option.valueCoding?.code)).toEqual([
      'thy-sym-goitre',
      'thy-sym-weight',
      'thy-sym-eyes',
      'thy-sym-none',
    ]);
    expect(symptoms.answerOption?.[0]?.valueCoding).toMatchObject({
      system: `${BASE}/CodeSystem/answer-option`,
      code: 'thy-sym-goitre',
      display: 'label thy-sym-goitre',
    });
    expect(symptoms.answerOption?.map((option) => option.extension)).toEqual([
      undefined,
      undefined,
      undefined,
      [
        {
          url: 'http://hl7.org/fhir/StructureDefinition/questionnaire-optionExclusive',
          valueBoolean: true,
        },
      ],
    ]);
  });

  it('N-05 enables a child question when the option that opens it is chosen, at any depth', () => {
    const resource = questionnaire();
    const coding = (code: string) => ({ system: `${BASE}/CodeSystem/answer-option`, code });
    expect(item(resource, 'htn-systolic').enableWhen).toEqual([
      { question: 'htn-controlled', operator: '=', answerCoding: coding('htn-controlled-no') },
    ]);
    expect(item(resource, 'thy-eyes-surgery-when').enableWhen).toEqual([
      { question: 'thy-eyes-surgery', operator: '=', answerCoding: coding('thy-eyes-surgery-yes') },
    ]);
    expect(item(resource, 'htn-controlled').enableWhen).toBeUndefined();
  });

  it('N-05 writes every text in English with its Traditional and Simplified Chinese translations, HTML as plain text', () => {
    const resource = questionnaire(sampleCatalog());
    const hypertension = item(resource, 'hypertension');
    expect(hypertension.text).toBe('Hypertension');
    expect(translationsOf(hypertension._text)).toEqual({
      'zh-Hant': '高血壓',
      'zh-Hans': '高血压',
    });
    const controlled = item(resource, 'htn-controlled');
    expect(controlled.text).toBe('Is it well controlled?');
    expect(translationsOf(controlled._text)).toEqual({
      'zh-Hant': '是否控制良好？',
      'zh-Hans': '是否控制良好？',
    });
    const no = controlled.answerOption?.[1]?.valueCoding;
    expect(no?.display).toBe('No');
    expect(translationsOf(no?._display)).toEqual({ 'zh-Hant': '否', 'zh-Hans': '否' });
  });
});

/** A disclosure answering every question type, with a self-defined condition. */
function document(): DisclosureDocument {
  return {
    schemaVersion: 1,
    catalogVersion: '7',
    profile: { age: 45, gender: 'Male', rsmScore: 'A' },
    impairments: [
      {
        uuid: 'hypertension',
        name: 'Hypertension',
        selfDefined: false,
        answers: [
          {
            questionUuid: 'htn-diagnosed',
            answer: { value: '2015-03-01', exact: false, zoneId: 'Asia/Hong_Kong' },
          },
          { questionUuid: 'htn-controlled', answer: ['htn-controlled-no'] },
          { questionUuid: 'htn-systolic', answer: [{ value: '150', unit: 'mmHg' }] },
          { questionUuid: 'htn-medication', answer: ['htn-medication-one'] },
          { questionUuid: 'htn-smoking', answer: ['htn-smoking-never'] },
          { questionUuid: 'htn-notes', answer: [{ value: ' ', unit: '' }] },
        ],
        decision: { LIFE: '75', CI: '100', MED: 'EX1,EX2' },
      },
      {
        uuid: 'thyroid',
        name: 'Thyroid disorder',
        selfDefined: false,
        answers: [
          { questionUuid: 'thy-symptoms', answer: ['thy-sym-goitre', 'thy-sym-eyes'] },
          {
            questionUuid: 'thy-eyes-since',
            answer: { value: '2020-05-17', exact: true, zoneId: 'Asia/Hong_Kong' },
          },
          { questionUuid: 'thy-eyes-surgery', answer: ['thy-eyes-surgery-yes'] },
          {
            questionUuid: 'thy-eyes-surgery-when',
            answer: [
              { value: '3', unit: 'years ago' },
              { value: 'twice', unit: '' },
            ],
          },
          { questionUuid: 'thy-treatment', answer: ['thy-treat-tablets', 'thy-treat-iodine'] },
          { questionUuid: 'thy-height', answer: JSON.stringify({ cm: 170, ft: 5, inch: 6.93 }) },
          { questionUuid: 'thy-weight', answer: JSON.stringify({ kg: 70, lb: 154.32 }) },
          {
            questionUuid: 'thy-dose',
            answer: [
              { value: '100', unit: 'mcg' },
              { value: '-', unit: 'mcg' },
            ],
          },
        ],
      },
      {
        uuid: 'other-impairment-1700000000000',
        name: 'Gout',
        selfDefined: true,
        answers: [
          { questionUuid: 'other-diagnosis', answer: [{ value: 'Two attacks', unit: '' }] },
        ],
        decision: { LIFE: 'U', CI: 'U', MED: 'U' },
      },
      // An entry no catalogue knows is left out.
      { uuid: 'nowhere', name: 'Nowhere', selfDefined: false, answers: [] },
    ],
  };
}

const response = (
  status: DisclosureStatus = DISCLOSURE_STATUS.SUBMITTED,
  doc = document(),
): QuestionnaireResponse => {
  const input: ResponseInput = {
    id: '0b7c6f1e-6a0e-4c57-9d0e-5f3c1c2b9a10',
    requestId: '5d0f1e2c-3b4a-4c5d-8e6f-7a8b9c0d1e2f',
    status,
    document: doc,
    catalog,
    publicUrl: PUBLIC_URL,
  };
  return disclosureQuestionnaireResponse(input);
};

describe('a disclosure as a FHIR R4 QuestionnaireResponse', () => {
  it('N-05 is valid against the official FHIR R4 JSON schema', () => {
    expect(fhirSchemaErrors(response())).toEqual([]);
    expect(
      fhirSchemaErrors(response(DISCLOSURE_STATUS.NEW, { ...document(), impairments: [] })),
    ).toEqual([]);
  });

  it('N-05 answers the Questionnaire of its catalogue version, names its request and carries the version', () => {
    const resource = response();
    expect(resource).toMatchObject({
      resourceType: 'QuestionnaireResponse',
      id: '0b7c6f1e-6a0e-4c57-9d0e-5f3c1c2b9a10',
      identifier: {
        system: `${BASE}/NamingSystem/request-id`,
        value: '5d0f1e2c-3b4a-4c5d-8e6f-7a8b9c0d1e2f',
      },
      questionnaire: `${BASE}/Questionnaire/catalogue|7`,
      status: 'completed',
    });
    expect(resource.extension).toEqual([
      { url: `${BASE}/StructureDefinition/catalogue-version`, valueString: '7' },
      { url: `${BASE}/StructureDefinition/disclosure-status`, valueCode: 'submitted' },
    ]);
    expect(resource.questionnaire).toBe(`${questionnaire().url}|${questionnaire().version}`);
  });

  it('N-05 is completed once submitted or validated, in progress while new, saved or returned', () => {
    const statuses = Object.values(DISCLOSURE_STATUS).map((status) => {
      const resource = response(status);
      return [status, resource.status, resource.extension?.[1]?.valueCode];
    });
    expect(statuses).toEqual([
      [1, 'in-progress', 'new'],
      [2, 'in-progress', 'saved'],
      [3, 'completed', 'submitted'],
      [4, 'completed', 'validated'],
      [5, 'in-progress', 'rejected'],
    ]);
  });

  it('N-05 gives each condition its answered questions, answers by type, in the Questionnaire order', () => {
    const resource = response();
    expect(resource.item?.map((group) => group.linkId)).toEqual([
      'hypertension',
      'thyroid',
      'other-impairment',
    ]);
    const answers = (linkId: string) => item(resource, linkId).answer;
    const option = (code: string, display: string) => ({
      valueCoding: { system: `${BASE}/CodeSystem/answer-option`, code, display },
    });
    expect(item(resource, 'hypertension').item?.map((question) => question.linkId)).toEqual([
      'htn-diagnosed',
      'htn-controlled',
      'htn-systolic',
      'htn-medication',
      'htn-smoking',
    ]);
    expect(answers('htn-diagnosed')).toEqual([{ valueDate: '2015-03' }]);
    expect(answers('htn-controlled')).toEqual([
      option('htn-controlled-no', 'label htn-controlled-no'),
    ]);
    expect(answers('htn-systolic')).toEqual([{ valueQuantity: { value: 150, unit: 'mmHg' } }]);
    expect(answers('thy-symptoms')).toEqual([
      option('thy-sym-goitre', 'label thy-sym-goitre'),
      option('thy-sym-eyes', 'label thy-sym-eyes'),
    ]);
    expect(answers('thy-eyes-since')).toEqual([{ valueDate: '2020-05-17' }]);
    expect(answers('thy-eyes-surgery-when')).toEqual([
      { valueString: '3 years ago' },
      { valueString: 'twice' },
    ]);
    const ucum = (value: number, code: string) => ({
      valueQuantity: { value, unit: code, system: 'http://unitsofmeasure.org', code },
    });
    expect(answers('thy-height')).toEqual([ucum(170, 'cm')]);
    expect(answers('thy-weight')).toEqual([ucum(70, 'kg')]);
    // A number that cannot be read is no quantity.
    expect(answers('thy-dose')).toEqual([{ valueQuantity: { value: 100, unit: 'mcg' } }]);
    expect(item(resource, 'htn-diagnosed').text).toBe('question htn-diagnosed');
  });

  it('N-05 carries each condition decision per indicator, and a self-defined condition its typed name', () => {
    const resource = response();
    const decisions = (linkId: string) =>
      item(resource, linkId)
        .extension?.filter((e) => e.url === `${BASE}/StructureDefinition/decision`)
        .map((e) => e.extension?.map((part) => [part.url, part.valueCode ?? part.valueString]));
    expect(decisions('hypertension')).toEqual([
      [
        ['indicator', 'LIFE'],
        ['value', '75'],
      ],
      [
        ['indicator', 'CI'],
        ['value', '100'],
      ],
      [
        ['indicator', 'MED'],
        ['value', 'EX1,EX2'],
      ],
    ]);
    expect(decisions('thyroid')).toBeUndefined();
    const others = item(resource, 'other-impairment');
    expect(others.text).toBe('Others');
    expect(others.extension?.[0]).toEqual({
      url: `${BASE}/StructureDefinition/condition-name`,
      valueString: 'Gout',
    });
    expect(others.item?.[0]?.answer).toEqual([{ valueString: 'Two attacks' }]);
  });

  it('N-05 the URLs are the public URL with any sub-path, without a doubled slash', () => {
    expect(fhirUrls('https://mer.example').questionnaire).toBe(
      'https://mer.example/fhir/Questionnaire/catalogue',
    );
    expect(fhirUrls(PUBLIC_URL).decision).toBe(`${BASE}/StructureDefinition/decision`);
  });
});
