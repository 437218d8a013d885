/**
 * The shapes of Video MER's data (requirements §3, design §4 and §6), as zod schemas with
 * types inferred from them. Server, browser and catalogue tools all use these, so a
 * question, an answer or a decision means the same thing everywhere.
 */
import { z } from 'zod';
import { LANGUAGE_CODES } from './languages.ts';

/** Interface and content languages (requirements §1), listed with their details in languages.ts. */
export const LANGUAGES = LANGUAGE_CODES;
export const languageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof languageSchema>;
export const DEFAULT_LANGUAGE: Language = 'en';

/**
 * A text written in English and Traditional Chinese, and optionally by hand in Simplified
 * Chinese (otherwise derived from the Traditional text, see `textIn` in languages.ts).
 */
export const bilingualSchema = z
  .object({ en: z.string(), cn_traditional: z.string(), cn_simplified: z.string().optional() })
  .strict();
export type Bilingual = z.infer<typeof bilingualSchema>;

/** The nine question types (requirements §3). */
export const QUESTION_TYPES = ['T', 'N', 'D', 'C', 'M', 'S', 'R', 'H', 'W'] as const;
export const questionTypeSchema = z.enum(QUESTION_TYPES);
export type QuestionType = z.infer<typeof questionTypeSchema>;
/** Types answered by choosing options. */
export const CHOICE_TYPES = ['C', 'M', 'S', 'R'] as const satisfies readonly QuestionType[];
/** Types answered in free form; without bands they count as U (requirements §4). */
export const FREE_FORM_TYPES = ['T', 'N', 'D', 'H', 'W'] as const satisfies readonly QuestionType[];

export const GENDERS = ['Male', 'Female'] as const;
export const genderSchema = z.enum(GENDERS);
export type Gender = z.infer<typeof genderSchema>;
/** Who a condition applies to: the requirements' "Male, Female, or both". */
export const impairmentGenderSchema = z.enum(['Male', 'Female', 'Both']);
export type ImpairmentGender = z.infer<typeof impairmentGenderSchema>;

/** Risk score options (requirements §2, §9). */
export const RSM_SCORES = ['A', 'B', 'C', 'D', 'N', 'H'] as const;
export const rsmScoreSchema = z.enum(RSM_SCORES);
export type RsmScore = z.infer<typeof rsmScoreSchema>;

/** Weight units (requirements §9). */
export const WEIGHT_UNITS = ['KG', 'LB'] as const;

/**
 * One indicator's decision: debit points as a whole number ("0", "25"), D decline,
 * P postpone, U refer to an underwriter, or an exclusion code EX<n> (design §6).
 */
export const decisionValueSchema = z.string().regex(/^(D|P|U|EX\d+|\d+)$/, 'decision_value');
export type DecisionValue = z.infer<typeof decisionValueSchema>;

/** Indicator code, e.g. LIFE, CI, TPD, MED. */
export const indicatorCodeSchema = z.string().regex(/^[A-Z][A-Z0-9_]{0,19}$/);
export type IndicatorCode = z.infer<typeof indicatorCodeSchema>;

/** A decision per indicator: `{ LIFE: "25", CI: "EX1" }`. */
export const decisionSchema = z.record(indicatorCodeSchema, decisionValueSchema);
export type Decision = z.infer<typeof decisionSchema>;

/**
 * A computed result for one indicator of one impairment: the requirements' Ex result keeps all
 * exclusion codes collected, so the result is a list of values ('EX1', 'EX3') when it is an
 * exclusion, otherwise a single value.
 */
export const indicatorResultSchema = z.object({
  /** 'D' | 'P' | 'U' | 'EX' | a whole number as text. */
  value: z.string(),
  /** The exclusion codes collected when value is 'EX'; empty otherwise. */
  exclusions: z.array(z.string()),
});
export type IndicatorResult = z.infer<typeof indicatorResultSchema>;

