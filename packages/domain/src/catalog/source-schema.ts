/**
 * The catalogue's source format (docs/catalogue.md): what authors write in `catalog.yaml`,
 * `insurers.yaml` and `impairments/<uuid>.yaml`. Every object is strict so that a misspelt
 * field is reported instead of silently ignored. `compileCatalog` turns these into the
 * compiled `Catalog` of model.ts; the JSON Schema for editors is generated from them.
 */
import { z } from 'zod';
import {
  bilingualSchema,
  decisionSchema,
  impairmentGenderSchema,
  indicatorCodeSchema,
  insurerConfigSchema,
  questionTypeSchema,
  synonymsSchema,
} from '../model.ts';

/** An impairment uuid: lower-case letters and digits in words joined by hyphens. */
export const impairmentUuidSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lower-case letters, digits and single hyphens only');

/** A question, option or group uuid; never a comma, because uuidPath joins uuids with commas. */
export const itemUuidSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/, 'letters, digits, - _ . only (at most 100)');

/** An ISO calendar date, YYYY-MM-DD. */
const isoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date written YYYY-MM-DD');

export const sourceBandSchema = z
  .object({
    from: z.number().optional().describe('N, H (cm), W (kg): inclusive lower bound (value ≥ from)'),
    above: z
      .number()
      .optional()
      .describe('N, H (cm), W (kg): exclusive lower bound (value > above)'),
    to: z.number().optional().describe('N, H (cm), W (kg): inclusive upper bound (value ≤ to)'),
    below: z
      .number()
      .optional()
      .describe('N, H (cm), W (kg): exclusive upper bound (value < below)'),
    maxMonths: z
      .number()
      .int()
      .nonnegative()
      .optional()
      .describe('D: months since the date, inclusive upper bound'),
    decision: decisionSchema,
  })
  .strict();
export type SourceBand = z.infer<typeof sourceBandSchema>;

/** An answer option; `decision` or `questions` (the children it opens), never both. */
export interface SourceOption {
  uuid: string;
  label: z.infer<typeof bilingualSchema>;
  decision?: z.infer<typeof decisionSchema> | undefined;
  questions?: SourceQuestion[] | undefined;
  unique?: 'Y' | 'N' | undefined;
  exclusive?: boolean | undefined;
  smokingValue?: string | undefined;
}

/** A question as written; children sit under the option that opens them. */
export interface SourceQuestion {
  uuid: string;
  type: z.infer<typeof questionTypeSchema>;
  group?: string | undefined;
  question: z.infer<typeof bilingualSchema>;
  mandatory?: 'Y' | 'N' | undefined;
  placeholder?: z.infer<typeof bilingualSchema> | undefined;
  units?: string[] | undefined;
  min?: number | undefined;
  max?: number | undefined;
  bands?: SourceBand[] | undefined;
  options?: SourceOption[] | undefined;
}

export const sourceOptionSchema: z.ZodType<SourceOption> = z
  .object({
    uuid: itemUuidSchema,
    label: bilingualSchema,
    decision: decisionSchema.optional().describe('a value for every indicator of catalog.yaml'),
    get questions() {
      return z
        .array(sourceQuestionSchema)
        .min(1)
        .optional()
        .describe('instead of decision: the child questions this option opens');
    },
    unique: z
      .enum(['Y', 'N'])
      .optional()
      .describe('C only: Y clears every other choice (the older spelling of exclusive: true)'),
    exclusive: z
      .boolean()
      .optional()
      .describe(
        'C and M only: true when the option stands alone ("None of these"): it clears every other choice and is never sent with another',
      ),
    smokingValue: z
      .string()
      .optional()
      .describe('on the smoking question: the value it stands for'),
  })
  .strict();

