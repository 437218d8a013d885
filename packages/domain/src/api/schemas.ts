import { z } from 'zod';
import { disclosureStatusSchema, disclosureViewSchema } from '../lifecycle.ts';
import { listOf } from '../query-params.ts';
import {
  bilingualSchema,
  diseaseListEntrySchema,
  exclusionWordingSchema,
  genderSchema,
  impairmentSchema,
  indicatorSchema,
  languageSchema,
  MIN_AGE,
  rsmScoreSchema,
  questionSchema,
  ruleAgeSchema,
  smokingListSchema,
  userInfoSchema,
} from '../model.ts';

/** The request and answer shapes of the API that are not the lifecycle's own (lifecycle.ts). */

export { authConfigSchema } from './auth-config.ts';

/** Whether a dependency of the server answers (requirements N-15). */
export const dependencyStateSchema = z.enum(['up', 'down']);

/**
 * What `/api/ready` reports: the database and the identity provider, each up or down. The
 * status is `ready` (200) when both are up, `unavailable` (503) otherwise.
 */
export const readinessSchema = z
  .object({
    status: z.enum(['ready', 'unavailable']),
    database: dependencyStateSchema,
    identityProvider: dependencyStateSchema,
  })
  .meta({ id: 'Readiness' });
export type Readiness = z.infer<typeof readinessSchema>;

export const languageBodySchema = z.object({ language: languageSchema }).strict();

const codeSchema = z.string().min(1).max(50);

/** The header selection and applicant a list is asked for (requirements §3 "Disease list request"). */
export const selectionSchema = z.object({
  insurerCode: codeSchema,
  channel: codeSchema,
  productCode: codeSchema,
  gender: genderSchema.nullable().optional(),
  /** Under 18 the tool cannot proceed (requirements §5): such a request is refused. */
  age: z.number().int().min(MIN_AGE).max(150).nullable().optional(),
  rsmScore: rsmScoreSchema.nullable().optional(),
});
/** The requirements name `flag` and `param` without saying what they hold: kept, not interpreted. */
const opaqueSchema = z
  .union([z.string().max(200), z.number(), z.boolean()])
  .nullable()
  .optional();

export const diseaseListBodySchema = selectionSchema.extend({ flag: opaqueSchema }).strict();
export const specialListBodySchema = selectionSchema.extend({ param: opaqueSchema }).strict();

export const userInfoBodySchema = userInfoSchema
  .extend({ smokingLists: z.array(smokingListSchema) })
  .meta({ id: 'UserInfo' });

export const insurerListEntrySchema = z
  .object({
    insurerCode: z.string(),
    channel: z.string(),
    productCode: z.string(),
    insurerName: bilingualSchema,
    productName: bilingualSchema,
    smokingList: z.enum(['A', 'B']),
    lastAgeOption: z.boolean(),
    printCover: z.boolean(),
  })
  .meta({ id: 'InsurerListEntry' });

export const questionnaireSchema = z
  .object({
    version: z.string(),
    notes: z.string(),
    indicators: z.array(indicatorSchema),
    exclusions: z.array(exclusionWordingSchema),
    ruleAgeList: z.array(ruleAgeSchema),
    settings: z.object({
      highLowBmiImpairmentName: z.string(),
      abnormalBmiImpairmentName: z.string(),
      otherImpairment: z.string(),
    }),
    smokingLists: z.array(smokingListSchema),
    /** The caller's insurers and the indicator codes each decides on (requirements K-13). */
    insurers: z.array(
      z.object({
        code: z.string(),
        indicators: z.array(z.string()),
        exclusions: z.array(exclusionWordingSchema),
        ruleAgeList: z.array(ruleAgeSchema),
      }),
    ),
    rsmScores: z.array(rsmScoreSchema),
    genders: z.array(genderSchema),
  })
  .meta({ id: 'Questionnaire' });

export const diseaseListSchema = z.array(diseaseListEntrySchema);
export const diseaseListAnswerSchema = z
  .object({ instance: z.uuid(), diseaseList: diseaseListSchema })
  .meta({ id: 'DiseaseListAnswer' });

export const specialListSchema = z
  .object({
    /** The selectable BMI condition (settings.highLowBmiImpairmentName). */
    highLowBmi: impairmentSchema.nullable(),
    /** The condition the BMI rule adds by itself (settings.abnormalBmiImpairmentName). */
    abnormalBmi: impairmentSchema.nullable(),
    /** The generic Others template self-defined conditions are built from. */
    others: impairmentSchema.nullable(),
  })
  .meta({ id: 'SpecialList' });

/** A catalogue version number as a query value. */
const catalogVersionParam = z.string().regex(/^[1-9]\d{0,8}$/, 'field_format');

/**
 * `?catalogVersion=N`: the catalogue version a disclosure was answered on, so that a disclosure
 * reopened after another version was activated reads its own version's conditions and questions.
 * Without it the active version answers.
 */
