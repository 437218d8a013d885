/**
 * A disclosure as an HL7 FHIR R4 QuestionnaireResponse to the Questionnaire of its catalogue
 * version (requirements N-05, design §13): one group per disclosed condition, the answered
 * questions with their answers, each condition's decision per indicator and the catalogue
 * version as the product's extensions. It carries the stored document (whose decisions the
 * server computed) and nothing else of the disclosure besides its id, request id and status.
 */
import type { Extension, QuestionnaireResponse, QuestionnaireResponseItem } from 'fhir/r4.js';
import { catalogSource, resolveImpairment } from '../disclosure.ts';
import {
  DISCLOSURE_STATUS,
  type Catalog,
  type DisclosedImpairment,
  type DisclosureDocument,
  type DisclosureStatus,
} from '../model.ts';
import { htmlToText } from '../plain-text.ts';
import { fhirUrls, stringExtension, type FhirUrls } from './common.ts';
import { fhirItemType } from './item-types.ts';

/**
 * The response's status by the disclosure's (design §4): submitted and validated disclosures
 * are complete; a new one, a draft and one returned for correction are still being answered.
 */
export const RESPONSE_STATUS: Readonly<Record<DisclosureStatus, QuestionnaireResponse['status']>> =
  {
    [DISCLOSURE_STATUS.NEW]: 'in-progress',
    [DISCLOSURE_STATUS.SAVED]: 'in-progress',
    [DISCLOSURE_STATUS.SUBMITTED]: 'completed',
    [DISCLOSURE_STATUS.VALIDATED]: 'completed',
    [DISCLOSURE_STATUS.REJECTED]: 'in-progress',
  };

/** The disclosure's own status, as the product's disclosure-status extension codes it. */
export const DISCLOSURE_STATUS_CODES: Readonly<Record<DisclosureStatus, string>> = {
  [DISCLOSURE_STATUS.NEW]: 'new',
  [DISCLOSURE_STATUS.SAVED]: 'saved',
  [DISCLOSURE_STATUS.SUBMITTED]: 'submitted',
  [DISCLOSURE_STATUS.VALIDATED]: 'validated',
  [DISCLOSURE_STATUS.REJECTED]: 'rejected',
};

export interface ResponseInput {
  /** The disclosure's id, the resource's id. */
  id: string;
  /** The request the disclosure answers, given as the response's identifier. */
  requestId: string;
  status: DisclosureStatus;
  /** The stored document, on the catalogue version `catalog` is. */
  document: DisclosureDocument;
  catalog: Catalog;
  /** The deployment's public URL (`PUBLIC_URL`). */
  publicUrl: string;
}

/** A condition's decision per indicator, in the catalogue's indicator order. */
function decisionExtensions(
  entry: DisclosedImpairment,
  catalog: Catalog,
  urls: FhirUrls,
): Extension[] {
  const decision = entry.decision ?? {};
  return catalog.indicators.flatMap(({ code }) => {
    const value = decision[code];
    return value === undefined
      ? []
      : [
          {
            url: urls.decision,
            extension: [
              { url: 'indicator', valueCode: code },
              { url: 'value', valueString: value },
            ],
          },
        ];
  });
}

function conditionItem(
  entry: DisclosedImpairment,
  catalog: Catalog,
  urls: FhirUrls,
): QuestionnaireResponseItem | undefined {
  const impairment = resolveImpairment(entry, catalogSource(catalog));
  if (!impairment) return undefined;
  const answers = new Map(entry.answers.map(({ questionUuid, answer }) => [questionUuid, answer]));
  const items = impairment.questionList.flatMap((question): QuestionnaireResponseItem[] => {
    if (!answers.has(question.uuid)) return [];
    const answer = fhirItemType(question).answers(question, answers.get(question.uuid), urls);
    if (answer.length === 0) return [];
    return [{ linkId: question.uuid, text: htmlToText(question.question.en), answer }];
  });
  const extension = [
    ...(entry.selfDefined ? [stringExtension(urls.conditionName, entry.name)] : []),
    ...decisionExtensions(entry, catalog, urls),
  ];
  return {
    linkId: entry.selfDefined ? catalog.settings.otherImpairment : entry.uuid,
    text: entry.selfDefined
      ? (catalog.impairments.find((i) => i.uuid === catalog.settings.otherImpairment)?.name.en ??
        entry.name)
      : impairment.name.en,
    ...(extension.length > 0 ? { extension } : {}),
    ...(items.length > 0 ? { item: items } : {}),
  };
}

/** A disclosure as a FHIR R4 QuestionnaireResponse to its catalogue version's Questionnaire. */
export function disclosureQuestionnaireResponse(input: ResponseInput): QuestionnaireResponse {
  const { document, catalog } = input;
  const urls = fhirUrls(input.publicUrl);
  const items = document.impairments.flatMap((entry) => conditionItem(entry, catalog, urls) ?? []);
  return {
    resourceType: 'QuestionnaireResponse',
    id: input.id,
    language: 'en',
    extension: [
      stringExtension(urls.catalogueVersion, document.catalogVersion),
      { url: urls.disclosureStatus, valueCode: DISCLOSURE_STATUS_CODES[input.status] },
    ],
    identifier: { system: urls.requestId, value: input.requestId },
    questionnaire: `${urls.questionnaire}|${document.catalogVersion}`,
    status: RESPONSE_STATUS[input.status],
    ...(items.length > 0 ? { item: items } : {}),
  };
}
