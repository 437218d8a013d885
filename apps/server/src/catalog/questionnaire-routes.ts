import { randomUUID } from 'node:crypto';
import {
  bilingualSchema,
  diseaseListEntrySchema,
  exclusionWordingSchema,
  genderSchema,
  GENDERS,
  impairmentSchema,
  indicatorSchema,
  MIN_AGE,
  questionSchema,
  RSM_SCORES,
  rsmScoreSchema,
  ruleAgeSchema,
  smokingListSchema,
  userInfoSchema,
  type Impairment,
  type UserInfo,
} from '@vmer/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okSchema } from '../http/envelope.ts';
import { HttpError } from '../http/errors.ts';
import { catalogRepository } from './catalog-repository.ts';
import { matchesGender, type CatalogView, type ProductView } from './catalog-view.ts';

const codeSchema = z.string().min(1).max(50);

/** The header selection and applicant a list is asked for (requirements §3 "Disease list request"). */
const selectionSchema = z.object({
  insurerCode: codeSchema,
  channel: codeSchema,
  productCode: codeSchema,
  gender: genderSchema.nullable().optional(),
  /** Under 18 the tool cannot proceed (requirements §5): such a request is refused. */
  age: z.number().int().min(MIN_AGE).max(150).nullable().optional(),
  rsmScore: rsmScoreSchema.nullable().optional(),
});
/** The requirements names `flag` and `param` without saying what they hold: kept, not interpreted. */
const opaqueSchema = z
  .union([z.string().max(200), z.number(), z.boolean()])
  .nullable()
  .optional();

const diseaseListBodySchema = selectionSchema.extend({ flag: opaqueSchema }).strict();
const specialListBodySchema = selectionSchema.extend({ param: opaqueSchema }).strict();

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
    rsmScores: z.array(rsmScoreSchema),
    genders: z.array(genderSchema),
  })
  .meta({ id: 'Questionnaire' });

const diseaseListSchema = z.array(diseaseListEntrySchema);
const diseaseListAnswerSchema = z
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

/**
 * `?catalogVersion=N`: the catalogue version a disclosure was answered on, so that a disclosure
 * reopened after another version was activated reads its own version's conditions and questions.
 * Without it the active version answers.
 */
const versionQuerySchema = z
  .object({
    catalogVersion: z
      .string()
      .regex(/^[1-9]\d{0,8}$/, 'field_format')
      .optional()
      .meta({ description: 'A catalogue version number; the active version when left out' }),
  })
  .strict();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The product the caller asked for, if it is one of their insurers'; 404 otherwise (design §3). */
function callerProduct(
  view: CatalogView,
  insurers: readonly string[],
  selection: z.infer<typeof selectionSchema>,
): ProductView {
  const product = view.product(selection.insurerCode, selection.channel, selection.productCode);
  if (!product || !insurers.includes(product.insurer.code)) throw new HttpError(404, 'not_found');
  return product;
}

function forApplicant(impairment: Impairment | null, selection: z.infer<typeof selectionSchema>) {
  return impairment && matchesGender(impairment, selection.gender) ? impairment : null;
}

/**
 * What the questionnaire screen reads from the catalogue (requirements §7): user info, the insurer
 * list, the questionnaire summary, disease lists and question lists, all within the caller's
 * insurers, from the active version held in memory or from the version a disclosure names.
 */