/**
 * A band turns a free-form answer into a decision (design §6). For N, H and W the value (H
 * in cm, W in kg) is compared with the band's bounds: `from` (inclusive) or `above`
 * (exclusive) below it, `to` (inclusive) or `below` (exclusive) above it, each optional; for D
 * the time since the date in whole months is compared with `maxMonths` (inclusive). The first
 * band that matches applies; a band without bounds matches everything.
 */
export const bandSchema = z
  .object({
    from: z.number().optional(),
    above: z.number().optional(),
    to: z.number().optional(),
    below: z.number().optional(),
    maxMonths: z.number().int().nonnegative().optional(),
    decision: decisionSchema,
  })
  .strict();
export type Band = z.infer<typeof bandSchema>;

/** Question group (requirements §3): pages are built per group. */
export const questionGroupSchema = z.object({
  uuid: z.string().min(1),
  index: z.number().int(),
  header: bilingualSchema,
  description: bilingualSchema.optional(),
});
export type QuestionGroup = z.infer<typeof questionGroupSchema>;

/** Answer option (requirements §3). `parentUuid` is the uuid of the question it belongs to. */
export const answerOptionSchema = z.object({
  uuid: z.string().min(1),
  label: bilingualSchema,
  /** Decision per indicator; null when choosing it opens child questions instead. */
  decision: decisionSchema.nullable(),
  hasDecision: z.boolean(),
  parentUuid: z.string().min(1),
  /** Checkbox options only: 'Y' clears every other choice (requirements §4). */
  unique: z.enum(['Y', 'N']).optional(),
  /**
   * C and M options: true when the option stands alone ("None of these"): choosing it clears
   * every other choice, choosing another clears it, and the server refuses it sent with another.
   */
  exclusive: z.boolean().optional(),
  /** On a smoking question: the smoking-status value this option stands for (requirements §4). */
  smokingValue: z.string().optional(),
});
export type AnswerOption = z.infer<typeof answerOptionSchema>;

/**
 * A question in the requirements' flattened form (requirements §3). A top-level question's `parentUuid` is
 * its impairment's uuid; a child (reflexive) question's `parentUuid` is the uuid of the answer
 * option that opens it. `uuidPath` lists every ancestor uuid from the impairment down to
 * `parentUuid` (questions and options alike), comma-separated. `level` is 1 for top-level
 * questions, 2 for their children, and so on. `index` orders questions within an impairment.
 */
export const questionSchema = z.object({
  uuid: z.string().min(1),
  index: z.number().int(),
  type: questionTypeSchema,
  /** HTML text (sanitised before rendering), may contain a line break. */
  question: bilingualSchema,
  /** 'N' makes it optional; 'Y' or undefined means mandatory (requirements §3, §5). */
  mandatory: z.enum(['Y', 'N']).optional(),
  parentUuid: z.string().min(1),
  uuidPath: z.string(),
  level: z.number().int().min(1),
  group: questionGroupSchema,
  answerList: z.array(answerOptionSchema),
  /** Always null in the catalogue; answers live in the disclosure. */
  answer: z.null(),
  /** Ids of the options that open children, for a renderer that wants them at hand. */
  choiceList: z.array(z.string()),
  /** A free-form question's decision when it has no bands (always U per requirements §4), else null. */
  decision: decisionSchema.nullable(),
  bands: z.array(bandSchema).optional(),
  placeholder: bilingualSchema.optional(),
  /** T/N: the units offered; W: allowed weight units (default ['KG']). */
  units: z.array(z.string()).optional(),
  /**
   * N: the smallest and largest plausible number (inclusive); H in cm and W in kg, instead of
   * the body's bounds (requirements I-18, I-19). Outside them the answer is refused.
   */
  min: z.number().optional(),
  max: z.number().optional(),
  /** Consolidation index and type: where a question's answer lands in the consolidated view. */
  c_index: z.number().int().optional(),
  c_type: z.string().optional(),
});
export type Question = z.infer<typeof questionSchema>;

/**
 * Lay terms, abbreviations, other spellings of a condition per language (requirements I-01):
 * the condition search matches them as it matches the names.
 */