export const sourceQuestionSchema: z.ZodType<SourceQuestion> = z
  .object({
    uuid: itemUuidSchema,
    type: questionTypeSchema,
    group: itemUuidSchema.optional().describe('top level: one of the file’s groups'),
    question: bilingualSchema,
    mandatory: z.enum(['Y', 'N']).optional().describe('N makes it optional'),
    placeholder: bilingualSchema.optional(),
    units: z.array(z.string().min(1)).min(1).optional(),
    min: z
      .number()
      .optional()
      .describe(
        'N, H (cm), W (kg): the smallest plausible answer (inclusive); a smaller one is refused',
      ),
    max: z
      .number()
      .optional()
      .describe(
        'N, H (cm), W (kg): the largest plausible answer (inclusive); a larger one is refused',
      ),
    bands: z.array(sourceBandSchema).min(1).optional(),
    get options() {
      return z.array(sourceOptionSchema).optional();
    },
  })
  .strict();

/**
 * One answer in a regression case: S/R/C/M the chosen option uuids; T a text; N a number;
 * D an ISO date; H `{ cm }`; W `{ kg }`.
 */
export const caseAnswerSchema = z.union([
  z.array(itemUuidSchema),
  z.string(),
  z.number(),
  z.object({ cm: z.number() }).strict(),
  z.object({ kg: z.number() }).strict(),
]);
export type CaseAnswer = z.infer<typeof caseAnswerSchema>;

/**
 * A regression case: answers and what they give: the decision expected per indicator, or
 * `incomplete` (no decision yet: a shown mandatory question is unanswered), or `refused` (the
 * server refuses an answer, e.g. an exclusive option with another, or a number typed as '-').
 */
export const regressionCaseSchema = z
  .object({
    name: z.string().optional(),
    asOf: isoDateSchema.optional().describe('the day D bands are measured from'),
    answers: z.record(itemUuidSchema, caseAnswerSchema),
    expect: z
      .union([
        z.record(indicatorCodeSchema, z.string().min(1)),
        z.literal('incomplete'),
        z.literal('refused'),
      ])
      .describe(
        'per indicator (exclusions collected are written "EX1,EX3"); or incomplete: no decision yet; or refused: the server refuses an answer',
      ),
  })
  .strict();
export type RegressionCase = z.infer<typeof regressionCaseSchema>;

export const sourceGroupSchema = z
  .object({
    uuid: itemUuidSchema,
    header: bilingualSchema,
    description: bilingualSchema.optional(),
  })
  .strict();

/** `impairments/<uuid>.yaml`: one condition. */
export const impairmentFileSchema = z
  .object({
    uuid: impairmentUuidSchema.describe('equals the file name'),
    name: bilingualSchema,
    gender: impairmentGenderSchema,
    category: z.string().min(1).optional().describe('where the chooser groups it'),
    needsSmoking: z.boolean().optional(),
    smokingQuestion: itemUuidSchema.optional().describe('the question preset from smoking status'),
    synonyms: synonymsSchema
      .optional()
      .describe(
        'other words people use for it (lay terms, abbreviations, spellings), per language, for the condition search',
      ),
    groups: z.array(sourceGroupSchema).min(1).describe('question groups in page order'),
    questions: z.array(sourceQuestionSchema).min(1),
    cases: z.array(regressionCaseSchema).optional(),
  })
  .strict();
export type ImpairmentFile = z.infer<typeof impairmentFileSchema>;

const bmiBandSourceSchema = z
  .object({ lower: z.number(), upper: z.number(), decision: decisionSchema })
  .strict();

const ruleAgeSourceSchema = z
  .object({
    lower: z.number().int(),
    upper: z.number().int(),
    gender: z.enum(['Male', 'Female', 'All']),
    bmiList: z.array(bmiBandSourceSchema).min(1),
  })
  .strict();

const exclusionSourceSchema = z
  .object({ code: z.string().regex(/^EX\d+$/), wording: bilingualSchema })
  .strict();

