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
import type {
  ApiResponse,
  ApiRoutes,
  selectionSchema,
  specialListBodySchema,
  diseaseListBodySchema,
  versionQuerySchema,
} from '@vmer/domain/api';
import { matchesGender } from '@vmer/domain/impairments';
import type { z } from 'zod';
import type { AuthUser } from '../auth/authenticate.ts';
import { HttpError } from '../http/errors.ts';
import type { catalogRepository } from './catalog-repository.ts';
import type { CatalogService } from './catalog-service.ts';
import type { CatalogView, ProductView } from './catalog-view.ts';

/** The caller a catalogue read is scoped to. */
export type CatalogueReader = Pick<AuthUser, 'subject' | 'userName' | 'role' | 'insurers' | 'language'>;

type Answer<Name extends keyof ApiRoutes> = ApiResponse<ApiRoutes[Name]>;
type VersionQuery = z.infer<typeof versionQuerySchema>;

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
 * insurers, from the active version held in memory or from the version a disclosure names. The
 * one owner of each answer: its own route and the opening of a disclosure both answer with it.
 */
export function catalogueReads(catalog: CatalogService, repository: ReturnType<typeof catalogRepository>) {
  /** The version asked for, or the active one; 404 naming the version when there is none. */
  async function viewFor(query: VersionQuery): Promise<CatalogView> {
    const { catalogVersion } = query;
    if (catalogVersion === undefined) return catalog.active();
    const view = await catalog.version(catalogVersion);
    if (!view) {
      throw new HttpError(404, {
        key: 'catalog_version_not_found',
        params: { version: catalogVersion },
      });
    }
    return view;
  }

  return {
    viewFor,

    async userInfo(user: CatalogueReader): Promise<Answer<'userInfo'>> {
      const { catalog: active } = await catalog.active();
      const insurerCode = user.insurers[0] ?? '';
      const insurer = active.insurers.find((candidate) => candidate.code === insurerCode);
      const channel = insurer?.channels[0];
      const indicators = insurerIndicators(active, insurerCode);
      const smokingQuestions = active.impairments.flatMap((i) => i.smokingQuestionUuid ?? []);
      const info: UserInfo & { smokingLists: typeof active.smokingLists } = {
        userName: user.userName,
        role: user.role,
        insurerCode,
        language: user.language,
        ...(channel ? { channel: channel.code, productCode: channel.products[0]?.code ?? '' } : {}),
        highLowBmiImpairmentName: active.settings.highLowBmiImpairmentName,
        abnormalBmiImpairmentName: active.settings.abnormalBmiImpairmentName,
        otherImpairment: active.settings.otherImpairment,
        ...(smokingQuestions.length > 0 ? { smokingQuestion: smokingQuestions.join(',') } : {}),
        indicateList: indicators,
        ruleAgeList: insurerBmiRules(active, insurerCode),
        exWordingList: insurerExclusions(active, insurerCode),
        consolidateList: indicators.map(({ code, label }) => ({ indicator: code, label })),
        smokingLists: active.smokingLists,
      };
      return info;
    },

    async insurerList(user: CatalogueReader): Promise<Answer<'insurerList'>> {
      const { catalog: active } = await catalog.active();
      return user.insurers.flatMap((code) => {
        const insurer = active.insurers.find((candidate) => candidate.code === code);
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
    },

    async questionnaire(user: CatalogueReader, query: VersionQuery): Promise<Answer<'questionnaire'>> {
      const { version, catalog: read } = await viewFor(query);
      return {
        version,
        notes: read.notes,
        indicators: read.indicators,
        exclusions: read.exclusions,
        ruleAgeList: read.ruleAgeList,
        settings: read.settings,
        smokingLists: read.smokingLists,
        insurers: user.insurers.map((code) => ({
          code,
          indicators: insurerIndicators(read, code).map((indicator) => indicator.code),
          exclusions: insurerExclusions(read, code),
          ruleAgeList: insurerBmiRules(read, code),
        })),
        rsmScores: [...RSM_SCORES],
        genders: [...GENDERS],
      };
    },

    /** The product's conditions for the applicant, stored as a questionnaire instance. */
    async diseaseList(
      user: CatalogueReader,
      selection: z.infer<typeof diseaseListBodySchema>,
      query: VersionQuery,
    ): Promise<Answer<'diseaseList'>> {
      const view = await viewFor(query);
      const product = callerProduct(view, user.insurers, selection);
      const diseaseList = product.offered
        .filter((impairment) => matchesGender(impairment, selection.gender))
        .map((impairment) => view.entry(impairment));
      const instance = randomUUID();
      await repository.insertInstance({
        id: instance,
        subject: user.subject,
        insurerCode: product.insurer.code,
        channel: product.channel,
        productCode: product.product.code,
        catalogVersion: Number(view.version),
        request: selection,
        diseaseList,
      });
      return { instance, diseaseList };
    },

    async questions(
      user: CatalogueReader,
      uuid: string,
      query: VersionQuery,
    ): Promise<Answer<'questions'>> {
      const view = await viewFor(query);
      const impairment = view.impairment(uuid);
      if (!impairment || !view.offeredTo(user.insurers, uuid)) throw new HttpError(404, 'not_found');
      return impairment.questionList;
    },

    async specialList(
      user: CatalogueReader,
      selection: z.infer<typeof specialListBodySchema>,
      query: VersionQuery,
    ): Promise<Answer<'specialList'>> {
      const view = await viewFor(query);
      callerProduct(view, user.insurers, selection);
      return {
        highLowBmi: forApplicant(view.specials.highLowBmi, selection),
        abnormalBmi: forApplicant(view.specials.abnormalBmi, selection),
        others: forApplicant(view.specials.others, selection),
      };
    },
  };
}

export type CatalogueReads = ReturnType<typeof catalogueReads>;