export const synonymsSchema = z
  .object({
    en: z.array(z.string().min(1)).optional(),
    cn_traditional: z.array(z.string().min(1)).optional(),
  })
  .strict();
export type Synonyms = z.infer<typeof synonymsSchema>;

/** Impairment / disease (requirements §3). */
export const impairmentSchema = z.object({
  uuid: z.string().min(1),
  name: bilingualSchema,
  gender: impairmentGenderSchema,
  /** Indicators this impairment decides on (its decision list). */
  decision: z.array(indicatorCodeSchema),
  /** Exclusion numbers its options may give, e.g. ['EX1', 'EX3']. */
  exNoList: z.array(z.string()),
  questionList: z.array(questionSchema),
  selfDefined: z.boolean(),
  group: z.string().optional(),
  /** Needs a smoking status (asthma, hypertension in the sample) — requirements §4, §5. */
  needsSmoking: z.boolean().optional(),
  /** The question whose answer is preset from the smoking status, if any. */
  smokingQuestionUuid: z.string().optional(),
  /** Other words people use for it, per language, for the condition search (requirements I-01). */
  synonyms: synonymsSchema.optional(),
});
export type Impairment = z.infer<typeof impairmentSchema>;

/** Summary of an impairment for the condition chooser (no questions). */
export const diseaseListEntrySchema = impairmentSchema.omit({ questionList: true });
export type DiseaseListEntry = z.infer<typeof diseaseListEntrySchema>;

// ---------------------------------------------------------------------------------------
// Answers (requirements §3 "Answer formats", design §4)

/** One line of a T or N answer. */
export const textEntrySchema = z.object({ value: z.string(), unit: z.string() });
export type TextEntry = z.infer<typeof textEntrySchema>;
/** T and N answers: a list of lines (at most 5, requirements §5). */
export const textAnswerSchema = z.array(textEntrySchema);
export type TextAnswer = z.infer<typeof textAnswerSchema>;

/** D answer: `value` is an ISO date (YYYY-MM-DD; day 01 when not exact). */
export const dateAnswerSchema = z.object({
  value: z.string(),
  exact: z.boolean(),
  zoneId: z.string(),
});
export type DateAnswer = z.infer<typeof dateAnswerSchema>;

/** H answer, carried as a JSON string `{"cm":170,"ft":5,"inch":6.93}`. */
export const heightSchema = z.object({ cm: z.number(), ft: z.number(), inch: z.number() });
export type Height = z.infer<typeof heightSchema>;

/** W answer, carried as a JSON string `{"kg":70,"lb":154.32}`. */
export const weightSchema = z.object({ kg: z.number(), lb: z.number() });
export type Weight = z.infer<typeof weightSchema>;

/**
 * An answer as it sits in the disclosure document: S/R/C/M an array of option uuids; T/N an
 * array of lines; D a date object; H/W a JSON string.
 */
export const answerValueSchema = z.union([
  z.array(z.string()),
  textAnswerSchema,
  dateAnswerSchema,
  z.string(),
]);
export type AnswerValue = z.infer<typeof answerValueSchema>;

// ---------------------------------------------------------------------------------------
// The disclosure document (design §4)

export const APPLICATION_NUMBER_MAX = 30;
export const MIN_AGE = 18;
export const MAX_IMPAIRMENTS = 50;

/**
 * Whether an age is given and under 18 (requirements §5): such an applicant is offered no
 * condition, and the server refuses a condition list for them. Kept beside MIN_AGE, in the
 * module every screen already loads, so the loading path asks it without the applicant rules.
 */
export function isUnderAge(age: number | null | undefined): boolean {
  return age != null && age < MIN_AGE;
}

