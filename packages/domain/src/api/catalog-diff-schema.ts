import { z } from 'zod';
import { bandSchema, bilingualSchema, questionTypeSchema } from '../model.ts';

/**
 * What changed between two catalogue versions (requirements K-02, design §14): structured
 * data, kinds with their before and after values, which the web app puts into words in the
 * reader's language.
 */

/** The catalogue-wide parts a diff names, besides its conditions. */
export const CATALOG_PARTS = [
  'notes',
  'indicators',
  'exclusions',
  'ruleAgeList',
  'smokingLists',
  'settings',
  'insurers',
] as const;

const namedSchema = z.object({ uuid: z.string(), name: bilingualSchema });
const questionRefSchema = z.object({ uuid: z.string(), text: bilingualSchema });
const optionRefSchema = z.object({ uuid: z.string(), label: bilingualSchema });
/** Where a question hangs: under an option of another question, or at the top (both null). */
const placeSchema = z.object({
  question: questionRefSchema.nullable(),
  option: optionRefSchema.nullable(),
});
/** A decision value for one indicator; null when there was none. */
const decisionValue = z.string().nullable();
/** A setting shown as text: numbers, yes/no and lists written out; null when unset. */
const settingValue = z.string().nullable();

const onQuestion = { question: questionRefSchema };
const onOption = { question: questionRefSchema, option: optionRefSchema };

export const catalogChangeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('name'), before: bilingualSchema, after: bilingualSchema }),
  z.object({ kind: z.literal('gender'), before: z.string(), after: z.string() }),
  z.object({
    kind: z.literal('synonyms'),
    language: z.enum(['en', 'cn_traditional']),
    added: z.array(z.string()),
    removed: z.array(z.string()),
  }),
  z.object({
    kind: z.literal('indicators'),
    added: z.array(z.string()),
    removed: z.array(z.string()),
  }),
  /** Another field of the condition: group, needsSmoking, exNoList, smokingQuestionUuid, selfDefined. */
  z.object({
    kind: z.literal('conditionField'),
    field: z.string(),
    before: settingValue,
    after: settingValue,
  }),
  z.object({
    kind: z.literal('groupHeader'),
    group: z.string(),
    before: bilingualSchema,
    after: bilingualSchema,
  }),
  z.object({ kind: z.literal('questionAdded'), ...onQuestion }),
  z.object({ kind: z.literal('questionRemoved'), ...onQuestion }),
  z.object({
    kind: z.literal('questionText'),
    ...onQuestion,
    before: bilingualSchema,
    after: bilingualSchema,
  }),
  z.object({
    kind: z.literal('questionType'),
    ...onQuestion,
    before: questionTypeSchema,
    after: questionTypeSchema,
  }),
  z.object({
    kind: z.literal('questionMandatory'),
    ...onQuestion,
    before: z.boolean(),
    after: z.boolean(),
  }),
  z.object({
    kind: z.literal('questionMoved'),
    ...onQuestion,
    before: placeSchema,
    after: placeSchema,
  }),
  z.object({
    kind: z.literal('questionGroup'),
    ...onQuestion,
    before: bilingualSchema,
    after: bilingualSchema,
  }),
  z.object({
    kind: z.literal('questionBands'),
    ...onQuestion,
    before: z.array(bandSchema),
    after: z.array(bandSchema),
  }),
  /** A free-form question's own decision (without bands). */
  z.object({
    kind: z.literal('questionDecision'),
    ...onQuestion,
    indicator: z.string(),
    before: decisionValue,
    after: decisionValue,
  }),
  /** Another field of the question: placeholder, units, min, max, c_type. */
  z.object({
    kind: z.literal('questionField'),
    ...onQuestion,
    field: z.string(),
    before: settingValue,
    after: settingValue,
  }),
  z.object({ kind: z.literal('optionAdded'), ...onOption }),
  z.object({ kind: z.literal('optionRemoved'), ...onOption }),
  z.object({
    kind: z.literal('optionLabel'),
    ...onOption,
    before: bilingualSchema,
    after: bilingualSchema,
  }),
  z.object({
    kind: z.literal('optionDecision'),
    ...onOption,
    indicator: z.string(),
    before: decisionValue,
    after: decisionValue,
  }),
  /** Another field of the option: unique, exclusive, smokingValue. */
  z.object({
    kind: z.literal('optionField'),
    ...onOption,
    field: z.string(),
    before: settingValue,
    after: settingValue,
  }),
]);
export type CatalogChange = z.infer<typeof catalogChangeSchema>;

/** A catalogue-wide part that differs, with the entries (codes, ids, keys) added, removed, changed. */
export const catalogPartChangeSchema = z.object({
  part: z.enum(CATALOG_PARTS),
  added: z.array(z.string()),
  removed: z.array(z.string()),
  changed: z.array(z.string()),
});

export const catalogDiffSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    parts: z.array(catalogPartChangeSchema),
    impairments: z.object({
      added: z.array(namedSchema),
      removed: z.array(namedSchema),
      changed: z.array(namedSchema.extend({ changes: z.array(catalogChangeSchema) })),
    }),
  })
  .meta({ id: 'CatalogDiff' });
export type CatalogDiff = z.infer<typeof catalogDiffSchema>;
