import { randomUUID } from 'node:crypto';
import {
  GENDERS,
  insurerBmiRules,
  insurerExclusions,
  insurerIndicators,
  RSM_SCORES,
  type Impairment,
  type UserInfo,
} from '@vmer/domain';
import {
  apiRoutes,
  diseaseListSchema,
  ok,
  type selectionSchema,
  type versionQuerySchema,
} from '@vmer/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { fromContract } from '../http/contract-route.ts';
import { HttpError } from '../http/errors.ts';
import { matchesGender } from '@vmer/domain/impairments';
import type { CatalogView, ProductView } from './catalog-view.ts';

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
  const repository = app.repositories.catalog;

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

  app.route({
    ...fromContract(apiRoutes.userInfo),
    handler: async (request) => {
      const { user } = request;
      const { catalog } = await app.catalog.active();
      const insurerCode = user.insurers[0] ?? '';
      const insurer = catalog.insurers.find((candidate) => candidate.code === insurerCode);
      const channel = insurer?.channels[0];
      const indicators = insurerIndicators(catalog, insurerCode);
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
        indicateList: indicators,
        ruleAgeList: insurerBmiRules(catalog, insurerCode),
        exWordingList: insurerExclusions(catalog, insurerCode),
        consolidateList: indicators.map(({ code, label }) => ({ indicator: code, label })),
        smokingLists: catalog.smokingLists,
      };
      return ok(info);
    },
  });

  app.route({
    ...fromContract(apiRoutes.insurerList),
    handler: async (request) => {
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
  });

  app.route({
    ...fromContract(apiRoutes.questionnaire),
    handler: async (request) => {
      const { version, catalog } = await viewFor(request.query);
      return ok({
        version,
        notes: catalog.notes,
        indicators: catalog.indicators,
        exclusions: catalog.exclusions,
        ruleAgeList: catalog.ruleAgeList,
        settings: catalog.settings,
        smokingLists: catalog.smokingLists,
        insurers: request.user.insurers.map((code) => ({
          code,
          indicators: insurerIndicators(catalog, code).map((indicator) => indicator.code),
          exclusions: insurerExclusions(catalog, code),
          ruleAgeList: insurerBmiRules(catalog, code),
        })),
        rsmScores: [...RSM_SCORES],
        genders: [...GENDERS],
      });
    },
  });

  app.route({
    ...fromContract(apiRoutes.diseaseList),
    handler: async (request) => {
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
  });

  app.route({
    ...fromContract(apiRoutes.instanceDiseaseList),
    handler: async (request) => {
      const { id } = request.params;
      const found = UUID.test(id) ? await repository.findInstance(request.user, id) : undefined;
      if (!found) throw new HttpError(404, 'not_found');
      return ok(diseaseListSchema.parse(found.diseaseList));
    },
  });

  app.route({
    ...fromContract(apiRoutes.questions),
    handler: async (request) => {
      const view = await viewFor(request.query);
      const { uuid } = request.params;
      const impairment = view.impairment(uuid);
      if (!impairment || !view.offeredTo(request.user.insurers, uuid))
        throw new HttpError(404, 'not_found');
      return ok(impairment.questionList);
    },
  });

  app.route({
    ...fromContract(apiRoutes.specialList),
    handler: async (request) => {
      const view = await viewFor(request.query);
      const selection = request.body;
      callerProduct(view, request.user.insurers, selection);
      return ok({
        highLowBmi: forApplicant(view.specials.highLowBmi, selection),
        abnormalBmi: forApplicant(view.specials.abnormalBmi, selection),
        others: forApplicant(view.specials.others, selection),
      });
    },
  });
};