export const profileSchema = z
  .object({
    birthDate: z.string().optional(),
    age: z.number().int().min(0).max(150).nullable(),
    gender: genderSchema.nullable(),
    rsmScore: rsmScoreSchema.nullable(),
    height: z.string().optional(),
    weight: z.string().optional(),
    bmi: z.number().optional(),
    smokingStatus: z.string().optional(),
    /** phkl's last-age option: age at last ('last') or next ('next') birthday. */
    ageBasis: z.enum(['last', 'next']).optional(),
  })
  .strict();
export type Profile = z.infer<typeof profileSchema>;

export const recordedAnswerSchema = z
  .object({ questionUuid: z.string().min(1).max(200), answer: answerValueSchema })
  .strict();
export type RecordedAnswer = z.infer<typeof recordedAnswerSchema>;

export const disclosedImpairmentSchema = z
  .object({
    uuid: z.string().min(1).max(200),
    /** The typed name of a self-defined condition; the catalogue name otherwise. */
    name: z.string().max(200),
    selfDefined: z.boolean(),
    answers: z.array(recordedAnswerSchema).max(2000),
    /** Decision per indicator; the server always recomputes it. */
    decision: z.record(z.string(), z.string()).optional(),
  })
  .strict();
export type DisclosedImpairment = z.infer<typeof disclosedImpairmentSchema>;

export const disclosureDocumentSchema = z
  .object({
    schemaVersion: z.literal(1),
    catalogVersion: z.string().max(100),
    profile: profileSchema,
    impairments: z.array(disclosedImpairmentSchema).max(MAX_IMPAIRMENTS),
  })
  .strict();
export type DisclosureDocument = z.infer<typeof disclosureDocumentSchema>;

// ---------------------------------------------------------------------------------------
// Configuration carried by user info (requirements §3)

/** A BMI band within an age band; lower inclusive, upper exclusive (design §8). */
export const bmiBandSchema = z.object({
  lower: z.number(),
  upper: z.number(),
  decision: decisionSchema,
});
export const ruleAgeSchema = z.object({
  lower: z.number().int(),
  upper: z.number().int(),
  gender: z.enum(['Male', 'Female', 'All']),
  bmiList: z.array(bmiBandSchema),
});
export type RuleAge = z.infer<typeof ruleAgeSchema>;

export const indicatorSchema = z.object({ code: indicatorCodeSchema, label: bilingualSchema });
export type Indicator = z.infer<typeof indicatorSchema>;

export const exclusionWordingSchema = z.object({
  code: z.string().regex(/^EX\d+$/),
  wording: bilingualSchema,
});
export type ExclusionWording = z.infer<typeof exclusionWordingSchema>;

export const smokingOptionSchema = z.object({ value: z.string().min(1), label: bilingualSchema });
export type SmokingOption = z.infer<typeof smokingOptionSchema>;
export const smokingListSchema = z.object({
  id: z.enum(['A', 'B']),
  lookbackMonths: z.number().int(),
  options: z.array(smokingOptionSchema).length(5),
});
export type SmokingList = z.infer<typeof smokingListSchema>;

/** A consolidation rule: which indicators are combined into the consolidated decision. */
export const consolidateSchema = z.object({
  indicator: indicatorCodeSchema,
  label: bilingualSchema,
});
export type Consolidate = z.infer<typeof consolidateSchema>;

export const insurerEntrySchema = z.object({
  insurerCode: z.string(),
  channel: z.string(),
  productCode: z.string(),
});
export type InsurerEntry = z.infer<typeof insurerEntrySchema>;

