/**
 * Generated catalogue versions for the browser benches (I-24, and issue 19's performance
 * work): the shipped catalogue plus `conditions` generated conditions, each one page of
 * `topLevel` radios whose Yes opens `children` radios, published as the active version; and a
 * draft disclosure of every generated condition with every Yes chosen, so that all their
 * questions show. {@link TEN_BY_THIRTY} is 10 conditions × 30 questions: 300 on screen.
 */
import type { Impairment, QuestionType } from '@vmer/domain';
import { endpoints } from '@vmer/domain/api';
import { signIn as signInApi } from '../../apps/server/src/cli/sign-in.ts';
import {
  checkSourceTexts,
  readSourceDir,
  SHIPPED_CATALOG_DIR,
} from '../../apps/server/src/catalog/source-files.ts';
import { answersFor, documentFor, PROFILE } from '../../apps/server/test/disclosures/fixtures.ts';
import { apiCall } from './web-bench.ts';

/** The size of a generated version. */
interface GeneratedShape {
  conditions: number;
  /** Top-level radios per condition: at most 5 keeps a condition on one page (requirements §9). */
  topLevel: number;
  /** Questions each top-level Yes opens. */
  children: number;
  /**
   * The children's types, taken in turn across a condition's children (a choice has the options
   * No and Yes); radios only without it.
   */
  childTypes?: readonly QuestionType[];
}

/** 10 conditions of 30 shown questions each (5 radios, each opening 5 radios): 300 questions. */
export const TEN_BY_THIRTY: GeneratedShape = { conditions: 10, topLevel: 5, children: 5 };

/** The same 300 questions with the children of every type the peer bench compares. */
export const TEN_BY_THIRTY_ALL_TYPES: GeneratedShape = {
  ...TEN_BY_THIRTY,
  childTypes: ['R', 'C', 'S', 'T', 'N', 'D', 'M'],
};

/** How many questions a generated condition shows with every Yes chosen. */
export const shownPerCondition = (shape: GeneratedShape) => shape.topLevel * (shape.children + 1);

/** The uuid of generated condition `k` (from 1). */
const generatedUuid = (k: number) => `bench-gen-${k}`;

/** The English name of generated condition `k`, as the screen and its index show it. */
export const generatedName = (k: number) => `Generated condition ${k}`;

/**
 * The English text of a generated question: `Generated k question t` for top-level radio t,
 * `Generated k question t.c` for its child c.
 */
export const generatedQuestion = (k: number, t: number, c?: number) =>
  `Generated ${k} question ${t}${c === undefined ? '' : `.${c}`}`;

const decision = (life: number) => `{ LIFE: "${life}", CI: "0", MED: "0" }`;

/** What a generated child of `type` answers with: options No and Yes, or bands of its value. */
function childAnswerLines(id: string, type: QuestionType): string[] {
  const indent = '            ';
  switch (type) {
    case 'N':
      return [
        `${indent}units: [mmHg]`,
        `${indent}bands:`,
        `${indent}  - { below: 160, decision: ${decision(0)} }`,
        `${indent}  - { decision: ${decision(25)} }`,
      ];
    case 'D':
      return [
        `${indent}bands:`,
        `${indent}  - { maxMonths: 6, decision: ${decision(25)} }`,
        `${indent}  - { decision: ${decision(0)} }`,
      ];
    case 'T':
    case 'H':
    case 'W':
      return [];
    default:
      return [
        `${indent}options:`,
        `${indent}  - uuid: ${id}-no`,
        `${indent}    label: { en: "No", cn_traditional: "否" }`,
        `${indent}    decision: ${decision(0)}`,
        `${indent}  - uuid: ${id}-yes`,
        `${indent}    label: { en: "Yes", cn_traditional: "是" }`,
        `${indent}    decision: ${decision(25)}`,
      ];
  }
}