export const questionnaireRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = catalogRepository(app.db);

  /** The version asked for, or the active one; 404 naming the version when there is none. */
  async function viewFor(query: z.infer<typeof versionQuerySchema>): Promise<CatalogView> {
    const { catalogVersion } = query;
    if (catalogVersion === undefined) return app.catalog.active();
    const view = await app.catalog.version(catalogVersion);
    if (!view) {
      throw new HttpError(404, {
        key: 'catalog_version_not_found',
        params: { version: catalogVersion },
      });
    }
    return view;
  }

  app.get(
    '/user/info/get',
    {
      schema: {
        summary: "The caller's user info, for their first insurer",
        tags: ['catalogue'],
        response: { 200: okSchema(userInfoBodySchema) },
      },
    },
    async (request) => {
      const { user } = request;
      const { catalog } = await app.catalog.active();
      const insurerCode = user.insurers[0] ?? '';
      const insurer = catalog.insurers.find((candidate) => candidate.code === insurerCode);
      const channel = insurer?.channels[0];
      const smokingQuestions = catalog.impairments.flatMap((i) => i.smokingQuestionUuid ?? []);
      const info: UserInfo & { smokingLists: typeof catalog.smokingLists } = {
        userName: user.userName,
        role: user.role,
        insurerCode,
        language: user.language,
        ...(channel ? { channel: channel.code, productCode: channel.products[0]?.code ?? '' } : {}),
        highLowBmiImpairmentName: catalog.settings.highLowBmiImpairmentName,
        abnormalBmiImpairmentName: catalog.settings.abnormalBmiImpairmentName,
        otherImpairment: catalog.settings.otherImpairment,
        ...(smokingQuestions.length > 0 ? { smokingQuestion: smokingQuestions.join(',') } : {}),
        indicateList: catalog.indicators,
        ruleAgeList: catalog.ruleAgeList,
        exWordingList: catalog.exclusions,
        consolidateList: catalog.indicators.map(({ code, label }) => ({ indicator: code, label })),
        smokingLists: catalog.smokingLists,
      };
      return ok(info);
    },
  );

  app.get(
    '/insurer/list',
    {
      schema: {
        summary: "Every insurer × channel × product of the caller's insurers",
        tags: ['catalogue'],
        response: { 200: okSchema(z.array(insurerListEntrySchema)) },
      },
    },
    async (request) => {
      const { catalog } = await app.catalog.active();
      const entries = request.user.insurers.flatMap((code) => {
        const insurer = catalog.insurers.find((candidate) => candidate.code === code);
        if (!insurer) return [];
        return insurer.channels.flatMap((channel) =>
          channel.products.map((product) => ({
            insurerCode: insurer.code,
            channel: channel.code,
            productCode: product.code,
            insurerName: insurer.name,
            productName: product.name,
            smokingList: insurer.smokingList,
            lastAgeOption: insurer.lastAgeOption,
            printCover: insurer.printCover,
          })),
        );
      });
      return ok(entries);
    },
  );

  app.get(
    '/questionnaire/get',
    {
      schema: {
        summary:
          'The active catalogue (or the version asked for): version, indicators, exclusions, BMI rules, settings, smoking lists',
        tags: ['catalogue'],
        querystring: versionQuerySchema,
        response: { 200: okSchema(questionnaireSchema) },
      },
    },
    async (request) => {
      const { version, catalog } = await viewFor(request.query);
      return ok({
        version,
        notes: catalog.notes,
        indicators: catalog.indicators,
        exclusions: catalog.exclusions,
        ruleAgeList: catalog.ruleAgeList,
        settings: catalog.settings,
        smokingLists: catalog.smokingLists,
        rsmScores: [...RSM_SCORES],
        genders: [...GENDERS],
      });
    },
  );

  app.post(
    '/disease/list',
    {
      schema: {
        summary: 'The conditions a product offers an applicant; stored as a questionnaire instance',
        tags: ['catalogue'],
        body: diseaseListBodySchema,
        querystring: versionQuerySchema,
        response: { 200: okSchema(diseaseListAnswerSchema) },
      },
    },
    async (request) => {
      const view = await viewFor(request.query);
      const selection = request.body;
      const product = callerProduct(view, request.user.insurers, selection);
      const diseaseList = product.offered
        .filter((impairment) => matchesGender(impairment, selection.gender))
        .map((impairment) => view.entry(impairment));
      const instance = randomUUID();
      await repository.insertInstance({
        id: instance,
        subject: request.user.subject,
        insurerCode: product.insurer.code,
        channel: product.channel,
        productCode: product.product.code,
        catalogVersion: Number(view.version),
        request: selection,
        diseaseList,
      });
      return ok({ instance, diseaseList });
    },
  );

  app.get(
    '/disease/list/:id',
    {
      schema: {
        summary: 'The disease list of a questionnaire instance',
        tags: ['catalogue'],
        params: z.object({ id: z.string().max(100) }),
        response: { 200: okSchema(diseaseListSchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const found = UUID.test(id) ? await repository.findInstance(request.user, id) : undefined;
      if (!found) throw new HttpError(404, 'not_found');
      return ok(diseaseListSchema.parse(found.diseaseList));
    },
  );

  app.get(
    '/question/:uuid',
    {
      schema: {
        summary: "An impairment's questions, flattened (requirements §3 Question)",
        tags: ['catalogue'],
        params: z.object({ uuid: z.string().max(200) }),
        querystring: versionQuerySchema,
        response: { 200: okSchema(z.array(questionSchema)) },
      },
    },
    async (request) => {
      const view = await viewFor(request.query);
      const { uuid } = request.params;
      const impairment = view.impairment(uuid);
      if (!impairment || !view.offeredTo(request.user.insurers, uuid))
        throw new HttpError(404, 'not_found');
      return ok(impairment.questionList);
    },
  );

  app.post(
    '/disease/special/list',
    {
      schema: {
        summary: 'The special conditions: High / Low BMI, Abnormal BMI and the Others template',
        tags: ['catalogue'],
        body: specialListBodySchema,
        querystring: versionQuerySchema,
        response: { 200: okSchema(specialListSchema) },
      },
    },
    async (request) => {
      const view = await viewFor(request.query);
      const selection = request.body;
      callerProduct(view, request.user.insurers, selection);
      return ok({
        highLowBmi: forApplicant(view.specials.highLowBmi, selection),
        abnormalBmi: forApplicant(view.specials.abnormalBmi, selection),
        others: forApplicant(view.specials.others, selection),
      });
    },
  );
};