/** User info (requirements §3), answered by GET /api/user/info/get. */
export const userInfoSchema = z.object({
  userName: z.string(),
  role: z.string(),
  insurerCode: z.string(),
  language: languageSchema,
  channel: z.string().optional(),
  productCode: z.string().optional(),
  highLowBmiImpairmentName: z.string(),
  abnormalBmiImpairmentName: z.string(),
  otherImpairment: z.string().optional(),
  smokingQuestion: z.string().optional(),
  indicateList: z.array(indicatorSchema),
  ruleAgeList: z.array(ruleAgeSchema),
  exWordingList: z.array(exclusionWordingSchema),
  consolidateList: z.array(consolidateSchema),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const DEFAULT_HIGH_LOW_BMI_NAME = 'High / Low BMI';
export const DEFAULT_ABNORMAL_BMI_NAME = 'Abnormal BMI';
export const OTHERS_TEMPLATE_UUID = 'other-impairment';

/** User info before it loads (requirements §3). */
export const INITIAL_USER_INFO: UserInfo = {
  userName: '--',
  role: '',
  insurerCode: '',
  language: DEFAULT_LANGUAGE,
  highLowBmiImpairmentName: DEFAULT_HIGH_LOW_BMI_NAME,
  abnormalBmiImpairmentName: DEFAULT_ABNORMAL_BMI_NAME,
  indicateList: [],
  ruleAgeList: [],
  exWordingList: [],
  consolidateList: [],
};

// ---------------------------------------------------------------------------------------
// Disclosure lifecycle (design §4)

export const DISCLOSURE_STATUS = {
  NEW: 1,
  SAVED: 2,
  SUBMITTED: 3,
  VALIDATED: 4,
  REJECTED: 5,
} as const;
export type DisclosureStatus = (typeof DISCLOSURE_STATUS)[keyof typeof DISCLOSURE_STATUS];
export const disclosureActionSchema = z.enum(['create', 'edit', 'view']);
export type DisclosureAction = z.infer<typeof disclosureActionSchema>;

/** Roles (design §3); never shown in the interface. */
export const ROLES = ['agent', 'interviewer', 'underwriter', 'admin'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** Validation result (design §9.2): never throws for bad input. */
export interface Issue {
  code: string;
  path: string;
  params?: Record<string, string | number>;
}
export interface ValidationResult {
  ok: boolean;
  issues: Issue[];
}

// ---------------------------------------------------------------------------------------
// The compiled catalogue (design §6; source format in docs/catalogue.md)

export const productConfigSchema = z.object({
  code: z.string().min(1),
  name: bilingualSchema,
  /** 'all', or the impairment uuids this product offers. */
  impairments: z.union([z.literal('all'), z.array(z.string())]),
});
export const channelConfigSchema = z.object({
  code: z.string().min(1),
  products: z.array(productConfigSchema).min(1),
});
export const insurerConfigSchema = z.object({
  code: z.string().regex(/^[a-z0-9]+$/),
  name: bilingualSchema,
  smokingList: z.enum(['A', 'B']),
  lastAgeOption: z.boolean(),
  printCover: z.boolean(),
  /** The indicator codes this insurer decides on; absent: all the catalogue's (K-13). */
  indicators: z.array(z.string()).min(1).optional(),
  /** The insurer's own wording of some of the catalogue's exclusions (K-13). */
  exclusions: z.array(exclusionWordingSchema).min(1).optional(),
  /** The insurer's BMI rules in place of the catalogue's (K-13). */
  ruleAgeList: z.array(ruleAgeSchema).min(1).optional(),
  channels: z.array(channelConfigSchema).min(1),
});
export type InsurerConfig = z.infer<typeof insurerConfigSchema>;

export const catalogSettingsSchema = z.object({
  highLowBmiImpairmentName: z.string().default(DEFAULT_HIGH_LOW_BMI_NAME),
  abnormalBmiImpairmentName: z.string().default(DEFAULT_ABNORMAL_BMI_NAME),
  otherImpairment: z.string().default(OTHERS_TEMPLATE_UUID),
});

/** A whole catalogue, compiled: impairments flattened into the requirements' Question form. */
export const catalogSchema = z.object({
  notes: z.string(),
  indicators: z.array(indicatorSchema).min(1),
  exclusions: z.array(exclusionWordingSchema),
  ruleAgeList: z.array(ruleAgeSchema),
  smokingLists: z.array(smokingListSchema).length(2),
  settings: catalogSettingsSchema,
  insurers: z.array(insurerConfigSchema).min(1),
  impairments: z.array(impairmentSchema).min(1),
});
export type Catalog = z.infer<typeof catalogSchema>;
