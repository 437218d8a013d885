/**
 * A small hand-made catalogue in the requirements' flattened Question form, for the domain tests.
 * Questions are written nested (as a catalogue author would) and flattened here the way the
 * catalogue compiler does: depth-first indexes, top-level parentUuid = impairment uuid, a
 * child's parentUuid = the option that opens it, uuidPath = every ancestor uuid.
 */
import type {
  AnswerOption,
  Band,
  Bilingual,
  Catalog,
  Decision,
  Impairment,
  ImpairmentGender,
  Question,
  QuestionGroup,
  QuestionType,
  SmokingList,
} from '../src/model.ts';
import { OTHERS_TEMPLATE_UUID } from '../src/model.ts';

export const INDICATORS = ['LIFE', 'CI', 'MED'];

interface OptionDef {
  uuid: string;
  decision?: Decision;
  unique?: 'Y' | 'N';
  smokingValue?: string;
  questions?: QuestionDef[];
}

interface QuestionDef {
  uuid: string;
  type: QuestionType;
  group?: string;
  mandatory?: 'Y' | 'N';
  units?: string[];
  bands?: Band[];
  options?: OptionDef[];
}

interface ImpairmentDef {
  uuid: string;
  name: string;
  cn?: string;
  gender?: ImpairmentGender;
  groups: { uuid: string; header: string; cn?: string }[];
  questions: QuestionDef[];
  needsSmoking?: boolean;
  smokingQuestionUuid?: string;
}

/** Both languages of a text; the Chinese one defaults to the English text marked. */
export function bi(en: string, cn = `「${en}」`): Bilingual {
  return { en, cn_traditional: cn };
}

/** A decision giving the same value for every indicator. */
export function all(value: string): Decision {
  return { LIFE: value, CI: value, MED: value };
}

/** Builds an impairment from a nested definition, flattening its questions. */
export function impairment(def: ImpairmentDef): Impairment {
  const groups = new Map<string, QuestionGroup>(
    def.groups.map((g, i) => [g.uuid, { uuid: g.uuid, index: i + 1, header: bi(g.header, g.cn) }]),
  );
  const questionList: Question[] = [];
  let index = 0;
  const flatten = (
    q: QuestionDef,
    parentUuid: string,
    path: string[],
    level: number,
    group: QuestionGroup,
  ): void => {
    const answerList: AnswerOption[] = (q.options ?? []).map((o) => ({
      uuid: o.uuid,
      label: bi(`label ${o.uuid}`),
      decision: o.decision ?? null,
      hasDecision: o.decision !== undefined,
      parentUuid: q.uuid,
      ...(o.unique ? { unique: o.unique } : {}),
      ...(o.smokingValue ? { smokingValue: o.smokingValue } : {}),
    }));
    const isFree = ['T', 'N', 'D', 'H', 'W'].includes(q.type);
    questionList.push({
      uuid: q.uuid,
      index: index++,
      type: q.type,
      question: bi(`question ${q.uuid}`),
      ...(q.mandatory ? { mandatory: q.mandatory } : {}),
      parentUuid,
      uuidPath: path.join(','),
      level,
      group,
      answerList,
      answer: null,
      choiceList: (q.options ?? []).filter((o) => o.questions).map((o) => o.uuid),
      decision: isFree && !q.bands ? all('U') : null,
      ...(q.bands ? { bands: q.bands } : {}),
      ...(q.units ? { units: q.units } : {}),
    });
    for (const o of q.options ?? []) {
      for (const child of o.questions ?? []) {
        flatten(child, o.uuid, [...path, q.uuid, o.uuid], level + 1, group);
      }
    }
  };
  for (const q of def.questions) {
    const group = groups.get(q.group ?? def.groups[0]!.uuid)!;
    flatten(q, def.uuid, [def.uuid], 1, group);
  }
  return {
    uuid: def.uuid,
    name: bi(def.name, def.cn),
    gender: def.gender ?? 'Both',
    decision: INDICATORS,
    exNoList: [],
    questionList,
    selfDefined: false,
    ...(def.needsSmoking ? { needsSmoking: true } : {}),
    ...(def.smokingQuestionUuid ? { smokingQuestionUuid: def.smokingQuestionUuid } : {}),
  };
}