export const versionQuerySchema = z
  .object({
    catalogVersion: catalogVersionParam
      .optional()
      .meta({ description: 'A catalogue version number; the active version when left out' }),
  })
  .strict();

/**
 * `?known=3,4`: the catalogue versions the browser already keeps (requirements F-02); opening a
 * disclosure on one of them leaves that version's parts out of the answer.
 */
export const openQuerySchema = z
  .object({
    known: listOf(catalogVersionParam)
      .optional()
      .meta({ description: 'Catalogue versions the caller already holds, comma-separated' }),
  })
  .strict();

/**
 * What opening a disclosure reads from its catalogue version: what `GET /questionnaire/get`,
 * `POST /disease/list` (the applicant's list, and the product's whole list when a condition was
 * stored for another gender), `POST /disease/special/list` and `GET /question/{uuid}` answer for
 * it. A part that call would refuse is null or left out: the browser then asks for it itself.
 */
export const openCatalogueSchema = z
  .object({
    version: z.string(),
    questionnaire: questionnaireSchema,
    diseaseList: diseaseListAnswerSchema.nullable(),
    wholeList: diseaseListAnswerSchema.nullable(),
    specialList: specialListSchema.nullable(),
    questions: z.array(z.object({ uuid: z.string(), questionList: z.array(questionSchema) })),
  })
  .meta({ id: 'OpenCatalogue' });

/**
 * Everything the questionnaire screen needs to show a disclosure, in one answer (requirements
 * F-01): the disclosure as its own GET answers it, user info, the insurer list, its catalogue
 * version's parts unless the browser holds that version (null then), and the active version's
 * summary when that is another version the browser does not hold.
 */
export const disclosureOpenSchema = z
  .object({
    disclosure: disclosureViewSchema,
    userInfo: userInfoBodySchema,
    insurerList: z.array(insurerListEntrySchema),
    catalogue: openCatalogueSchema.nullable(),
    /** The active catalogue version, which the screen compares the disclosure's with. */
    activeVersion: z.string(),
    /**
     * What `GET /questionnaire/get` answers for the active version, when it is not the
     * disclosure's and the caller does not hold it; null otherwise.
     */
    activeSummary: questionnaireSchema.nullable(),
  })
  .meta({ id: 'DisclosureOpen' });

export const versionSummarySchema = z
  .object({
    version: z.string(),
    contentHash: z.string(),
    author: z.string(),
    notes: z.string(),
    createdAt: z.string(),
    active: z.boolean(),
    activatedAt: z.string().nullable(),
    /** Who approved its last activation (K-01); null for one never released through approval. */
    approver: z.string().nullable(),
    impairments: z.number().int(),
  })
  .meta({ id: 'CatalogVersion' });

export const versionParamsSchema = z.object({ version: z.string().max(20) });

/**
 * A catalogue upload: the catalogue's files by path relative to its folder (`catalog.yaml`,
 * `insurers.yaml`, `impairments/<uuid>.yaml`), each the YAML text — the same bundle export answers.
 */
export const catalogUploadSchema = z
  .object({
    files: z.record(z.string().min(1).max(300), z.string().max(2 * 1024 * 1024)),
    notes: z.string().max(2000).optional(),
    activate: z.boolean().optional(),
  })
  .strict();

export const catalogBundleSchema = z
  .object({ version: z.string(), files: z.record(z.string(), z.string()) })
  .meta({ id: 'CatalogBundle' });

/** What changed between two catalogue versions (requirements K-02). */
export { catalogDiffSchema } from './catalog-diff-schema.ts';

export const recordedSchema = z.object({ id: z.number().int() });

export const requestAnalyticsSchema = z.object({
  requestId: z.string(),
  insurerCode: z.string(),
  channel: z.string(),
  productCode: z.string(),
  applicationNumber: z.string(),
  status: disclosureStatusSchema,
  events: z.array(
    z.object({
      activity: z.string(),
      fromPage: z.string(),
      details: z.string().nullable(),
      questionList: z.array(z.string()),
      /** ISO 8601. */
      at: z.string(),
    }),
  ),
});

/** Text without control characters (a name, an insurer code). */
const plainText = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^[^\p{Cc}]*$/u, 'field_format');

/** What a person asking for access tells the administrators. */
export const accountRequestSchema = z
  .object({
    name: plainText(100),
    email: z.string().trim().max(254).pipe(z.email('email_invalid')),
    insurerCode: plainText(20).toLowerCase(),
    role: z.enum(['interviewer', 'agent', 'underwriter']),
    message: z.string().trim().max(1000).optional(),
  })
  .strict();

/** The Idempotency-Key header, when sent: 1 to 200 visible ASCII characters. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const idempotencyKeySchema = z.string().regex(/^[\x21-\x7e]{1,200}$/);
export const idempotentHeadersSchema = z.object({
  [IDEMPOTENCY_KEY_HEADER]: idempotencyKeySchema.optional(),
});
