/**
 * A small but complete catalogue in the source format, as plain objects (what parsing the
 * YAML gives), for the catalogue tests. Each call returns fresh objects, so a test may break
 * one part without touching the others.
 */
import type { SourceFile } from '../../src/catalog/check.ts';

const text = (en: string, cn: string) => ({ en, cn_traditional: cn });
const zero = { LIFE: '0', CI: '0' };

function smokingList(id: 'A' | 'B', months: number) {
  return {
    id,
    lookbackMonths: months,
    options: [
      { value: 'current-over-1-pack', label: text('More than 1 pack a day', '每日多於一包') },
      { value: 'current-under-1-pack', label: text('Less than 1 pack a day', '每日少於一包') },
      {
        value: 'quit-within-period',
        label: text(`Quit within ${months} months`, `${months}個月內戒煙`),
      },
      {
        value: 'quit-before-period',
        label: text(`Quit over ${months} months ago`, `${months}個月前戒煙`),
      },
      { value: 'never', label: text('Never smoked', '從不吸煙') },
    ],
  };
}

export function catalogYaml() {
  return {
    notes: 'Illustrative sample data, not underwriting advice.',
    indicators: [
      { code: 'LIFE', label: text('Life', '人壽') },
      { code: 'CI', label: text('Critical Illness', '危疾') },
    ],
    exclusions: [{ code: 'EX1', wording: text('Thyroid excluded.', '不保甲狀腺。') }],
    ruleAgeList: [
      {
        lower: 18,
        upper: 200,
        gender: 'All',
        bmiList: [
          { lower: 0, upper: 30, decision: zero },
          { lower: 30, upper: 100, decision: { LIFE: '50', CI: '50' } },
        ],
      },
    ],
    smokingLists: [smokingList('A', 6), smokingList('B', 12)],
    settings: {
      highLowBmiImpairmentName: 'High / Low BMI',
      abnormalBmiImpairmentName: 'Abnormal BMI',
      otherImpairment: 'other-impairment',
    },
  };
}

export function insurersYaml() {
  return {
    insurers: [
      {
        code: 'phkl',
        name: text('PHKL Life', 'PHKL人壽'),
        smokingList: 'B',
        lastAgeOption: true,
        printCover: false,
        channels: [
          {
            code: 'agency',
            products: [
              { code: 'WL01', name: text('Whole life', '終身壽險'), impairments: 'all' },
              {
                code: 'TM01',
                name: text('Term', '定期'),
                impairments: ['hypertension', 'other-impairment'],
              },
            ],
          },
        ],
      },
    ],
  };
}