/** The same impairment under another uuid (top-level questions re-parented). */
export function copyOf(source: Impairment, uuid: string): Impairment {
  return {
    ...source,
    uuid,
    questionList: source.questionList.map((q) =>
      q.parentUuid === source.uuid ? { ...q, parentUuid: uuid } : q,
    ),
  };
}

const SMOKING_VALUES = [
  'current-over-1-pack',
  'current-under-1-pack',
  'quit-within-period',
  'quit-before-period',
  'never',
];

/** Hypertension: a banded date, a radio that opens children, a smoking question, a note. */
export const hypertension = impairment({
  uuid: 'hypertension',
  name: 'Hypertension',
  cn: '高血壓',
  groups: [
    { uuid: 'htn-history', header: 'History', cn: '病歷' },
    { uuid: 'htn-control', header: 'Control', cn: '控制' },
  ],
  needsSmoking: true,
  smokingQuestionUuid: 'htn-smoking',
  questions: [
    {
      uuid: 'htn-diagnosed',
      type: 'D',
      group: 'htn-history',
      bands: [{ maxMonths: 6, decision: all('P') }, { decision: all('0') }],
    },
    {
      uuid: 'htn-controlled',
      type: 'R',
      group: 'htn-control',
      options: [
        { uuid: 'htn-controlled-yes', decision: { LIFE: '0', CI: '25', MED: '0' } },
        {
          uuid: 'htn-controlled-no',
          questions: [
            {
              uuid: 'htn-systolic',
              type: 'N',
              units: ['mmHg'],
              bands: [
                { below: 160, decision: { LIFE: '50', CI: '75', MED: 'EX2' } },
                { decision: all('D') },
              ],
            },
            {
              uuid: 'htn-medication',
              type: 'S',
              options: [
                { uuid: 'htn-medication-one', decision: { LIFE: '25', CI: '25', MED: 'EX1' } },
                { uuid: 'htn-medication-many', decision: { LIFE: '50', CI: 'U', MED: 'EX3' } },
              ],
            },
          ],
        },
      ],
    },
    {
      uuid: 'htn-smoking',
      type: 'R',
      group: 'htn-history',
      options: SMOKING_VALUES.map((value, i) => ({
        uuid: `htn-smoking-${value}`,
        smokingValue: value,
        decision: all(i < 2 ? '25' : '0'),
      })),
    },
    { uuid: 'htn-notes', type: 'T', group: 'htn-control', mandatory: 'N' },
  ],
});

/** Thyroid: checkboxes with a unique "none" option, multi-select, height, weight, exclusions. */
export const thyroid = impairment({
  uuid: 'thyroid',
  name: 'Thyroid disorder',
  groups: [{ uuid: 'thy-main', header: 'Details' }],
  questions: [
    {
      uuid: 'thy-symptoms',
      type: 'C',
      options: [
        { uuid: 'thy-sym-goitre', decision: { LIFE: '0', CI: 'EX1', MED: 'EX1' } },
        { uuid: 'thy-sym-weight', decision: { LIFE: '25', CI: 'EX3', MED: '0' } },
        {
          uuid: 'thy-sym-eyes',
          questions: [
            { uuid: 'thy-eyes-since', type: 'D' },
            {
              uuid: 'thy-eyes-surgery',
              type: 'R',
              options: [
                {
                  uuid: 'thy-eyes-surgery-yes',
                  questions: [{ uuid: 'thy-eyes-surgery-when', type: 'T', units: ['years ago'] }],
                },
                { uuid: 'thy-eyes-surgery-no', decision: all('0') },
              ],
            },
          ],
        },
        { uuid: 'thy-sym-none', unique: 'Y', decision: all('0') },
      ],
    },
    {
      uuid: 'thy-treatment',
      type: 'M',
      options: [
        { uuid: 'thy-treat-tablets', decision: all('25') },
        { uuid: 'thy-treat-iodine', decision: all('50') },
        { uuid: 'thy-treat-surgery', decision: { LIFE: '0', CI: 'P', MED: '0' } },
      ],
    },
    {
      uuid: 'thy-height',
      type: 'H',
      mandatory: 'N',
      bands: [{ below: 150, decision: all('U') }, { decision: all('0') }],
    },
    {
      uuid: 'thy-weight',
      type: 'W',
      mandatory: 'N',
      bands: [
        { below: 40, decision: all('D') },
        { below: 100, decision: all('0') },
      ],
    },
    { uuid: 'thy-dose', type: 'N', mandatory: 'N', units: ['mcg'] },
  ],
});