/** Generated condition `k` as a catalogue source file (YAML). */
function generatedConditionYaml(k: number, shape: GeneratedShape): string {
  const id = generatedUuid(k);
  const lines = [
    `uuid: ${id}`,
    `name: { en: "${generatedName(k)}", cn_traditional: "生成病症 ${k}" }`,
    'gender: Both',
    'category: other',
    'groups:',
    `  - uuid: ${id}-g`,
    '    header: { en: History, cn_traditional: 病歷 }',
    'questions:',
  ];
  for (let t = 1; t <= shape.topLevel; t++) {
    lines.push(
      `  - uuid: ${id}-${t}`,
      '    type: R',
      `    group: ${id}-g`,
      `    question: { en: "${generatedQuestion(k, t)}", cn_traditional: "生成 ${k} 問題 ${t}" }`,
      '    options:',
      `      - uuid: ${id}-${t}-no`,
      '        label: { en: "No", cn_traditional: "否" }',
      `        decision: ${decision(0)}`,
      `      - uuid: ${id}-${t}-yes`,
      '        label: { en: "Yes", cn_traditional: "是" }',
      '        questions:',
    );
    for (let c = 1; c <= shape.children; c++) {
      const types = shape.childTypes ?? ['R'];
      const type = types[((t - 1) * shape.children + c - 1) % types.length]!;
      lines.push(
        `          - uuid: ${id}-${t}-${c}`,
        `            type: ${type}`,
        `            question: { en: "${generatedQuestion(k, t, c)}", cn_traditional: "生成 ${k} 問題 ${t}.${c}" }`,
        ...childAnswerLines(`${id}-${t}-${c}`, type),
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

/** A published generated version: its number and the generated conditions, compiled. */
interface GeneratedVersion {
  version: string;
  impairments: Impairment[];
}

/**
 * Publishes the shipped catalogue plus the generated conditions as the active version (as
 * admin1, through the catalogue upload).
 */
export async function publishGenerated(
  baseUrl: string,
  shape: GeneratedShape,
): Promise<GeneratedVersion> {
  const generated = Object.fromEntries(
    Array.from({ length: shape.conditions }, (_, i) => [
      `impairments/${generatedUuid(i + 1)}.yaml`,
      generatedConditionYaml(i + 1, shape),
    ]),
  );
  const files = { ...(await readSourceDir(SHIPPED_CATALOG_DIR)), ...generated };
  const checked = checkSourceTexts(files);
  const impairments = Array.from({ length: shape.conditions }, (_, i) =>
    checked.catalog?.impairments.find((found) => found.uuid === generatedUuid(i + 1)),
  );
  if (impairments.some((found) => !found))
    throw new Error(`the generated conditions are refused: ${JSON.stringify(checked.problems)}`);
  const admin = await signInApi({ url: baseUrl, user: 'admin1', password: 'demo' });
  const imported = await apiCall<{ version: { version: string } }>(
    baseUrl,
    endpoints.catalogUpload,
    admin,
    {
      files,
      notes: `bench: ${shape.conditions} generated conditions of ${shownPerCondition(shape)} questions`,
      activate: true,
    },
  );
  return { version: imported.version.version, impairments: impairments as Impairment[] };
}

/**
 * The answers of a generated condition in a full disclosure: every Yes chosen, so that all its
 * questions show, and each child answered.
 */
export const generatedAnswers = (impairment: Impairment) => answersFor(impairment, 'opening');

/**
 * Saves, as interviewer1 on phkl's agency product, a draft of every generated condition with
 * every Yes chosen, so that all their questions show; answers its requestId. With `blank`, the
 * first `blank` conditions are left unanswered (a draft needs one condition with a decision).
 */
export async function saveGeneratedDisclosure(
  baseUrl: string,
  generated: GeneratedVersion,
  applicationNumber: string,
  blank = 0,
): Promise<string> {
  const interviewer = await signInApi({ url: baseUrl, user: 'interviewer1', password: 'demo' });
  const doc = documentFor(
    generated.version,
    generated.impairments.map((impairment, k) => ({
      impairment,
      answers: k < blank ? {} : generatedAnswers(impairment),
    })),
  );
  const saved = await apiCall<{ requestId: string }>(
    baseUrl,
    endpoints.disclosureSave,
    interviewer,
    {
      applicationNumber,
      age: PROFILE.age,
      gender: PROFILE.gender,
      rsmScore: PROFILE.rsmScore,
      disclosureJson: JSON.stringify(doc),
      insurerCode: 'phkl',
      channel: 'agency',
      productCode: 'WL01',
    },
  );
  return saved.requestId;
}