/** Hypertension: nested children two deep, a dated band, a free-form question, smoking. */
export function hypertensionYaml() {
  return {
    uuid: 'hypertension',
    name: text('Hypertension', '高血壓'),
    gender: 'Both',
    category: 'cardiovascular',
    needsSmoking: true,
    smokingQuestion: 'htn-smoking',
    groups: [
      { uuid: 'htn-history', header: text('History', '病歷') },
      {
        uuid: 'htn-control',
        header: text('Control', '控制'),
        description: text('Readings', '讀數'),
      },
    ],
    questions: [
      {
        uuid: 'htn-diagnosed',
        type: 'D',
        group: 'htn-history',
        question: text('When was it first diagnosed?', '首次確診日期？'),
        bands: [{ maxMonths: 6, decision: { LIFE: 'P', CI: 'P' } }, { decision: zero }],
      },
      {
        uuid: 'htn-controlled',
        type: 'R',
        group: 'htn-control',
        question: text('Is it <b>well controlled</b>?', '是否<b>控制良好</b>？'),
        placeholder: text('Ask for readings', '請索取讀數'),
        options: [
          {
            uuid: 'htn-controlled-yes',
            label: text('Yes', '是'),
            decision: { LIFE: '0', CI: '25' },
          },
          {
            uuid: 'htn-controlled-no',
            label: text('No', '否'),
            questions: [
              {
                uuid: 'htn-systolic',
                type: 'N',
                units: ['mmHg'],
                question: text('Latest systolic reading', '最近上壓'),
                bands: [
                  { below: 160, decision: { LIFE: '50', CI: 'EX1' } },
                  { decision: { LIFE: 'D', CI: 'D' } },
                ],
              },
              {
                uuid: 'htn-medication',
                type: 'C',
                question: text('Medication', '藥物'),
                options: [
                  { uuid: 'htn-med-one', label: text('One drug', '一種'), decision: zero },
                  {
                    uuid: 'htn-med-more',
                    label: text('More', '多種'),
                    questions: [
                      {
                        uuid: 'htn-med-names',
                        type: 'T',
                        mandatory: 'N',
                        question: text('Names', '名稱'),
                      },
                    ],
                  },
                  {
                    uuid: 'htn-med-none',
                    label: text('None', '沒有'),
                    unique: 'Y',
                    decision: { LIFE: '25', CI: '0' },
                  },
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
        question: text('Smoking habit', '吸煙習慣'),
        options: [
          ['current-over-1-pack', '50'],
          ['current-under-1-pack', '25'],
          ['quit-within-period', '25'],
          ['quit-before-period', '0'],
          ['never', '0'],
        ].map(([value, points]) => ({
          uuid: `htn-smoking-${value}`,
          smokingValue: value,
          label: text(value ?? '', value ?? ''),
          decision: { LIFE: points, CI: '0' },
        })),
      },
    ],
    cases: [
      {
        name: 'controlled since 2015',
        asOf: '2026-01-01',
        answers: {
          'htn-diagnosed': '2015-03-01',
          'htn-controlled': ['htn-controlled-yes'],
          'htn-smoking': ['htn-smoking-never'],
        },
        expect: { LIFE: '0', CI: '25' },
      },
      {
        name: 'uncontrolled on one drug',
        asOf: '2026-01-01',
        answers: {
          'htn-diagnosed': '2025-12-01',
          'htn-controlled': ['htn-controlled-no'],
          'htn-systolic': 150,
          'htn-medication': ['htn-med-one'],
          'htn-smoking': ['htn-smoking-current-over-1-pack'],
        },
        expect: { LIFE: 'P', CI: 'P' },
      },
    ],
  };
}

function freeFormImpairment(uuid: string, name: string, cn: string, questions: number) {
  return {
    uuid,
    name: text(name, cn),
    gender: 'Both',
    groups: [{ uuid: `${uuid}-details`, header: text('Details', '詳情') }],
    questions: Array.from({ length: questions }, (_, index) => ({
      uuid: `${uuid}-q${index + 1}`,
      type: 'T',
      group: `${uuid}-details`,
      question: text(`Question ${index + 1}`, `問題${index + 1}`),
    })),
  };
}

function othersYaml() {
  return freeFormImpairment('other-impairment', 'Others', '其他', 8);
}

function highLowBmiYaml() {
  return freeFormImpairment('high-low-bmi', 'High / Low BMI', '過高/過低體重指數', 1);
}

function abnormalBmiYaml() {
  return freeFormImpairment('abnormal-bmi', 'Abnormal BMI', '體重指數異常', 1);
}

/** Female-only condition, for gender filtering. */
function ovarianCystYaml() {
  return { ...freeFormImpairment('ovarian-cyst', 'Ovarian cyst', '卵巢囊腫', 1), gender: 'Female' };
}

/** The whole sample catalogue as parsed source files. */
export function sampleFiles(): SourceFile[] {
  return [
    { path: 'catalog.yaml', data: catalogYaml() },
    { path: 'insurers.yaml', data: insurersYaml() },
    { path: 'impairments/hypertension.yaml', data: hypertensionYaml() },
    { path: 'impairments/other-impairment.yaml', data: othersYaml() },
    { path: 'impairments/high-low-bmi.yaml', data: highLowBmiYaml() },
    { path: 'impairments/abnormal-bmi.yaml', data: abnormalBmiYaml() },
    { path: 'impairments/ovarian-cyst.yaml', data: ovarianCystYaml() },
  ];
}

/** The sample files with one file's data replaced by what `change` makes of it. */
export function filesWith<T>(path: string, change: (data: T) => unknown): SourceFile[] {
  return sampleFiles().map((file) =>
    file.path === path ? { path, data: change(file.data as T) } : file,
  );
}