/** Female-only condition. */
export const ovarianCyst = impairment({
  uuid: 'ovarian-cyst',
  name: 'Ovarian cyst',
  gender: 'Female',
  groups: [{ uuid: 'ov-main', header: 'Details' }],
  questions: [
    {
      uuid: 'ov-removed',
      type: 'R',
      options: [
        { uuid: 'ov-removed-yes', decision: all('0') },
        { uuid: 'ov-removed-no', decision: { LIFE: '0', CI: 'EX4', MED: 'EX4' } },
      ],
    },
  ],
});

/** Male-only condition. */
export const prostate = impairment({
  uuid: 'prostate',
  name: 'Enlarged prostate',
  gender: 'Male',
  groups: [{ uuid: 'pr-main', header: 'Details' }],
  questions: [
    {
      uuid: 'pr-psa',
      type: 'N',
      units: ['ng/mL'],
      bands: [
        { below: 4, decision: all('0') },
        { below: 10, decision: all('U') },
        { decision: all('D') },
      ],
    },
  ],
});

/** Asthma: needs smoking, but its smoking question has no option for "never". */
export const asthma = impairment({
  uuid: 'asthma',
  name: 'Asthma',
  cn: '哮喘',
  groups: [
    { uuid: 'ast-symptoms', header: 'Symptoms', cn: '病徵' },
    { uuid: 'ast-treatment', header: 'Treatment', cn: '治療' },
  ],
  needsSmoking: true,
  smokingQuestionUuid: 'ast-smoking',
  questions: [
    {
      uuid: 'ast-attacks',
      type: 'S',
      group: 'ast-symptoms',
      options: [
        { uuid: 'ast-attacks-rare', decision: all('0') },
        { uuid: 'ast-attacks-often', decision: all('50') },
      ],
    },
    {
      uuid: 'ast-smoking',
      type: 'R',
      group: 'ast-treatment',
      options: [
        { uuid: 'ast-smoking-heavy', smokingValue: 'current-over-1-pack', decision: all('50') },
        { uuid: 'ast-smoking-light', smokingValue: 'current-under-1-pack', decision: all('25') },
      ],
    },
  ],
});

const othersQuestions: QuestionDef[] = [
  'diagnosis',
  'symptoms',
  'investigations',
  'hospitalisation',
  'surgery',
  'treatment',
  'recovery',
  'recurrence',
].map((topic) => ({ uuid: `other-${topic}`, type: 'T' }));

/** The generic Others template (requirements §3): eight free-text questions. */
export const others = impairment({
  uuid: OTHERS_TEMPLATE_UUID,
  name: 'Others',
  cn: '其他',
  groups: [
    { uuid: 'other-main', header: 'Details', cn: '詳情' },
    { uuid: 'other-after', header: 'Follow-up', cn: '跟進' },
  ],
  questions: othersQuestions.map((q, i) => ({ ...q, group: i < 5 ? 'other-main' : 'other-after' })),
});

/** The condition the BMI rule adds. */
export const abnormalBmi = impairment({
  uuid: 'abnormal-bmi',
  name: 'Abnormal BMI',
  groups: [{ uuid: 'bmi-main', header: 'BMI' }],
  questions: [
    {
      uuid: 'bmi-stable',
      type: 'R',
      options: [
        { uuid: 'bmi-stable-yes', decision: all('0') },
        { uuid: 'bmi-stable-no', decision: all('25') },
      ],
    },
  ],
});