/** `catalog.yaml`: indicators, exclusion wordings, BMI rules, smoking lists, settings. */
export const catalogFileSchema = z
  .object({
    notes: z.string(),
    indicators: z
      .array(z.object({ code: indicatorCodeSchema, label: bilingualSchema }).strict())
      .min(1),
    exclusions: z.array(exclusionSourceSchema),
    ruleAgeList: z.array(ruleAgeSourceSchema),
    smokingLists: z
      .array(
        z
          .object({
            id: z.enum(['A', 'B']),
            lookbackMonths: z.number().int().positive(),
            options: z
              .array(z.object({ value: z.string().min(1), label: bilingualSchema }).strict())
              .length(5),
          })
          .strict(),
      )
      .length(2),
    settings: z
      .object({
        highLowBmiImpairmentName: z.string().min(1).optional(),
        abnormalBmiImpairmentName: z.string().min(1).optional(),
        otherImpairment: impairmentUuidSchema.optional(),
      })
      .strict()
      .optional(),
  })
  .strict();
export type CatalogFile = z.infer<typeof catalogFileSchema>;

const codeSchema = z.string().regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, - and _ only');

/** One insurer of `insurers.yaml` with its channels and products. */
export const insurerSourceSchema = z
  .object({
    code: insurerConfigSchema.shape.code,
    name: bilingualSchema,
    smokingList: z.enum(['A', 'B']),
    lastAgeOption: z.boolean(),
    printCover: z.boolean(),
    indicators: z
      .array(indicatorCodeSchema)
      .min(1)
      .optional()
      .describe("the catalogue's indicator codes this insurer decides on, in its order; absent: all"),
    exclusions: z
      .array(exclusionSourceSchema)
      .min(1)
      .optional()
      .describe("this insurer's own wording of some of the catalogue's exclusions, by code"),
    ruleAgeList: z
      .array(ruleAgeSourceSchema)
      .min(1)
      .optional()
      .describe("this insurer's BMI rules, in place of the catalogue's; absent: the catalogue's"),
    channels: z
      .array(
        z
          .object({
            code: codeSchema,
            products: z
              .array(
                z
                  .object({
                    code: codeSchema,
                    name: bilingualSchema,
                    impairments: z
                      .union([z.literal('all'), z.array(impairmentUuidSchema)])
                      .describe('all, or the impairment uuids this product offers'),
                  })
                  .strict(),
              )
              .min(1),
          })
          .strict(),
      )
      .min(1),
  })
  .strict();

/** `insurers.yaml`: insurers, their channels and products. */
export const insurersFileSchema = z
  .object({ insurers: z.array(insurerSourceSchema).min(1) })
  .strict();
export type InsurersFile = z.infer<typeof insurersFileSchema>;

/**
 * The JSON Schema of the three source files, for editor completion
 * (`# yaml-language-server: $schema=…`): a document matches one of them.
 */
export function catalogSourceJsonSchema(): Record<string, unknown> {
  // A registry of its own names the shared definitions without touching zod's global one.
  const names = z.registry<{ id: string; title: string }>();
  names.add(impairmentFileSchema, { id: 'impairment', title: 'impairments/<uuid>.yaml' });
  names.add(catalogFileSchema, { id: 'catalog', title: 'catalog.yaml' });
  names.add(insurersFileSchema, { id: 'insurers', title: 'insurers.yaml' });
  names.add(sourceQuestionSchema, { id: 'question', title: 'Question' });
  names.add(sourceOptionSchema, { id: 'option', title: 'Answer option' });
  names.add(bilingualSchema, { id: 'bilingual', title: 'Text in en and cn_traditional' });
  names.add(decisionSchema, { id: 'decision', title: 'A decision per indicator' });
  const schema = z.toJSONSchema(
    z.union([impairmentFileSchema, catalogFileSchema, insurersFileSchema]),
    { target: 'draft-2020-12', io: 'input', metadata: names },
  );
  return {
    ...schema,
    title: 'Video MER catalogue source',
    description:
      'catalog.yaml, insurers.yaml or impairments/<uuid>.yaml (docs/catalogue.md). ' +
      'Illustrative sample data, not underwriting advice.',
  };
}