/** The selectable BMI condition, barred while the automatic one is present. */
export const highLowBmi = impairment({
  uuid: 'high-low-bmi',
  name: 'High / Low BMI',
  groups: [{ uuid: 'hl-main', header: 'BMI' }],
  questions: [
    {
      uuid: 'hl-reason',
      type: 'R',
      options: [
        { uuid: 'hl-reason-sport', decision: all('0') },
        { uuid: 'hl-reason-other', decision: all('U') },
      ],
    },
  ],
});

/**
 * Twelve mandatory yes/no questions in two groups (7 + 5), the second group written first so
 * that index order and page order differ.
 */
export const longForm = impairment({
  uuid: 'long-form',
  name: 'Long form',
  groups: [
    { uuid: 'lf-a', header: 'Alpha' },
    { uuid: 'lf-b', header: 'Beta' },
  ],
  questions: [
    ...Array.from({ length: 5 }, (_, i): QuestionDef => ({
      uuid: `lf-b${i + 1}`,
      type: 'R',
      group: 'lf-b',
      options: [
        { uuid: `lf-b${i + 1}-yes`, decision: all('25') },
        { uuid: `lf-b${i + 1}-no`, decision: all('0') },
      ],
    })),
    ...Array.from({ length: 7 }, (_, i): QuestionDef => ({
      uuid: `lf-a${i + 1}`,
      type: 'R',
      group: 'lf-a',
      options: [
        {
          uuid: `lf-a${i + 1}-yes`,
          questions: [
            {
              uuid: `lf-a${i + 1}-detail`,
              type: 'S',
              options: [
                { uuid: `lf-a${i + 1}-detail-1`, decision: all('10') },
                { uuid: `lf-a${i + 1}-detail-2`, decision: all('20') },
              ],
            },
          ],
        },
        { uuid: `lf-a${i + 1}-no`, decision: all('0') },
      ],
    })),
  ],
});

function smokingList(id: 'A' | 'B', months: number): SmokingList {
  return {
    id,
    lookbackMonths: months,
    options: SMOKING_VALUES.map((value) => ({ value, label: bi(`${value} (${months} months)`) })),
  };
}

/** A whole catalogue around the impairments above. */
export const catalog: Catalog = {
  notes: 'test fixture',
  indicators: INDICATORS.map((code) => ({ code, label: bi(code) })),
  exclusions: ['EX1', 'EX2', 'EX3', 'EX4'].map((code) => ({
    code,
    wording: bi(`wording ${code}`),
  })),
  ruleAgeList: [
    {
      lower: 18,
      upper: 200,
      gender: 'All',
      bmiList: [
        { lower: 0, upper: 17, decision: { LIFE: '50', CI: '50', MED: 'U' } },
        { lower: 17, upper: 30, decision: all('0') },
        { lower: 30, upper: 100, decision: { LIFE: '75', CI: '50', MED: '0' } },
      ],
    },
  ],
  smokingLists: [smokingList('A', 6), smokingList('B', 12)],
  settings: {
    highLowBmiImpairmentName: 'High / Low BMI',
    abnormalBmiImpairmentName: 'Abnormal BMI',
    otherImpairment: OTHERS_TEMPLATE_UUID,
  },
  insurers: [
    {
      code: 'phkl',
      name: bi('PHKL'),
      smokingList: 'B',
      lastAgeOption: true,
      printCover: false,
      channels: [
        {
          code: 'agency',
          products: [{ code: 'WL01', name: bi('Whole life'), impairments: 'all' }],
        },
      ],
    },
    {
      code: 'slhk',
      name: bi('SLHK'),
      smokingList: 'A',
      lastAgeOption: false,
      printCover: true,
      channels: [
        { code: 'broker', products: [{ code: 'TL01', name: bi('Term life'), impairments: 'all' }] },
      ],
    },
  ],
  impairments: [
    hypertension,
    thyroid,
    ovarianCyst,
    prostate,
    asthma,
    others,
    abnormalBmi,
    highLowBmi,
    longForm,
  ],
};
